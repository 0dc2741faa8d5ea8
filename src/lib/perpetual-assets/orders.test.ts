import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowser, removeBrowser } from '../../../tests/support/browser.ts';
import { until } from '../../../tests/support/until.ts';
import type { PerpAccount, PerpOrder } from '../../../isomorphic/contract/perpetual.ts';

/**
 * A loopback API whose answers the test releases by hand, so the order in which answers arrive (an old tab's
 * after a new tab's) is the test's to choose.
 */
interface Held {
  path: string;
  query: Record<string, string>;
  answer(data: unknown, code?: number, msg?: string): void;
}
let server: Server;
let base = '';
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

let orders: typeof import('./orders.ts');
let accounts: typeof import('./accounts.ts');

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      held.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        answer: (data, code = 200, msg = 'success') => reply(res, { code, msg, data }),
      });
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await installBrowser({ apiBase: base, lang: 'en' });
  orders = await import('./orders.ts');
  accounts = await import('./accounts.ts');
});
afterAll(async () => {
  removeBrowser();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  held.length = 0;
});

const order = (id: number, status: PerpOrder['status'] = 'open'): PerpOrder => ({
  id,
  symbol: 'btcusdt_perp',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  price: '50000.0',
  quantity: '0.010',
  filledQty: '0.000',
  avgPrice: null,
  fee: '0',
  margin: '50.00000000',
  marginMode: 'cross',
  leverage: 10,
  reduceOnly: false,
  source: 'user',
  status,
  realizedPnl: '0',
  marginAsset: 'USDT',
  createdAt: 1,
  updatedAt: 1,
});
const page = (records: PerpOrder[], total = records.length, p = 1) => ({ total, page: p, size: 15, records });

describe('the order centre lists', () => {
  it('asks for one kind and state a page at a time, and counts the open orders of that kind', async () => {
    const loading = orders.loadPerpOrders('usdt', 'open', 1);
    expect(orders.$perpOrders.get()).toMatchObject({ kind: 'usdt', state: 'open', status: 'loading' });
    const r = await nextRequest();
    expect(r.path).toBe('/api/contract/order/list');
    expect(r.query).toEqual({ kind: 'usdt', state: 'open', page: '1', size: '15' });
    r.answer(page([order(1), order(2)], 17));
    await loading;
    expect(orders.$perpOrders.get()).toMatchObject({
      kind: 'usdt',
      state: 'open',
      page: 1,
      total: 17,
      status: 'ready',
    });
    expect(orders.$perpOrders.get().records.map((o) => o.id)).toEqual([1, 2]);
    expect(orders.$perpOpenTotals.get().usdt).toBe(17);
  });

  it('shows only the answer to the latest request when an older one arrives after it', async () => {
    const first = orders.loadPerpOrders('usdt', 'open', 1);
    const firstRequest = await nextRequest();
    const second = orders.loadPerpOrders('coin', 'history', 1);
    const secondRequest = await nextRequest();
    expect(secondRequest.query).toMatchObject({ kind: 'coin', state: 'history' });
    secondRequest.answer(page([order(9, 'filled')]));
    await second;
    firstRequest.answer(page([order(1)]));
    await first;
    expect(orders.$perpOrders.get()).toMatchObject({ kind: 'coin', state: 'history', status: 'ready' });
    expect(orders.$perpOrders.get().records.map((o) => o.id)).toEqual([9]);
  });

  it('goes back a page when the page shown has emptied (its last order was cancelled)', async () => {
    const loading = orders.loadPerpOrders('usdt', 'open', 3);
    (await nextRequest()).answer(page([], 16, 3));
    const back = await nextRequest();
    expect(back.query).toMatchObject({ page: '2' });
    back.answer(page([order(16)], 16, 2));
    await loading;
    expect(orders.$perpOrders.get()).toMatchObject({ page: 2, total: 16, status: 'ready' });
  });

  it('marks a failed load so the screen can offer a retry', async () => {
    const loading = orders.loadPerpOrders('coin', 'open', 1);
    (await nextRequest()).answer(null, 500, 'boom');
    await expect(loading).rejects.toThrow('boom');
    expect(orders.$perpOrders.get()).toMatchObject({ kind: 'coin', state: 'open', status: 'error' });
  });

  it('a quiet reload that fails keeps the list that is shown', async () => {
    const loading = orders.loadPerpOrders('usdt', 'open', 1);
    (await nextRequest()).answer(page([order(3)]));
    await loading;
    const again = orders.reloadPerpOrders({ quiet: true });
    expect(orders.$perpOrders.get().status).toBe('ready');
    (await nextRequest()).answer(null, 500, 'later');
    await expect(again).rejects.toThrow();
    expect(orders.$perpOrders.get()).toMatchObject({ status: 'ready', records: [expect.objectContaining({ id: 3 })] });
  });

  it('cancels by id, then loads the list on screen again', async () => {
    const loading = orders.loadPerpOrders('usdt', 'open', 1);
    (await nextRequest()).answer(page([order(5), order(6)]));
    await loading;
    const cancelling = orders.cancelPerpOrder(5);
    const cancel = await nextRequest();
    expect(cancel).toMatchObject({ path: '/api/contract/order/canCelOrder', query: { id: '5' } });
    cancel.answer(order(5, 'cancelled'));
    const reload = await nextRequest();
    expect(reload.query).toMatchObject({ kind: 'usdt', state: 'open', page: '1' });
    reload.answer(page([order(6)]));
    await expect(cancelling).resolves.toMatchObject({ id: 5, status: 'cancelled' });
    expect(orders.$perpOrders.get().records.map((o) => o.id)).toEqual([6]);
    expect(orders.$perpOpenTotals.get().usdt).toBe(1);
  });

  it('lists liquidations of one kind', async () => {
    const loading = orders.loadLiquidations('coin');
    const r = await nextRequest();
    expect(r).toMatchObject({ path: '/api/perpetual/liquidations', query: { kind: 'coin' } });
    r.answer([
      {
        id: 1,
        symbol: 'btcusd_perp',
        side: 'long',
        kind: 'liquidation',
        quantity: '10',
        price: '50000.0',
        markPrice: '49990.0',
        fee: '0.0001',
        createdAt: 1,
      },
    ]);
    await loading;
    expect(orders.$liquidations.get()).toMatchObject({
      kind: 'coin',
      status: 'ready',
      records: [expect.objectContaining({ id: 1 })],
    });
  });

  it('a table asks for its list when it starts showing it, again each time it is shown anew', async () => {
    const shown = orders.perpOrdersStore('coin', 'history');
    let off = shown.listen(() => {});
    const r = await nextRequest();
    expect(r.query).toEqual({ kind: 'coin', state: 'history', page: '1', size: '15' });
    r.answer(page([order(7, 'filled')]));
    await until(() => shown.get().status === 'ready');
    expect(shown.get()).toMatchObject({
      kind: 'coin',
      state: 'history',
      records: [expect.objectContaining({ id: 7 })],
    });
    off();
    // Shown again at once (a quick switch of tabs back): asked again, not left to the store's unmount delay.
    off = shown.listen(() => {});
    const again = await nextRequest();
    expect(again.query).toMatchObject({ kind: 'coin', state: 'history', page: '1' });
    again.answer(page([order(7, 'filled')]));
    off();
    const liquidations = orders.liquidationsStore('usdt');
    const offLiquidations = liquidations.listen(() => {});
    const asked = await nextRequest();
    expect(asked).toMatchObject({ path: '/api/perpetual/liquidations', query: { kind: 'usdt' } });
    asked.answer([]);
    await until(() => liquidations.get().status === 'ready');
    offLiquidations();
  });

  it('asks for the contracts once', async () => {
    const first = orders.loadPerpContracts();
    const r = await nextRequest();
    expect(r.path).toBe('/api/app/coin/open/getContract');
    r.answer([{ symbol: 'btcusdt_perp', priceScale: 1, qtyScale: 3 }]);
    await first;
    await expect(orders.loadPerpContracts()).resolves.toHaveLength(1);
    expect(held).toHaveLength(0);
  });
});

