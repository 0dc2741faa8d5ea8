import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installBrowser,
  removeBrowser,
  setApiBase,
  startLocalApi,
  type LocalApi,
} from '../../../tests/support/browser.ts';

// The modules under test are imported dynamically in beforeAll, after the browser stand-ins exist.
let client: typeof import('./client.ts');
let wallet: typeof import('../../../isomorphic/contract/wallet.endpoints.ts');
let spot: typeof import('../../../isomorphic/contract/spot.endpoints.ts');
let content: typeof import('../../../isomorphic/contract/content.endpoints.ts');
let api: LocalApi;

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({ apiBase: api.baseUrl, lang: 'en' });
  client = await import('./client.ts');
  wallet = await import('../../../isomorphic/contract/wallet.endpoints.ts');
  spot = await import('../../../isomorphic/contract/spot.endpoints.ts');
  content = await import('../../../isomorphic/contract/content.endpoints.ts');
});
afterAll(async () => {
  await api.close();
  removeBrowser();
});
beforeEach(() => {
  api.requests.length = 0;
  api.reply = { status: 200, body: { code: 200, msg: 'success', data: { fine: true } } };
  setApiBase(api.baseUrl);
});

const sent = () => {
  const r = api.requests[0]!;
  const url = new URL(r.url, 'http://x');
  return {
    method: r.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: r.body ? JSON.parse(r.body) : undefined,
  };
};

describe('request: an endpoint decides method and path', () => {
  it('GET with path parameters filled in and encoded, and the query', async () => {
    await expect(
      client.request(wallet.depositAddress, { params: { coin: 'US/DT' }, query: { network: 'TRC20' } }),
    ).resolves.toEqual({ fine: true });
    expect(sent()).toEqual({
      method: 'GET',
      path: '/api/asset/getDepositAddress/US%2FDT',
      query: { network: 'TRC20' },
      body: undefined,
    });
  });

  it('POST with numbers in the query sent as their digits', async () => {
    await client.request(spot.cancelOrder, { query: { id: 42 } });
    expect(sent()).toEqual({
      method: 'POST',
      path: '/api/currency/order/cancelOrder',
      query: { id: '42' },
      body: undefined,
    });
  });

  it('POST with a JSON body', async () => {
    await client.request(spot.priceComparison, { body: { symbolNameList: ['btcusdt'] } });
    expect(sent()).toEqual({
      method: 'POST',
      path: '/api/app/coin/open/getPriceComparison',
      query: {},
      body: { symbolNameList: ['btcusdt'] },
    });
  });

  it('several path parameters', async () => {
    await client.request(content.detailData, { params: { formId: 'news', id: 7 } });
    expect(sent()).toMatchObject({ method: 'GET', path: '/cgform-api/detailData/news/7' });
  });

  it('refuses to send a path with a parameter missing', async () => {
    await expect(client.request(content.detailData, { params: { formId: 'news' } as never })).rejects.toThrow(
      /parameter id missing/,
    );
    expect(api.requests).toHaveLength(0);
  });
});
