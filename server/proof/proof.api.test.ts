import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { ProofFile, ProofRoot } from '../../isomorphic/contract/proof.ts';
import { checkProof } from '../../isomorphic/proof/verify.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { ManualClock } from '../clock/clock.ts';
import { projectedSeq } from '../core/journal/journal.repo.ts';
import { seedOperator } from '../seed/operator.ts';
import { publishProof } from './proof.service.ts';

/**
 * One-minute intervals: the second-contract settlement job runs every 250 ms, so each simulated minute is 240 of its
 * runs.
 */
const PERIOD = 60_000;
const T0 = Date.UTC(2026, 0, 1);

describe.each(FEATURE_DIALECTS)('proof of liabilities over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const clock = new ManualClock(T0);
  const tokens: Record<string, string> = {};
  const call = (who: string | undefined, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { method: 'GET', token: who ? tokens[who] : undefined, ...opts });
  const roots = async () => (await call(undefined, '/api/proof/roots')).data.records as ProofRoot[];
  const mine = (who: string, id?: number) =>
    call(who, '/api/proof/myLeaf', { query: id === undefined ? {} : { id: String(id) } });

  beforeAll(async () => {
    t = await open();
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    ({ app } = await testApp(t.db, { PROOF_INTERVAL_MINUTES: '1', PROOF_KEEP: '2' }, clock));
    for (const who of ['alice', 'bob', 'carol']) {
      await api(app, '/api/user/register', {
        payload: { type: 'account', username: `${who}_proof`, password: 'abc123', confirmPassword: 'abc123' },
      });
      tokens[who] = (
        await api(app, '/api/user/login', {
          payload: { type: 'account', username: `${who}_proof`, password: 'abc123' },
        })
      ).data.token;
    }
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    const credit = (username: string, asset: string, amount: string) =>
      call('ops', '/api/admin/credit', { method: 'POST', payload: { username, asset, amount } });
    await credit('alice_proof', 'USDT', '100');
    await credit('alice_proof', 'BTC', '1');
    await credit('bob_proof', 'USDT', '50');
    // Bob's order holds 20 USDT: held funds are still his, and still owed.
    expect(
      (
        await call('bob', '/api/currency/order/submit', {
          method: 'POST',
          payload: { symbol: 'solusdt', side: 'buy', type: 'limit', price: '180.00', quantity: '0.11' },
        })
      ).code,
    ).toBe(200);
    await clock.advance(PERIOD);
    await app.jobs.idle();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('publishes each period a root over every user with a balance, with the liabilities per asset, for anyone to read', async () => {
    const list = await roots();
    // The first proof was taken when the app started, before anyone held anything.
    expect(list.map((r) => [r.id, r.leafCount])).toEqual([
      [2, 2],
      [1, 0],
    ]);
    expect(list[0]).toMatchObject({
      takenAt: T0 + PERIOD,
      totals: [
        { asset: 'BTC', amount: '1.00000000' },
        { asset: 'USDT', amount: '150.00000000' },
      ],
      leavesKept: true,
    });
    expect(list[0]!.root).toMatch(/^[0-9a-f]{64}$/);
    // Taken at a journal position the tables had reached (perpetuals' mark ticks journal on after it).
    expect(list[0]!.seq).toBeGreaterThan(0);
    expect(list[0]!.seq).toBeLessThanOrEqual(await projectedSeq(t.db));
    expect(JSON.stringify(list)).not.toContain('alice');
    // The leaves add up to the totals.
    const leaves = await t.db.all<{ balances: string }>('SELECT balances FROM proof_leaves WHERE proof_id = 2');
    const usdt = leaves
      .flatMap((l) => JSON.parse(l.balances) as Array<{ asset: string; amount: string }>)
      .filter((b) => b.asset === 'USDT')
      .reduce((s, b) => s + Number(b.amount), 0);
    expect(usdt).toBe(150);
  });

  it('gives each user their own leaf and path, which the browser check leads to the published root', async () => {
    const res = await mine('alice');
    expect(res.code).toBe(200);
    const file = res.data as ProofFile;
    expect(file).toMatchObject({
      proofId: 2,
      root: (await roots())[0]!.root,
      leafCount: 2,
      leaf: {
        balances: [
          { asset: 'BTC', amount: '1.00000000' },
          { asset: 'USDT', amount: '100.00000000' },
        ],
      },
    });
    expect(await checkProof(file)).toMatchObject({ ok: true, root: file.root });
    const bob = (await mine('bob')).data as ProofFile;
    expect(bob.leaf.balances).toEqual([{ asset: 'USDT', amount: '50.00000000' }]);
    expect(bob.leaf.uid).not.toBe(file.leaf.uid);
    expect(bob.leafHash).not.toBe(file.leafHash);
  });

  it('answers a translated refusal for a proof without the user, an unknown proof, bad ids and no session', async () => {
    expect(await mine('carol')).toMatchObject({
      status: 400,
      code: ERRORS.proofNoLeaf,
      msg: expect.stringContaining('no balance'),
    });
    const de = await call('carol', '/api/proof/myLeaf', { lang: 'de' });
    expect(de.msg).toMatch(/Guthaben/);
    expect((await mine('alice', 1)).code).toBe(ERRORS.proofNoLeaf);
    expect((await mine('alice', 999)).code).toBe(ERRORS.proofNotFound);
    for (const id of ['abc', '0', '01', '-1', '1e3', '2.0'])
      expect((await call('alice', '/api/proof/myLeaf', { query: { id } })).status, id).toBe(400);
    expect((await call(undefined, '/api/proof/myLeaf')).status).toBe(401);
    for (const q of [{ current: '0' }, { size: '101' }, { id: 'x' }] as Array<Record<string, string>>)
      expect((await call(undefined, '/api/proof/roots', { query: q })).status).toBe(400);
  });

  it('publishes a period once, salts each proof afresh, and keeps the leaves of the newest proofs only', async () => {
    expect(
      await publishProof({ db: t.db, core: app.core, clock, keep: 2 }, { periodStart: T0 + PERIOD, operatorId: null }),
    ).toBeUndefined();
    expect((await roots()).length).toBe(2);
    const before = (await mine('alice')).data as ProofFile;
    await clock.advance(PERIOD);
    await app.jobs.idle();
    const after = (await mine('alice')).data as ProofFile;
    expect(after.proofId).toBe(3);
    expect(after.leaf.salt).not.toBe(before.leaf.salt);
    expect(await checkProof(after)).toMatchObject({ ok: true });
    expect((await roots()).map((r) => [r.id, r.leavesKept])).toEqual([
      [3, true],
      [2, true],
      [1, false],
    ]);
    expect((await mine('alice', 1)).code).toBe(ERRORS.proofLeavesPruned);
  });

  it('lets operators publish one now, audited; nobody else', async () => {
    expect((await call('alice', '/api/admin/proof/publish', { method: 'POST' })).status).toBe(403);
    expect((await call(undefined, '/api/admin/proof/publish', { method: 'POST' })).status).toBe(401);
    const res = await call('ops', '/api/admin/proof/publish', { method: 'POST' });
    expect(res.data).toMatchObject({ id: 4, leafCount: 2 });
    const audit = await call('ops', '/api/admin/audit');
    expect(audit.data.records[0]).toMatchObject({ action: 'proof.publish', targetType: 'proof', targetId: '4' });
    expect((await roots()).map((r) => [r.id, r.leavesKept])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
  });
});
