import type { FastifyInstance } from 'fastify';
import { createPublicClient, http, parseEther, parseUnits, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import type { ChainMessage, PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { testChain, type TestChain } from '../../../tests/support/evm-chain.ts';
import { FeedTestClient } from '../../../tests/support/feed-client.ts';
import { ManualClock } from '../../clock/clock.ts';
import type { Config } from '../../config.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../../ledger/ledger.ts';
import { AppError } from '../../outcome.ts';
import { depositAddressOf } from '../addresses.ts';
import { watchedChains, type Chain } from '../chains.ts';
import { DEMO_DEPLOYER, DEMO_FAUCET } from '../demo/demo-chain.ts';
import { DEMO_TOKEN_ABI } from '../demo/demo-token.artifact.ts';
import { Faucet } from './faucet.ts';
import { DepositWatcher } from './watcher.ts';

/** Hardhat's account #1 (the faucet's): a public development key, for transactions signed once and sent again. */
const OUTSIDE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

describe.each(DIALECTS)('deposits on chain, on %s', (_name, open) => {
  let t: TestDatabase;
  let chain: TestChain;
  let app: FastifyInstance;
  let config: Config;
  let demo: Chain;
  let watcher: DepositWatcher;
  const clock = new ManualClock(Date.now());
  const warnings: Array<{ obj: object; msg: string }> = [];
  const log = {
    info: () => undefined,
    warn: (obj: object, msg: string) => void warnings.push({ obj, msg }),
    error: (obj: object, msg: string) => void warnings.push({ obj, msg }),
  };
  const published: Array<{ topic: string; message: ChainMessage }> = [];
  let alice: { id: number; token: string; address: Hex };
  let bob: { id: number; token: string; address: Hex };

  const newWatcher = () => new DepositWatcher({ db: t.db, core: app.core, bus: app.bus, clock, log, chain: demo });
  const run = async (w = watcher) => {
    await w.run();
    await app.core.settled();
  };
  /**
   * Blocks one by one: Hardhat's hardhat_mine of many blocks at once reserves them with a zero parent hash, which no
   * real chain has and the watcher rightly refuses to link.
   */
  const mine = async (blocks: number) => {
    for (let i = 0; i < blocks; i++) await chain.test.request({ method: 'evm_mine' } as never);
  };
  const spot = async (userId: number, coin: string) => (await balanceOf(t.db, userId, ACCOUNT.spot, coin)).available;
  const mined = async (hash: Hex) => {
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  const sendEth = (to: Hex, ether: string) =>
    chain.wallet.sendTransaction({ account: DEMO_FAUCET, chain: null, to, value: parseEther(ether) }).then(mined);
  const sendUsdt = (to: Hex, usdt: string) =>
    chain.wallet
      .writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'transfer',
        args: [to, parseUnits(usdt, 6)],
      })
      .then(mined);
  /** A value transfer signed once, so that the very same transaction can be mined again after a reorg. */
  const signedEth = async (to: Hex, ether: string) =>
    OUTSIDE.signTransaction({
      to,
      value: parseEther(ether),
      nonce: await chain.client.getTransactionCount({ address: OUTSIDE.address, blockTag: 'pending' }),
      gas: 21_000n,
      maxFeePerGas: 10n ** 11n,
      maxPriorityFeePerGas: 10n ** 9n,
      chainId: 31337,
      type: 'eip1559',
    });
  const sendRaw = (raw: Hex) => chain.wallet.sendRawTransaction({ serializedTransaction: raw }).then(mined);
  const depositsOf = async (who: { token: string }, query = '') =>
    (
      await api<{ total: number; records: ChainDeposit[] }>(app, `/api/wallet/chain-deposits${query}`, {
        method: 'GET',
        token: who.token,
      })
    ).data;
  const depositOf = async (who: { token: string }, txHash: string) =>
    (await depositsOf(who, '?size=100')).records.find((d) => d.txHash === txHash);
  const creditLines = async (txHash: string) =>
    Number(
      (
        await t.db.get<{ n: unknown }>(
          `SELECT COUNT(*) AS n FROM ledger_entries e JOIN chain_deposits d ON e.ref_id = CAST(d.id AS TEXT)
           WHERE e.ref_type = 'chain_deposit' AND e.owner_id IS NOT NULL AND d.tx_hash = ?`,
          [txHash],
        )
      )?.n,
    );
  const toldAbout = (userId: number, txHash: string) =>
    published
      .filter((p) => p.topic === `user.${userId}.chain` && p.message.kind === 'deposit')
      .map((p) => (p.message as { deposit: ChainDeposit }).deposit)
      .filter((d) => d.txHash === txHash)
      .map((d) => `${d.status}:${d.confirmations}`);

  beforeAll(async () => {
    t = await open();
    chain = await testChain(t.db);
    ({ app, config } = await testApp(t.db, chain.env, clock));
    await app.jobs.idle();
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.bus.subscribe(
      'user.*.chain',
      (message, topic) => void published.push({ topic, message: message as ChainMessage }),
    );
    demo = (await watchedChains(t.db, config.chain))[0]!;
    const user = async (name: string) => {
      const u = await signUp(app, name);
      return { ...u, address: (await depositAddressOf(t.db, 'evm', chain.xpub, u.id)) as Hex };
    };
    alice = await user('alice_chain');
    bob = await user('bob_chain');
    watcher = newWatcher();
    await run();
  }, 30_000);
  afterEach(async () => {
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    await chain?.stop();
    await t?.drop();
  });

  it('sees ETH and USDT deposits pending, counts confirmations block by block, credits each once at finality; dust is shown, never credited', async () => {
    await chain.test.setAutomine(false);
    let eth: Hex, usdt: Hex, dust: Hex;
    try {
      eth = await chain.wallet.sendTransaction({
        account: DEMO_FAUCET,
        chain: null,
        to: alice.address,
        value: parseEther('0.5'),
      });
      usdt = await chain.wallet.writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'transfer',
        args: [alice.address, parseUnits('250', 6)],
      });
      dust = await chain.wallet.writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'transfer',
        args: [alice.address, parseUnits('0.5', 6)],
      });
      await mine(1);
    } finally {
      await chain.test.setAutomine(true);
    }
    for (const h of [eth, usdt, dust]) await mined(h);

    await run();
    expect(await depositOf(alice, eth)).toMatchObject({
      coin: 'ETH',
      network: 'ERC20',
      amount: '0.50000000',
      status: 'pending',
      confirmations: 1,
      address: alice.address,
      explorerUrl: null,
      chain: { key: 'demo', demo: true, confirmations: 3 },
    });
    expect(await depositOf(alice, usdt)).toMatchObject({ coin: 'USDT', amount: '250.00000000', status: 'pending' });
    expect(await depositOf(alice, dust)).toMatchObject({ coin: 'USDT', amount: '0.50000000', status: 'dust' });

    await mine(1);
    await run();
    expect(await depositOf(alice, eth)).toMatchObject({ status: 'pending', confirmations: 2 });
    expect(await spot(alice.id, 'ETH')).toBe(0n);

    await mine(1);
    await run();
    await run();
    expect(await depositOf(alice, eth)).toMatchObject({ status: 'credited', confirmations: 3 });
    expect((await depositOf(alice, eth))!.creditedTime).toBe(clock.now());
    expect(await depositOf(alice, usdt)).toMatchObject({ status: 'credited' });
    expect(await depositOf(alice, dust)).toMatchObject({ status: 'dust' });
    expect(await spot(alice.id, 'ETH')).toBe(50_000_000n);
    expect(await spot(alice.id, 'USDT')).toBe(250_00000000n);
    expect([await creditLines(eth), await creditLines(usdt), await creditLines(dust)]).toEqual([1, 1, 0]);
    expect(toldAbout(alice.id, eth)).toEqual(['pending:1', 'pending:2', 'credited:3']);
    expect(toldAbout(alice.id, dust)).toEqual(['dust:1']);
    // The wallet's balance call shows the credit.
    const balances = await api(app, '/api/asset/getMyBalance?type=1', { method: 'GET', token: alice.token });
    expect(JSON.stringify(balances.data)).toContain('250');
  });

  it("takes a sweep's gas top-up to a deposit address for the platform's, never a deposit; a payment beside it is one", async () => {
    await chain.test.setAutomine(false);
    let topup: Hex, paid: Hex;
    try {
      // The signer records a top-up's hash before sending it (server/chain/signer/sweeps.ts); here the test does,
      // for a top-up above the minimum deposit, as gas costs on a busy chain.
      topup = await chain.wallet.sendTransaction({
        account: DEMO_FAUCET,
        chain: null,
        to: bob.address,
        value: parseEther('0.01'),
      });
      await t.db.run(
        `INSERT INTO chain_sweeps (chain, address, coin, raw_amount, status, topup_tx, gas_cost, created_at, updated_at)
         VALUES ('demo', ?, 'USDT', '1', 'topup', ?, '0', ?, ?)`,
        [bob.address.toLowerCase(), topup, clock.now(), clock.now()],
      );
      paid = await chain.wallet.sendTransaction({
        account: DEMO_FAUCET,
        chain: null,
        to: bob.address,
        value: parseEther('0.02'),
      });
      await mine(1);
    } finally {
      await chain.test.setAutomine(true);
    }
    for (const h of [topup, paid]) await mined(h);
    const before = await spot(bob.id, 'ETH');
    await mine(3);
    await run();
    await run();
    expect(await depositOf(bob, topup)).toBeUndefined();
    expect(await depositOf(bob, paid)).toMatchObject({ amount: '0.02000000', status: 'credited' });
    expect(await spot(bob.id, 'ETH')).toBe(before + 2_000_000n);
    expect(toldAbout(bob.id, topup)).toEqual([]);
    await t.db.run('DELETE FROM chain_sweeps WHERE topup_tx = ?', [topup]);
  });

  it('drops a deposit whose block a reorg removes before finality, never credits it, and credits the same transaction once when it is mined again', async () => {
    const before = await spot(alice.id, 'ETH');
    const snap = await chain.snapshot();
    const raw = await signedEth(alice.address, '0.2');
    const hash = await sendRaw(raw);
    await run();
    expect(await depositOf(alice, hash)).toMatchObject({ status: 'pending', confirmations: 1 });
    const id = (await depositOf(alice, hash))!.id;

    await chain.revert(snap);
    await mine(3);
    await run();
    expect(await depositOf(alice, hash)).toMatchObject({ status: 'dropped', confirmations: 0 });
    await mine(3);
    await run();
    expect(await depositOf(alice, hash)).toMatchObject({ status: 'dropped' });
    expect(await spot(alice.id, 'ETH')).toBe(before);
    expect(toldAbout(alice.id, hash)).toEqual(['pending:1', 'dropped:0']);

    expect(await sendRaw(raw)).toBe(hash);
    await run();
    expect(await depositOf(alice, hash)).toMatchObject({ id, status: 'pending', confirmations: 1 });
    await mine(2);
    await run();
    await run();
    expect(await depositOf(alice, hash)).toMatchObject({ id, status: 'credited' });
    expect(await spot(alice.id, 'ETH')).toBe(before + 20_000_000n);
    expect(await creditLines(hash)).toBe(1);
  });

  it('keeps a credited deposit credited once when a reorg after finality removes its block, and warns operators', async () => {
    const before = await spot(bob.id, 'ETH');
    const snap = await chain.snapshot();
    const raw = await signedEth(bob.address, '0.3');
    const hash = await sendRaw(raw);
    await mine(2);
    await run();
    expect(await depositOf(bob, hash)).toMatchObject({ status: 'credited' });
    warnings.length = 0;

    await chain.revert(snap);
    await mine(5);
    await run();
    expect(warnings.map((w) => w.msg)).toContain(
      'a reorg removed the block of a deposit already credited: it stays credited; check that its transaction is mined again',
    );
    expect(warnings.find((w) => w.msg.startsWith('a reorg removed'))!.obj).toMatchObject({ txHash: hash, coin: 'ETH' });
    expect(await depositOf(bob, hash)).toMatchObject({ status: 'credited' });

    await sendRaw(raw);
    await mine(3);
    await run();
    expect(await depositOf(bob, hash)).toMatchObject({ status: 'credited' });
    expect(await spot(bob.id, 'ETH')).toBe(before + 30_000_000n);
    expect(await creditLines(hash)).toBe(1);
  });

  it('catches up from the stored cursor when a new watcher starts after downtime, across many blocks', async () => {
    const hash = await sendUsdt(bob.address, '40');
    await mine(130);
    const fresh = newWatcher();
    await run(fresh);
    await run(fresh); // nothing more: one run read the two steps
    expect(await depositOf(bob, hash)).toMatchObject({ status: 'credited', amount: '40.00000000' });
    const cursor = await t.db.get<{ number: unknown }>("SELECT number FROM chain_cursors WHERE chain = 'demo'");
    expect(Number(cursor!.number)).toBe(Number(await chain.client.getBlockNumber({ cacheTime: 0 })));
    const kept = await t.db.get<{ n: unknown }>("SELECT COUNT(*) AS n FROM chain_blocks WHERE chain = 'demo'");
    expect(Number(kept!.n)).toBeLessThanOrEqual(3 + 32);
    watcher = fresh;
  });

  it('credits exactly once when two watchers run at once on one database', async () => {
    const before = await spot(alice.id, 'USDT');
    const hashes = [await sendUsdt(alice.address, '7'), await sendUsdt(alice.address, '8')];
    const other = newWatcher();
    await Promise.all([watcher.run(), other.run()]);
    await mine(3);
    await Promise.all([watcher.run(), other.run(), watcher.run()]);
    await app.core.settled();
    for (const h of hashes) expect(await creditLines(h)).toBe(1);
    expect(await spot(alice.id, 'USDT')).toBe(before + 15_00000000n);
  });

  it("tells the owner's private feed, and only the owner, about each change", async () => {
    const feed = new FeedTestClient<PrivateFeedMessage>(
      `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/coin/${bob.id}`,
    );
    await feed.opened();
    feed.send({ event: 'auth', token: bob.token });
    await feed.next((m) => m.event === 'USER_STATUS');
    const hash = await sendEth(bob.address, '0.01');
    await run();
    const seen = await feed.next((m) => m.event === 'CHAIN' && m.data.kind === 'deposit');
    expect(seen).toMatchObject({
      data: { kind: 'deposit', deposit: { txHash: hash, status: 'pending', amount: '0.01000000' } },
    });
    await mine(2);
    await run();
    expect(
      await feed.next((m) => m.event === 'CHAIN' && m.data.kind === 'deposit' && m.data.deposit.status === 'credited'),
    ).toMatchObject({ data: { deposit: { txHash: hash, confirmations: 3 } } });
    feed.close();
    expect(toldAbout(alice.id, hash)).toEqual([]);
  });

  it("lists only the user's own deposits, newest first, by page and coin", async () => {
    const mine = await depositsOf(bob);
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.records.every((d) => d.address === bob.address)).toBe(true);
    expect(mine.records.map((d) => d.id)).toEqual([...mine.records.map((d) => d.id)].sort((a, b) => b - a));
    const usdt = await depositsOf(bob, '?coin=usdt&size=1&page=1');
    expect(usdt.records).toHaveLength(1);
    expect(usdt.records[0]!.coin).toBe('USDT');
    const theirs = await depositsOf(alice, '?size=100');
    expect(theirs.records.some((d) => d.address === bob.address)).toBe(false);
    expect((await api(app, '/api/wallet/chain-deposits', { method: 'GET' })).status).toBe(401);
  });

  it('starts over at the head on a new chain behind the key: pending deposits dropped, credited ones kept', async () => {
    const pending = await sendEth(alice.address, '0.05');
    await run();
    expect(await depositOf(alice, pending)).toMatchObject({ status: 'pending' });
    const credited = (await depositsOf(alice, '?size=100')).records.filter((d) => d.status === 'credited').length;
    // What `npm start` does to a demo chain: the same key, another genesis (here told to the database directly).
    await t.db.run("UPDATE chain_cursors SET genesis = '0xold' WHERE chain = 'demo'");
    await run(newWatcher());
    expect(await depositOf(alice, pending)).toMatchObject({ status: 'dropped' });
    expect((await depositsOf(alice, '?size=100')).records.filter((d) => d.status === 'credited')).toHaveLength(
      credited,
    );
    const cursor = await t.db.get<{ genesis: string; number: unknown }>(
      "SELECT genesis, number FROM chain_cursors WHERE chain = 'demo'",
    );
    expect(cursor!.genesis).not.toBe('0xold');
    expect(Number(cursor!.number)).toBe(Number(await chain.client.getBlockNumber({ cacheTime: 0 })));
  });

  it('sends test coins from the faucet to the user on the demo chain only, once a minute per coin', async () => {
    const faucet = (who: { token: string }, coin: string, network = 'ERC20') =>
      api<{ txHash: Hex }>(app, '/api/wallet/faucet', { token: who.token, payload: { coin, network } });
    const eth = await faucet(bob, 'ETH');
    expect(eth.code).toBe(200);
    const usdt = await faucet(bob, 'USDT');
    expect(usdt.code).toBe(200);
    for (const h of [eth.data.txHash, usdt.data.txHash]) await mined(h);
    await run();
    expect(await depositOf(bob, eth.data.txHash)).toMatchObject({
      coin: 'ETH',
      amount: '1.00000000',
      status: 'pending',
    });
    expect(await depositOf(bob, usdt.data.txHash)).toMatchObject({
      coin: 'USDT',
      amount: '1000.00000000',
      status: 'pending',
    });

    const again = await faucet(bob, 'ETH');
    expect(again).toMatchObject({ status: 429, code: ERRORS.faucetTooSoon });
    expect(again.msg).toMatch(/ETH.*\d+ s/);
    expect(
      (
        await api(app, '/api/wallet/faucet', {
          token: bob.token,
          lang: 'de',
          payload: { coin: 'ETH', network: 'ERC20' },
        })
      ).msg,
    ).toContain('erneut');
    expect((await faucet(alice, 'ETH')).code).toBe(200);
    expect(await faucet(bob, 'ETH', 'BEP20')).toMatchObject({ code: ERRORS.faucetUnavailable });
    expect(await faucet(bob, 'BTC')).toMatchObject({ code: ERRORS.faucetUnavailable });
    await clock.jump(61_000);
    await app.jobs.idle();
    expect((await faucet(bob, 'ETH')).code).toBe(200);

    // Not on a chain that is not marked demo, and an unreachable node answers chainUnavailable with the network.
    const real = new Faucet({ db: t.db, chains: [{ ...demo, demo: false }], xpub: chain.xpub, clock });
    await expect(real.send(bob.id, 'ETH', 'ERC20')).rejects.toMatchObject({ errorName: 'faucetUnavailable' });
    const dead = createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) }) as PublicClient;
    const unreachable = new Faucet({ db: t.db, chains: [{ ...demo, client: dead }], xpub: chain.xpub, clock });
    const err = await unreachable.send(bob.id, 'ETH', 'ERC20').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ errorName: 'chainUnavailable', params: { network: 'ERC20' } });
    await mine(3);
    await run();
  });
});