describe('the contract assets', () => {
  const acc = (asset: string, kind: 'usdt' | 'coin'): PerpAccount => ({
    asset,
    kind,
    walletBalance: '1',
    unrealizedPnl: '0',
    marginBalance: '1',
    positionMargin: '0',
    orderMargin: '0',
    maintenanceMargin: '0',
    marginRatio: '0.00',
    availableBalance: '1',
    maxWithdraw: '1',
  });

  it('loads every margin asset, USDT-margined first', async () => {
    const loading = accounts.loadPerpAccounts();
    expect(accounts.$perpAccounts.get().status).toBe('loading');
    const r = await nextRequest();
    expect(r.path).toBe('/api/perpetual/account');
    r.answer([acc('ETH', 'coin'), acc('BTC', 'coin'), acc('USDT', 'usdt')]);
    await loading;
    expect(accounts.$perpAccounts.get().rows.map((a) => a.asset)).toEqual(['USDT', 'BTC', 'ETH']);
    expect(accounts.perpAccountOf('BTC')?.kind).toBe('coin');
  });

  it('a failed first load is an error; a failed quiet reload keeps what is shown', async () => {
    const again = accounts.loadPerpAccounts({ quiet: true });
    (await nextRequest()).answer(null, 500, 'down');
    await expect(again).rejects.toThrow();
    expect(accounts.$perpAccounts.get()).toMatchObject({ status: 'ready' });
    expect(accounts.$perpAccounts.get().rows).toHaveLength(3);
    const loud = accounts.loadPerpAccounts();
    (await nextRequest()).answer(null, 500, 'down');
    await expect(loud).rejects.toThrow();
    expect(accounts.$perpAccounts.get().status).toBe('error');
  });
});
