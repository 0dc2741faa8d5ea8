import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowser, removeBrowser } from '../../../tests/support/browser.ts';
import type { MarginOrder, MarginProperty } from '../../../isomorphic/contract/margin.ts';

/**
 * A loopback API whose answers the test releases by hand: the margin actions' calls are checked as they go over
 * a real socket (method, path with its segment, query and body), and what they load again after a change.
 */
interface Held {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  answer(data: unknown, code?: number, msg?: string): void;
}
let server: Server;
const held: Held[] = [];
const waiters: Array<() => void> = [];

function reply(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function nextRequest(): Promise<Held> {
  while (!held.length) await new Promise<void>((resolve) => waiters.push(resolve));
  return held.shift()!;
}

let actions: typeof import('./actions.ts');
let orders: typeof import('./orders.ts');
let account: typeof import('./account.ts');

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      held.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
        answer: (data, code = 200, msg = 'success') => reply(res, { code, msg, data }),
      });
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await installBrowser({ apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lang: 'en' });
  actions = await import('./actions.ts');
  orders = await import('./orders.ts');
  account = await import('./account.ts');
});
afterAll(async () => {
  removeBrowser();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  held.length = 0;
});

const emptyProperty = { cross: { mode: 'cross', lines: [] }, isolated: [], pairs: [] } as unknown as MarginProperty;

/** Answers the accounts' reload every change ends with. */
async function answerReload(): Promise<void> {
  const reload = await nextRequest();
  expect(reload.path).toBe('/api/app/coin/marginProperty');
  reload.answer(emptyProperty);
}

describe('the loan calls', () => {
  it('borrow on the cross account under `all`, then load the accounts again', async () => {
    const done = actions.borrow({ mode: 'cross', symbol: 'btcusdt' }, 'USDT', '100');
    const r = await nextRequest();
    expect([r.method, r.path, r.body]).toEqual([
      'POST',
      '/api/app/coin/wallet/all/borrow',
      { coin: 'USDT', amount: '100' },
    ]);
    r.answer({ coin: 'USDT', amount: '100', interest: '0', principal: '0', account: emptyProperty.cross });
    await answerReload();
    expect((await done).amount).toBe('100');
    expect(account.$marginProperty.get().property).toEqual(emptyProperty);
  });

  it('repay an isolated pair under `fixed` with its symbol', async () => {
    const done = actions.repay({ mode: 'isolated', symbol: 'btcusdt' }, 'BTC', '0.5');
    const r = await nextRequest();
    expect([r.path, r.body]).toEqual([
      '/api/app/coin/wallet/fixed/still',
      { coin: 'BTC', amount: '0.5', symbol: 'btcusdt' },
    ]);
    r.answer({ coin: 'BTC', amount: '0.5', interest: '0.001', principal: '0.499', account: emptyProperty.cross });
    await answerReload();
    expect((await done).principal).toBe('0.499');
  });

  it('asks what may be borrowed and previews a borrow without showing a toast (the dialog shows refusals)', async () => {
    const max = actions.canBorrow({ mode: 'isolated', symbol: 'ethusdt' }, 'ETH');
    const r = await nextRequest();
    expect([r.method, r.path, r.query]).toEqual([
      'GET',
      '/api/app/coin/wallet/fixed/getCanborrow',
      { coin: 'ETH', symbol: 'ethusdt' },
    ]);
    r.answer({ coin: 'ETH', max: '2' });
    expect((await max).max).toBe('2');
    const preview = actions.previewBorrow({ mode: 'cross' }, 'USDT', '5');
    const p = await nextRequest();
    expect([p.path, p.body]).toEqual(['/api/app/coin/wallet/all/preborrow', { coin: 'USDT', amount: '5' }]);
    p.answer(null, 4206, 'You can borrow at most 1 USDT now');
    await expect(preview).rejects.toThrow('You can borrow at most 1 USDT now');
  });

  it('moves coins in and out with the account named in the body', async () => {
    const done = actions.transferMargin({ mode: 'isolated', symbol: 'btcusdt' }, 'USDT', '10', 'out');
    const r = await nextRequest();
    expect([r.path, r.body]).toEqual([
      '/api/margin/transfer',
      { mode: 'isolated', symbol: 'btcusdt', coin: 'USDT', amount: '10', direction: 'out' },
    ]);
    r.answer({ coin: 'USDT', amount: '10', direction: 'out', account: emptyProperty.cross });
    await answerReload();
    await done;
  });

  it('sets an isolated pair leverage', async () => {
    const done = actions.setIsolatedLeverage('btcusdt', 7);
    const r = await nextRequest();
    expect([r.path, r.body]).toEqual(['/api/app/coin/fixed/updateLeverageRadio', { symbol: 'btcusdt', leverage: 7 }]);
    r.answer(emptyProperty.cross);
    await answerReload();
    await done;
  });
});

