import { cleanStores } from 'nanostores';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChainOverview, ManualAddress } from '../../../isomorphic/contract/chain.ts';
import { installBrowser, removeBrowser, startLocalApi, type LocalApi } from '../../../tests/support/browser.ts';

// The console's chain stores against a real loopback API; imported once the browser stand-ins exist.
let api: LocalApi;
let admin: typeof import('./admin.ts');

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({ apiBase: api.baseUrl, lang: 'en' });
  admin = await import('./admin.ts');
});
afterAll(async () => {
  removeBrowser();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

const demo = { key: 'demo', name: 'Demo chain', chainId: 31337, demo: true, confirmations: 12 };
const overview = (over: Partial<ChainOverview> = {}): ChainOverview => ({
  holdings: [
    { chain: demo, coin: 'USDT', hotWallet: '0xhot', hot: '10', unswept: '0', warnBelow: '100', low: true },
    { chain: demo, coin: 'ETH', hotWallet: '0xhot', hot: '5', unswept: '1', warnBelow: '0', low: false },
  ],
  coins: [
    { coin: 'ETH', liabilities: '6', onChain: '6' },
    { coin: 'USDT', liabilities: '10', onChain: '10' },
  ],
  autoApprove: { USDT: '50' },
  gasBudget: { ETH: '1' },
  ...over,
});
const ok = (data: unknown) => ({ status: 200, body: { code: 200, msg: '', data } });
/** Waits (up to a second) for what the store holds to pass `done`; the store keeps its value across tests. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};
// The answer to the GET the mount sent (the module's store holds the previous test's answer till then).
const settled = async (l: { get(): { status: string } }, status = 'success') => {
  await until(() => api.requests.some((r) => r.method === 'GET'));
  await until(() => l.get().status === status);
};

describe('the form of auto-approval limits and warning thresholds', () => {
  it('lists every coin on a watched chain with what is set, empty where nothing is', () => {
    expect(admin.settingsFormOf(overview())).toEqual({
      autoApprove: { ETH: '', USDT: '50' },
      warnBelow: { ETH: '', USDT: '100' },
    });
  });

  it('shows a saved 0 as none and a saved amount without its trailing zeros', () => {
    const saved = overview({ autoApprove: { ETH: '0.00000000', USDT: '500.00000000' } });
    saved.holdings[0]!.warnBelow = '1000.50000000';
    expect(admin.settingsFormOf(saved)).toEqual({
      autoApprove: { ETH: '', USDT: '500' },
      warnBelow: { ETH: '', USDT: '1000.5' },
    });
  });

  it('sends an emptied field as 0 (none) and shows the overview the server answers', async () => {
    api.reply = ok(overview());
    const off = admin.$chainOverview.listen(() => {});
    await settled(admin.$chainOverview);
    const saved = overview({ autoApprove: {} });
    api.reply = ok(saved);
    await admin.saveChainSettings({ autoApprove: { ETH: ' ', USDT: '' }, warnBelow: { ETH: '0.5 ', USDT: '100' } });
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect([post.url, JSON.parse(post.body)]).toEqual([
      '/api/admin/chain/settings',
      { autoApprove: { ETH: '0', USDT: '0' }, warnBelow: { ETH: '0.5', USDT: '100' } },
    ]);
    expect(admin.$chainOverview.get()).toEqual({ status: 'success', value: saved });
    off();
    cleanStores(admin.$chainOverview);
  });

  it('keeps what is on screen when the server refuses an amount', async () => {
    api.reply = ok(overview());
    const off = admin.$chainOverview.listen(() => {});
    await settled(admin.$chainOverview);
    api.reply = { status: 200, body: { code: 1004, msg: 'Enter a positive amount', data: null } };
    await expect(admin.saveChainSettings({ autoApprove: { USDT: '-1' }, warnBelow: {} })).rejects.toThrow();
    expect(admin.$chainOverview.get()).toEqual({ status: 'success', value: overview() });
    off();
    cleanStores(admin.$chainOverview);
  });
});

describe('manual deposit addresses', () => {
  const row: ManualAddress = { coin: 'BTC', network: 'BTC', address: 'bc1qexample', updatedAt: 1 };

  it('lists them, and a set address (trimmed) is what the list shows after', async () => {
    api.reply = ok([]);
    const off = admin.$manualAddresses.listen(() => {});
    await settled(admin.$manualAddresses);
    expect(admin.$manualAddresses.get()).toEqual({ status: 'success', value: [] });
    api.reply = ok([row]);
    await admin.setManualAddress('BTC', 'BTC', '  bc1qexample ');
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect([post.url, JSON.parse(post.body)]).toEqual([
      '/api/admin/wallet/deposit-addresses',
      { coin: 'BTC', network: 'BTC', address: 'bc1qexample' },
    ]);
    expect(admin.$manualAddresses.get()).toEqual({ status: 'success', value: [row] });
    // Removing is setting it empty.
    api.reply = ok([]);
    await admin.setManualAddress('BTC', 'BTC', '');
    expect(JSON.parse(api.requests.at(-1)!.body)).toEqual({ coin: 'BTC', network: 'BTC', address: '' });
    expect(admin.$manualAddresses.get()).toEqual({ status: 'success', value: [] });
    off();
    cleanStores(admin.$manualAddresses);
  });
});
