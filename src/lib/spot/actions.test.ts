import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowser, removeBrowser, startLocalApi, type LocalApi } from '../../../tests/support/browser.ts';
import { until } from '../../../tests/support/until.ts';
import type { SpotOrder } from '../../../isomorphic/contract/spot.ts';

/**
 * The spot stores load themselves while shown and the user is signed in (followAccount), against a real HTTP
 * server on loopback: what they ask for, and that a visitor's screen asks for nothing.
 */
let api: LocalApi;
let actions: typeof import('./actions.ts');
let session: typeof import('../stores/session.ts');

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({ apiBase: api.baseUrl, lang: 'en' });
  actions = await import('./actions.ts');
  session = await import('../stores/session.ts');
});
afterAll(async () => {
  session.clearSession();
  removeBrowser();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

const order = (id: number) => ({ id, symbol: 'btcusdt' }) as SpotOrder;
const answer = (data: unknown) => (api.reply = { status: 200, body: { code: 200, msg: '', data } });
/** What was asked of one path; a store stops a second after its last listener leaves, so others may still ask. */
const asked = (path: string) => api.requests.map((r) => r.url).filter((u) => u.startsWith(path));

describe('the spot stores', () => {
  it("ask for nothing on a visitor's screen", async () => {
    const off = actions.spotOrdersStore('ltcusdt').listen(() => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requests).toEqual([]);
    off();
  });

  it("load a pair's open orders and history while shown, as soon as the user signs in", async () => {
    answer({ records: [order(1)], total: 1 });
    const store = actions.spotOrdersStore('btcusdt');
    const off = store.listen(() => {});
    expect(api.requests).toEqual([]);
    session.storeTokens({
      token: 'tok-1',
      refreshToken: 'ref-1',
      tenantId: '000000',
      issuedAt: 1,
      expiresIn: 3600,
      refreshExpiresIn: 604800,
    });
    await until(() => store.get().open.length === 1 && store.get().history.length === 1);
    expect(asked('/api/currency/order/orderList?symbol=btcusdt').sort()).toEqual([
      '/api/currency/order/orderList?symbol=btcusdt&state=history&size=50',
      '/api/currency/order/orderList?symbol=btcusdt&state=open&size=50',
    ]);
    off();
  });

  it('load the spot account when the balances are shown', async () => {
    answer([
      {
        coin: 'USDT',
        name: 'USDT',
        available: '5.00000000',
        frozen: '0.00000000',
        total: '5.00000000',
        usdtValue: '5.00000000',
        displayDecimals: 2,
      },
    ]);
    const off = actions.$balances.listen(() => {});
    await until(() => actions.$balances.get().length === 1);
    // (Remembering the rows' display decimals may ask for every account's assets too, type=0: not this store's call.)
    expect(asked('/api/asset/getCurrencyAccount?type=1')).toEqual(['/api/asset/getCurrencyAccount?type=1']);
    off();
  });
});
