import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnCoin } from '../../../isomorphic/contract/private-feed.ts';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { Posting } from '../../ledger/ledger.ts';
import { postFunds } from '../../core/funds.ts';
import { AppError } from '../../outcome.ts';

/** Lets the in-memory bus deliver (it does so on a microtask). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));
const usdt = (n: number) => BigInt(n) * 10n ** 8n;

describe.each(DIALECTS)('balance events after commit on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let alice: { id: number; token: string };
  const seen: OwnCoin[][] = [];
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    alice = await signUp(app, 'alice_events');
    app.bus.subscribe(`user.${alice.id}.balance`, (m) => seen.push(m as OwnCoin[]));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const transfer = (amount: bigint): Posting[] => [
    { owner: alice.id, type: ACCOUNT.spot, asset: 'USDT', available: -amount },
    { owner: alice.id, type: ACCOUNT.contract, asset: 'USDT', available: amount },
  ];

  it('announces the balances a command leaves once its batch is journaled, and nothing before', async () => {
    await app.core.submit(postFunds, {
      lines: [
        { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -usdt(100) },
        { owner: alice.id, type: ACCOUNT.spot, asset: 'USDT', available: usdt(100) },
      ],
      meta: { billType: 'dev_credit', refType: 'test', refId: 1 },
    });
    await delivered();
    expect(seen).toEqual([[{ type: 1, coin: 'USDT', available: '100.00000000', frozen: '0.00000000' }]]);

    await app.core.submitPrepared(postFunds, async () => {
      // Inside the command's transaction: decided, not yet durable.
      await delivered();
      expect(seen).toHaveLength(1);
      return { lines: transfer(usdt(40)), meta: { billType: 'transfer' as const, refType: 'test', refId: 2 } };
    });
    await delivered();
    expect(seen[1]).toEqual([
      { type: 1, coin: 'USDT', available: '60.00000000', frozen: '0.00000000' },
      { type: 2, coin: 'USDT', available: '40.00000000', frozen: '0.00000000' },
    ]);
  });

  it('a transfer whose transaction rolls back publishes nothing and moves nothing', async () => {
    const before = seen.length;
    await expect(
      app.core.submitPrepared(postFunds, async () => {
        throw new AppError('notFound');
      }),
    ).rejects.toThrow('notFound');
    // Refused by the API: more than the spot account holds.
    const refused = await api(app, '/api/asset/transferFunds', {
      token: alice.token,
      payload: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
    });
    expect(refused.code).not.toBe(200);
    await delivered();
    expect(seen).toHaveLength(before);

    const done = await api(app, '/api/asset/transferFunds', {
      token: alice.token,
      payload: { coin: 'USDT', from: 1, to: 2, amount: '5' },
    });
    expect(done.code).toBe(200);
    await delivered();
    expect(seen.at(-1)).toEqual([
      { type: 1, coin: 'USDT', available: '55.00000000', frozen: '0.00000000' },
      { type: 2, coin: 'USDT', available: '45.00000000', frozen: '0.00000000' },
    ]);
  });
});