const order = (id: number): MarginOrder =>
  ({ id, symbol: 'btcusdt', symbol_name: 'BTC/USDT', mode: 'cross', status: 'open' }) as MarginOrder;
const page = (records: MarginOrder[], total = records.length, p = 1) => ({ total, page: p, size: 15, records });

describe('the margin order lists', () => {
  it('ask for one account kind, state and pair a page at a time', async () => {
    const loading = orders.loadMarginOrders({ mode: 'isolated', state: 'open', symbol: 'btcusdt' });
    expect(orders.$marginOrders.get()).toMatchObject({ mode: 'isolated', state: 'open', status: 'loading' });
    const r = await nextRequest();
    expect([r.path, r.query]).toEqual([
      '/api/margin/order/list',
      { mode: 'isolated', state: 'open', symbol: 'btcusdt', page: '1', size: '15' },
    ]);
    r.answer(page([order(1)], 20));
    await loading;
    expect(orders.$marginOrders.get()).toMatchObject({
      mode: 'isolated',
      symbol: 'btcusdt',
      total: 20,
      status: 'ready',
    });
  });

  it('show only the latest answer, and go back a page when the one shown has emptied', async () => {
    const first = orders.loadMarginOrders({ mode: 'cross', state: 'open' });
    const firstRequest = await nextRequest();
    const second = orders.loadMarginOrders({ mode: 'cross', state: 'history' }, 3);
    (await nextRequest()).answer(page([], 16, 3));
    const back = await nextRequest();
    expect(back.query).toMatchObject({ state: 'history', page: '2' });
    back.answer(page([order(9)], 16, 2));
    await second;
    firstRequest.answer(page([order(1)]));
    await first;
    expect(orders.$marginOrders.get()).toMatchObject({
      state: 'history',
      page: 2,
      status: 'ready',
      records: [expect.objectContaining({ id: 9 })],
    });
  });

  it('place an order on the margin endpoint and cancel with the spot cancel, then load accounts and list again', async () => {
    const placed = orders.submitMarginOrder({
      mode: 'cross',
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '1',
      quantity: '1',
      autoBorrow: true,
      autoRepay: false,
    });
    const r = await nextRequest();
    expect([r.path, r.body]).toEqual([
      '/api/margin/order/submit',
      {
        mode: 'cross',
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '1',
        quantity: '1',
        autoBorrow: true,
        autoRepay: false,
      },
    ]);
    r.answer(order(5));
    const after = [await nextRequest(), await nextRequest()];
    expect(after.map((x) => x.path).sort()).toEqual(['/api/app/coin/marginProperty', '/api/margin/order/list']);
    after.forEach((x) => x.answer(x.path.endsWith('list') ? page([order(5)]) : emptyProperty));
    expect((await placed).id).toBe(5);

    const cancelled = orders.cancelMarginOrder(5);
    const c = await nextRequest();
    expect([c.method, c.path, c.query]).toEqual(['POST', '/api/currency/order/cancelOrder', { id: '5' }]);
    c.answer(order(5));
    const again = [await nextRequest(), await nextRequest()];
    again.forEach((x) => x.answer(x.path.endsWith('list') ? page([order(6)]) : emptyProperty));
    await cancelled;
  });
});
