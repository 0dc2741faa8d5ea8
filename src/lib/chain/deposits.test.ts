import { cleanStores } from 'nanostores';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import { installBrowser, removeBrowser, startLocalApi, type LocalApi } from '../../../tests/support/browser.ts';

// The store and the faucet call a real loopback API; the modules are imported once the browser stand-ins exist.
let api: LocalApi;
let deposits: typeof import('./deposits.ts');
let failure: typeof import('../api/failure.ts');
let toast: typeof import('../stores/toast.ts');

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({ apiBase: api.baseUrl, lang: 'en' });
  deposits = await import('./deposits.ts');
  failure = await import('../api/failure.ts');
  toast = await import('../stores/toast.ts');
});
afterAll(async () => {
  removeBrowser();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

const seen = (id: number, over: Partial<ChainDeposit> = {}): ChainDeposit => ({
  id,
  chain: { key: 'demo', name: 'Demo chain', chainId: 31337, demo: true, confirmations: 12 },
  coin: 'USDT',
  network: 'ERC20',
  address: '0xabc',
  txHash: `0x${id}`,
  explorerUrl: null,
  amount: '25.00000000',
  status: 'pending',
  confirmations: 1,
  time: id * 1000,
  creditedTime: null,
  ...over,
});
/** Waits (up to a second) for what the store holds to pass `done`; the store keeps its value across tests. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};
// The answer to the GET the mount sent (the module's store holds the previous test's answer till then).
const settled = async (l: { get(): { status: string } }, status = 'success') => {
  await until(() => api.requests.some((r) => r.method === 'GET'));
  await until(() => l.get().status === status);
};
const page = (records: ChainDeposit[]) => ({
  code: 200,
  msg: '',
  data: { total: records.length, page: 1, size: 10, records },
});

describe('the chain deposits on the deposit page', () => {
  it("asks for the first page of the user's chain deposits when shown, and holds them", async () => {
    api.reply = { status: 200, body: page([seen(2), seen(1)]) };
    const off = deposits.$chainDeposits.listen(() => {});
    await settled(deposits.$chainDeposits);
    const v = deposits.$chainDeposits.get();
    expect(v.status === 'success' && v.value.map((d) => d.id)).toEqual([2, 1]);
    expect(api.requests.map((r) => [r.method, r.url])).toEqual([['GET', '/api/wallet/chain-deposits?page=1&size=10']]);
    off();
    cleanStores(deposits.$chainDeposits);
  });

  it('fails quietly when the server has no chain watcher (404): the list says so itself, no toast', async () => {
    api.reply = { status: 404, body: { code: ERRORS.notFound, msg: 'Not found', data: null } };
    const toasts: unknown[] = [];
    const offToast = toast.$toasts.listen((t) => toasts.push(t));
    const off = deposits.$chainDeposits.listen(() => {});
    await settled(deposits.$chainDeposits, 'error');
    expect(deposits.$chainDeposits.get().status).toBe('error');
    expect(toasts).toEqual([]);
    // The retry asks again and shows what the server now answers.
    api.reply = { status: 200, body: page([seen(5)]) };
    await deposits.reloadChainDeposits();
    expect(deposits.$chainDeposits.get()).toMatchObject({ status: 'success', value: [{ id: 5 }] });
    off();
    offToast();
    cleanStores(deposits.$chainDeposits);
  });

  it('merges a pushed deposit into an answer, and asks again when there is no answer yet', () => {
    const shown = { status: 'success' as const, value: [seen(2), seen(1)] };
    expect(deposits.applyPushedDeposit(shown, seen(1, { status: 'credited' }))).toEqual({
      put: [seen(2), seen(1, { status: 'credited' })],
    });
    expect(deposits.applyPushedDeposit({ status: 'pending' }, seen(3))).toEqual({ reload: true });
    expect(deposits.applyPushedDeposit({ status: 'idle' }, seen(3))).toEqual({ reload: true });
  });
});

describe('the demo faucet', () => {
  it('posts the coin and network and answers the transaction hash', async () => {
    api.reply = { status: 200, body: { code: 200, msg: '', data: { txHash: '0xfeed' } } };
    expect(await deposits.requestTestCoins('USDT', 'ERC20')).toBe('0xfeed');
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect([post.url, JSON.parse(post.body)]).toEqual(['/api/wallet/faucet', { coin: 'USDT', network: 'ERC20' }]);
  });

  it("rejects with the server's translated reason and leaves showing it to the form", async () => {
    const msg = 'Test coins are only sent on the demo chain';
    api.reply = { status: 200, body: { code: ERRORS.faucetUnavailable, msg, data: null } };
    const toasts: unknown[] = [];
    const offToast = toast.$toasts.listen((t) => toasts.push(t));
    const err = await deposits.requestTestCoins('USDT', 'TRC20').catch((e: unknown) => e);
    expect([failure.failedWith(err, ERRORS.faucetUnavailable), failure.failureMessage(err)]).toEqual([true, msg]);
    expect(toasts).toEqual([]);
    offToast();
  });
});
