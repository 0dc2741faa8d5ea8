import { money } from '../../wallet/amounts.ts';
import type { FastifyInstance } from 'fastify';
import {
  createPublicClient,
  custom,
  erc20Abi,
  getAddress,
  http,
  HttpRequestError,
  parseEther,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import { seal } from '../../../isomorphic/crypto/seal.ts';
import { signInOperator, signUp } from '../../../tests/support/accounts.ts';
import { api, testApp } from '../../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { testChain, type TestChain } from '../../../tests/support/evm-chain.ts';
import { ManualClock } from '../../clock/clock.ts';
import { postFunds } from '../../core/funds.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../../ledger/ledger.ts';
import { watchedChains, type Chain } from '../chains.ts';
import { DEMO_DEPLOYER } from '../demo/demo-chain.ts';
import { DEMO_TOKEN_ABI } from '../demo/demo-token.artifact.ts';
import { loadSignerKeys, type SignerKeys } from '../signer/keys.ts';
import { PayoutSigner } from '../signer/signer.ts';
import { runSweeps } from '../signer/sweeps.ts';
import { runSettlement } from './settle.ts';
import { withdrawalsInReview } from '../../wallet/wallet.repo.ts';
import { readLiabilities } from '../../proof/proof.repo.ts';

const ETH = 10n ** 8n;

describe.each(DIALECTS)('withdrawals paid on a real chain, on %s', (_name, open) => {
  let t: TestDatabase;
  let chain: TestChain;
  let app: FastifyInstance;
  let demo: Chain;
  let keys: SignerKeys;
  let sealKey: string;
  let ops: string;
  const users: Record<string, { id: number; token: string }> = {};
  const messages: unknown[] = [];

  const call = (token: string, url: string, opts: Parameters<typeof api>[2] = {}) => api(app, url, { token, ...opts });
  const withdraw = async (who: string, coin: string, amount: string, address: string) =>
    call(users[who]!.token, '/api/asset/withdrawal', {
      payload: {
        sealed: await seal(
          { coin, method: 'address', network: 'ERC20', address, amount, fundPassword: 'fund123' },
          sealKey,
          users[who]!.id,
        ),
      },
    });
  const approve = (id: number) => call(ops, '/api/admin/wallet/withdrawal/review', { payload: { id, approve: true } });
  const spot = (who: string, coin: string) => balanceOf(t.db, users[who]!.id, ACCOUNT.spot, coin);
  const gasBudget = async () => (await balanceOf(t.db, null, ACCOUNT.chainGas, 'ETH')).available;
  const payout = (id: number) =>
    t.db.get<Record<string, any>>('SELECT * FROM chain_payouts WHERE withdrawal_id = ?', [id]);
  const signer = (client: PublicClient = demo.client) =>
    new PayoutSigner({ db: t.db, bus: app.bus, keys }, { ...demo, client });
  const settle = async () => {
    const n = await runSettlement(t.db, app.core, app.bus);
    await app.core.settled();
    return n;
  };
  const usdtOf = (owner: `0x${string}`) =>
    chain.client.readContract({ address: chain.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const newRecipient = () => privateKeyToAccount(generatePrivateKey()).address;
  /**
   * A node connection that loses the broadcast: the signer's process dies (or the network fails) after the row is
   * `signed`; with `deliver`, the bytes reach the node first, so the chain has the transaction the signer never
   * heard back about.
   */
  const losing = (deliver: boolean) => {
    const real = http(chain.url)({ retryCount: 0 });
    return createPublicClient({
      transport: custom(
        {
          async request({ method, params }) {
            if (method === 'eth_sendRawTransaction') {
              if (deliver) await real.request({ method, params });
              throw new HttpRequestError({ url: chain.url, status: 502, details: 'connection reset' });
            }
            return real.request({ method, params });
          },
        },
        { retryCount: 0 },
      ),
    }) as PublicClient;
  };
  /** A user's withdrawal approved and paid: signed and sent, then final after the chain's confirmations. */
  const payOut = async (id: number, s = signer()) => {
    await s.run();
    await chain.mine(demo.confirmations);
    await s.run();
  };

  beforeAll(async () => {
    t = await open();
    chain = await testChain(t.db);
    ({ app } = await testApp(
      t.db,
      { ...chain.env, DATA_DIR: `/tmp/lumex-payouts-${process.pid}` },
      new ManualClock(Date.now()),
    ));
    demo = (await watchedChains(t.db, { rpcUrls: { demo: chain.url } }))[0]!;
    keys = loadSignerKeys({ env: { SIGNER_KEY: chain.xprv } }, chain.xpub);
    const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
    sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey;
    ops = await signInOperator(app, t.db);
    // The 24-hour limit is not this file's subject (server/identity): high enough for every withdrawal below.
    const limits = { level0: '100000000', level1: '100000000', level2: '100000000' };
    expect((await call(ops, '/api/admin/kyc/limits', { payload: limits })).code).toBe(200);
    for (const who of ['alice', 'bob']) {
      users[who] = await signUp(app, `${who}_payouts`);
      const set = await call(users[who]!.token, '/api/user/tardPwdSet', {
        payload: {
          sealed: await seal(
            { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
            sealKey,
            users[who]!.id,
          ),
        },
      });
      expect(set.code).toBe(200);
      for (const [coin, amount] of [
        ['ETH', 20n * ETH],
        ['USDT', 10_000n * ETH],
      ] as const)
        await app.core.submit(postFunds, {
          lines: [
            { owner: null, type: ACCOUNT.external, asset: coin, available: -amount },
            { owner: users[who]!.id, type: ACCOUNT.spot, asset: coin, available: amount },
          ],
          meta: { billType: 'dev_credit', refType: 'test', refId: who },
        });
    }
    app.bus.subscribe(`user.${users.alice!.id}.chain`, (m) => messages.push(m));
  });
  afterEach(async () => {
    expect(await auditLedger(t.db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    await chain?.stop();
    await t?.drop();
  });

  it('funds the gas budget of the demo chain once, from outside', async () => {
    expect(await gasBudget()).toBe(10n * ETH);
  });

  it('pays an approved ETH withdrawal on chain, spends the hold once and books the gas to the platform', async () => {
    const to = newRecipient();
    const w = await withdraw('alice', 'ETH', '1.5', to);
    expect(w.code).toBe(200);
    const before = await spot('alice', 'ETH');
    expect(before.frozen).toBe(150300000n);
    const a = await approve(w.data.id);
    expect(a.code).toBe(200);
    expect(a.data.chain).toMatchObject({ status: 'queued', txHash: null, chain: { key: 'demo', demo: true } });
    expect(await payout(w.data.id)).toMatchObject({ status: 'queued', to_address: to.toLowerCase() });
    // Approved on a chain, nothing moved yet: the funds are in flight, and a core started now holds them again.
    expect((await spot('alice', 'ETH')).frozen).toBe(150300000n);
    expect((await withdrawalsInReview(t.db)).map((x) => x.id)).toContain(w.data.id);
    const hotBefore = await chain.client.getBalance({ address: keys.hot.address });
    const budget = await gasBudget();

    const s = signer();
    await s.run();
    const sent = await payout(w.data.id);
    expect(sent).toMatchObject({ status: 'sent', nonce: expect.anything() });
    expect(sent!.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await settle()).toBe(0);
    await chain.mine(demo.confirmations);
    await s.run();
    const done = await payout(w.data.id);
    expect(done).toMatchObject({ status: 'confirmed', settled: expect.anything() });
    const gas = BigInt(done!.gas_cost);
    expect(gas).toBeGreaterThan(0n);
    expect(await chain.client.getBalance({ address: to })).toBe(parseEther('1.5'));
    expect(await chain.client.getBalance({ address: keys.hot.address })).toBe(hotBefore - parseEther('1.5') - gas);

    // The proof of reserves (server/proof) counts the funds in flight as owed to the user until settled.
    const owed = async () =>
      (await readLiabilities(t.db)).rows
        .filter((r) => r.userId === users.alice!.id && r.asset === 'ETH')
        .reduce((sum, r) => sum + r.total, 0n);
    expect(await owed()).toBe(before.available + before.frozen);
    expect(await settle()).toBe(1);
    expect(await settle()).toBe(0);
    expect(await owed()).toBe(before.available);
    expect((await withdrawalsInReview(t.db)).map((x) => x.id)).not.toContain(w.data.id);
    const after = await spot('alice', 'ETH');
    expect(after).toEqual({ available: before.available, frozen: 0n });
    // The gas is the platform's: account 110 paid it (in ledger units, rounded up), never the user.
    expect(await gasBudget()).toBe(budget - (gas + 10n ** 10n - 1n) / 10n ** 10n);
    const list = await call(users.alice!.token, '/api/asset/getWithdrawalLog', { method: 'POST' });
    expect(list.data.records.find((r: any) => r.id === w.data.id).chain).toMatchObject({
      status: 'confirmed',
      txHash: done!.tx_hash,
      explorerUrl: null,
    });
    expect(messages).toEqual(
      expect.arrayContaining(
        ['queued', 'signed', 'sent', 'confirmed'].map((status) =>
          expect.objectContaining({ kind: 'withdrawal', withdrawalId: w.data.id, status }),
        ),
      ),
    );
  });

  it('pays an approved USDT withdrawal with an ERC-20 transfer', async () => {
    const to = newRecipient();
    const w = await withdraw('alice', 'USDT', '250.5', to);
    expect(w.code).toBe(200);
    expect((await approve(w.data.id)).code).toBe(200);
    const hotUsdt = await usdtOf(keys.hot.address);
    await payOut(w.data.id);
    expect(await payout(w.data.id)).toMatchObject({ status: 'confirmed', raw_amount: '250500000' });
    expect(await usdtOf(to)).toBe(250_500000n);
    expect(await usdtOf(keys.hot.address)).toBe(hotUsdt - 250_500000n);
    const before = await spot('alice', 'USDT');
    expect(await settle()).toBe(1);
    expect(await spot('alice', 'USDT')).toEqual({ available: before.available, frozen: 0n });
    const queue = await call(ops, '/api/admin/wallet/withdrawals', { method: 'GET', query: { status: 'passed' } });
    expect(queue.data.records.find((r: any) => r.id === w.data.id).chain.status).toBe('confirmed');
  });

  it('signs nothing the gas budget could not pay for, and says so to operators', async () => {
    const budget = await gasBudget();
    // The signer reads the budget from the tables (it may run in a process of its own): each move is awaited until
    // the projector has written it, as the signer's next run would find it.
    const move = async (units: bigint) => {
      await app.core.submit(postFunds, {
        lines: [
          { owner: null, type: ACCOUNT.chainGas, asset: 'ETH', available: -units },
          { owner: null, type: ACCOUNT.external, asset: 'ETH', available: units },
        ],
        meta: { billType: 'chain_gas_funding', refType: 'test', refId: 'drain' },
      });
      await app.core.settled();
    };
    await move(budget);
    const w = await withdraw('alice', 'ETH', '0.1', newRecipient());
    await approve(w.data.id);
    await signer().run();
    expect(await payout(w.data.id)).toMatchObject({
      status: 'queued',
      error: expect.stringMatching(/gas budget short/),
    });
    const queue = await call(ops, '/api/admin/wallet/withdrawals', { method: 'GET', query: { status: 'passed' } });
    expect(queue.data.records.find((r: any) => r.id === w.data.id).chain.error).toMatch(/gas budget short: 0\.0000/);
    await move(-budget);
    await payOut(w.data.id);
    expect(await payout(w.data.id)).toMatchObject({ status: 'confirmed', error: null });
    // Drained by hand after signing, the budget cannot pay: the core refuses, the row waits and is settled once
    // the budget is back.
    await move(budget);
    await expect(settle()).rejects.toThrow();
    expect(await payout(w.data.id)).toMatchObject({ settled: 0n });
    await move(-budget);
    expect(await settle()).toBe(1);
  });

  it('refuses amounts finer than the token and addresses failing their checksum, on a watched chain', async () => {
    const to = newRecipient();
    const fine = await withdraw('alice', 'USDT', '25.0000001', to);
    expect(fine.code).toBe(ERRORS.withdrawTooPrecise);
    const mixed =
      to.slice(0, 2) +
      [...to.slice(2)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    expect(getAddress(to)).not.toBe(mixed);
    expect((await withdraw('alice', 'USDT', '25', mixed)).code).toBe(ERRORS.addressInvalid);
    expect((await withdraw('alice', 'USDT', '25', to.toLowerCase())).code).toBe(200);
    const left = await t.db.get<{ id: bigint }>("SELECT id FROM withdrawals WHERE status = 'review'");
    expect(
      (
        await call(ops, '/api/admin/wallet/withdrawal/review', {
          payload: { id: Number(left!.id), approve: false, reason: 'test' },
        })
      ).code,
    ).toBe(200);
  });

  it('sends a payout signed before a crash exactly once, whether or not the broadcast reached the node', async () => {
    for (const deliver of [false, true]) {
      const to = newRecipient();
      const w = await withdraw('alice', 'ETH', '0.25', to);
      await approve(w.data.id);
      const nonce = await chain.client.getTransactionCount({ address: keys.hot.address });
      await signer(losing(deliver)).run();
      expect(await payout(w.data.id)).toMatchObject({ status: 'signed' });
      // A new signer instance (the process restarted) finds the row signed and sends the same bytes again.
      await payOut(w.data.id, signer());
      expect(await payout(w.data.id)).toMatchObject({ status: 'confirmed' });
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.25'));
      expect(await chain.client.getTransactionCount({ address: keys.hot.address })).toBe(nonce + 1);
      expect(await settle()).toBe(1);
    }
  });

  it('refunds a transfer that reverts on chain once, and books its gas to the platform', async () => {
    const to = newRecipient();
    const before = await spot('alice', 'USDT');
    const w = await withdraw('alice', 'USDT', '100', to);
    await approve(w.data.id);
    await signer(losing(false)).run();
    expect(await payout(w.data.id)).toMatchObject({ status: 'signed' });
    const blacklist = (blocked: boolean) =>
      chain.wallet.writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'setBlackListed',
        args: [keys.hot.address, blocked],
      });
    await blacklist(true);
    const budget = await gasBudget();
    await payOut(w.data.id);
    await blacklist(false);
    const failed = await payout(w.data.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'reverted on chain' });
    expect(BigInt(failed!.gas_cost)).toBeGreaterThan(0n);
    expect(await usdtOf(to)).toBe(0n);
    expect(await settle()).toBe(1);
    expect(await settle()).toBe(0);
    expect(await spot('alice', 'USDT')).toEqual(before);
    expect(await gasBudget()).toBeLessThan(budget);
    const list = await call(users.alice!.token, '/api/asset/getWithdrawalLog', { method: 'POST' });
    expect(list.data.records.find((r: any) => r.id === w.data.id)).toMatchObject({
      status: 'failed',
      chain: { status: 'failed', error: 'reverted on chain' },
    });
  });

  it('refunds a payout the node refuses to take, once, with the node’s reason', async () => {
    const to = newRecipient();
    const before = await spot('alice', 'ETH');
    const w = await withdraw('alice', 'ETH', '0.5', to);
    await approve(w.data.id);
    await signer(losing(false)).run();
    // The next block's base fee jumps past what the signed transaction offers: the node refuses it.
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseEther('0.001') });
    await signer().run();
    await chain.test.setNextBlockBaseFeePerGas({ baseFeePerGas: 1_000_000_000n });
    const failed = await payout(w.data.id);
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toMatch(/fee|gas/i);
    expect(await settle()).toBe(1);
    expect(await settle()).toBe(0);
    expect(await spot('alice', 'ETH')).toEqual(before);
    // Its nonce was never used: the next payout takes it and goes through.
    const next = await withdraw('alice', 'ETH', '0.1', to);
    await approve(next.data.id);
    await payOut(next.data.id);
    expect(await payout(next.data.id)).toMatchObject({ status: 'confirmed' });
    expect(await settle()).toBe(1);
  });

  it('approves withdrawals below the operators’ limit at submit, with the reason auto, and reviews the rest', async () => {
    const set = await call(ops, '/api/admin/chain/settings', {
      payload: { autoApprove: { ETH: '0.5' }, warnBelow: { ETH: '1000', USDT: '1' } },
    });
    expect(set.code).toBe(200);
    expect(set.data.autoApprove).toEqual({ ETH: '0.50000000' });
    const audit = await t.db.get<{ action: string }>("SELECT action FROM admin_audit WHERE action = 'chain.settings'");
    expect(audit).toBeTruthy();
    const to = newRecipient();
    const small = await withdraw('bob', 'ETH', '0.2', to);
    expect(small.data).toMatchObject({ status: 'passed', reason: 'auto', chain: { status: 'queued' } });
    const row = await t.db.get<{ reviewer_id: unknown }>('SELECT reviewer_id FROM withdrawals WHERE id = ?', [
      small.data.id,
    ]);
    expect(row!.reviewer_id).toBeNull();
    const large = await withdraw('bob', 'ETH', '0.5', to);
    expect(large.data).toMatchObject({ status: 'review', chain: null });
    await payOut(small.data.id);
    expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.2'));
    expect(await settle()).toBe(1);
    expect(
      (
        await call(ops, '/api/admin/wallet/withdrawal/review', {
          payload: { id: large.data.id, approve: false, reason: 'no' },
        })
      ).code,
    ).toBe(200);
    expect((await spot('bob', 'ETH')).frozen).toBe(0n);
  });

  it('sweeps deposit addresses to the hot wallet, tokens after a gas top-up, the gas booked to the platform', async () => {
    const address = (
      await call(users.bob!.token, '/api/asset/getDepositAddress/ETH', { method: 'GET', query: { network: 'ERC20' } })
    ).data.address as `0x${string}`;
    const hashes = [
      await chain.wallet.sendTransaction({ account: DEMO_DEPLOYER, chain: null, to: address, value: parseEther('2') }),
      await chain.wallet.writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'transfer',
        args: [address, 500_000000n],
      }),
    ];
    // The deposit watcher (server/chain/deposits) writes these rows; here the test does.
    for (const [i, [coin, raw, amount]] of (
      [
        ['ETH', parseEther('2'), 2n * ETH],
        ['USDT', 500_000000n, 500n * ETH],
      ] as const
    ).entries())
      await t.db.run(
        `INSERT INTO chain_deposits (chain, tx_hash, log_index, block_number, block_hash, user_id, address, coin,
           raw_amount, amount, status, created_at, final_at) VALUES ('demo', ?, ?, 1, '0x', ?, ?, ?, ?, ?, 'credited', ?, ?)`,
        // The watcher stores addresses in lower case, as deposit_addresses holds them (the API shows EIP-55's form).
        [hashes[i], i - 1, users.bob!.id, address.toLowerCase(), coin, raw.toString(), amount, Date.now(), Date.now()],
      );
    const hotEth = await chain.client.getBalance({ address: keys.hot.address });
    const hotUsdt = await usdtOf(keys.hot.address);
    const bob = [await spot('bob', 'ETH'), await spot('bob', 'USDT')];
    const budget = await gasBudget();
    for (let i = 0; i < 4; i++) {
      await runSweeps({ db: t.db, bus: app.bus, keys }, demo);
      await chain.mine(demo.confirmations);
    }
    const sweeps = await t.db.all<Record<string, any>>("SELECT * FROM chain_sweeps WHERE chain = 'demo' ORDER BY coin");
    expect(sweeps.map((s) => [s.coin, s.status])).toEqual([
      ['ETH', 'confirmed'],
      ['USDT', 'confirmed'],
    ]);
    const [eth, usdt] = sweeps;
    expect(eth!.topup_tx).toBeNull();
    expect(usdt!.topup_tx).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdtOf(address)).toBe(0n);
    expect(await usdtOf(keys.hot.address)).toBe(hotUsdt + 500_000000n);
    const topup = await chain.client.getTransaction({ hash: usdt!.topup_tx });
    expect(await chain.client.getBalance({ address: keys.hot.address })).toBe(
      hotEth + BigInt(eth!.raw_amount) - topup.value - (await receiptCost(chain.client, usdt!.topup_tx)),
    );
    expect(await settle()).toBe(2);
    expect(await settle()).toBe(0);
    const gas = BigInt(eth!.gas_cost) + BigInt(usdt!.gas_cost);
    const booked = [eth, usdt].reduce((s, x) => s + (BigInt(x!.gas_cost) + 10n ** 10n - 1n) / 10n ** 10n, 0n);
    expect(gas).toBeGreaterThan(0n);
    expect(await gasBudget()).toBe(budget - booked);
    expect([await spot('bob', 'ETH'), await spot('bob', 'USDT')]).toEqual(bob);
    // Nothing is left to sweep: a new run starts no sweep.
    await runSweeps({ db: t.db, bus: app.bus, keys }, demo);
    expect((await t.db.all('SELECT id FROM chain_sweeps')).length).toBe(2);
  });

  it('shows operators the hot wallet, unswept coins, liabilities and the gas budget; users cannot see it', async () => {
    const view = await call(ops, '/api/admin/chain/overview', { method: 'GET' });
    expect(view.code).toBe(200);
    const eth = view.data.holdings.find((h: any) => h.coin === 'ETH');
    expect(eth).toMatchObject({ chain: { key: 'demo' }, hotWallet: keys.hot.address.toLowerCase(), low: true });
    const usdt = view.data.holdings.find((h: any) => h.coin === 'USDT');
    expect(usdt).toMatchObject({ low: false, unswept: '0.00000000' });
    expect(BigInt(eth.hot.replace('.', ''))).toBe(
      (await chain.client.getBalance({ address: keys.hot.address })) / 10n ** 10n,
    );
    expect(view.data.gasBudget.ETH).toBe(
      `${(await gasBudget()) / ETH}.${((await gasBudget()) % ETH).toString().padStart(8, '0')}`,
    );
    expect(view.data.coins.map((c: any) => c.coin).sort()).toEqual(['ETH', 'USDT']);
    // Liabilities are what users hold, not the platform's own accounts.
    const owed = await t.db.get<{ total: bigint }>(
      "SELECT SUM(available + frozen) AS total FROM accounts WHERE owner_id IS NOT NULL AND asset = 'USDT'",
    );
    expect(view.data.coins.find((c: any) => c.coin === 'USDT').liabilities).toBe(money(BigInt(owed!.total)));
    for (const token of [users.alice!.token, users.bob!.token]) {
      expect((await call(token, '/api/admin/chain/overview', { method: 'GET' })).code).toBe(ERRORS.forbidden);
      expect(
        (await call(token, '/api/admin/chain/settings', { payload: { autoApprove: { ETH: '100' }, warnBelow: {} } }))
          .code,
      ).toBe(ERRORS.forbidden);
    }
    const settings = (body: object) => call(ops, '/api/admin/chain/settings', { payload: body });
    expect((await settings({ autoApprove: { ETH: 'x' }, warnBelow: {} })).code).toBe(ERRORS.amountInvalid);
    const unknown = await settings({ autoApprove: { BTC: '1' }, warnBelow: {} });
    expect(unknown.code).toBe(ERRORS.chainCoinUnknown);
    expect(unknown.msg).toContain('BTC');
  });
});

async function receiptCost(client: PublicClient, hash: `0x${string}`): Promise<bigint> {
  const r = await client.getTransactionReceipt({ hash });
  return r.gasUsed * r.effectiveGasPrice;
}
