import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { AppError } from '../http/errors.ts';
import { ACCOUNT } from './account-types.ts';
import { auditLedger, balanceOf, post, type Posting } from './ledger.ts';
import { accountKey, addPending } from './pending.ts';

const deposit = (user: number, asset: string, amount: bigint): Posting[] => [
  { owner: null, type: ACCOUNT.external, asset, available: -amount },
  { owner: user, type: ACCOUNT.spot, asset, available: amount },
];

describe.each(DIALECTS)('the ledger on %s', (_name, open) => {
  let t: TestDatabase;
  const users: number[] = [];
  beforeAll(async () => {
    t = await open();
    const now = Date.now();
    for (const code of ['BTC', 'USDT']) await t.db.run('INSERT INTO assets (code, name, scale, display_decimals, created_at) VALUES (?, ?, 8, 8, ?)', [code, code, now]);
    for (let i = 0; i < 4; i++) {
      const row = await t.db.get<{ id: bigint }>(
        "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, 'x', ?, ?, ?) RETURNING id",
        [`9000000${i}`, `ledger_${i}`, `INV${i}`, now, now],
      );
      users.push(Number(row!.id));
    }
  });
  afterAll(() => t.drop());

  it('refuses an unbalanced transaction before touching anything', async () => {
    await expect(t.db.tx((q) => post(q, [{ owner: users[0]!, type: ACCOUNT.spot, asset: 'BTC', available: 5n }], { billType: 'deposit', refType: 'test', refId: 1 }))).rejects.toThrow(/unbalanced/);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('counts funds an acknowledged order holds before the projector has written them', async () => {
    await t.db.tx((q) => post(q, deposit(users[3]!, 'BTC', 100n), { billType: 'deposit', refType: 'test', refId: 10 }));
    // The journal holds 70 of the 100 for an order; the accounts table does not show it yet.
    const hold: Array<[string, { available: bigint; frozen: bigint }]> = [[accountKey(users[3]!, ACCOUNT.spot, 'BTC'), { available: -70n, frozen: 70n }]];
    addPending(t.db.scope, hold, 1n);
    try {
      const transfer = (amount: bigint) =>
        t.db.tx((q) => post(q, [
          { owner: users[3]!, type: ACCOUNT.spot, asset: 'BTC', available: -amount },
          { owner: users[3]!, type: ACCOUNT.otc, asset: 'BTC', available: amount },
        ], { billType: 'transfer', refType: 'test', refId: 11 }));
      await expect(transfer(31n)).rejects.toThrow(AppError);
      expect(await balanceOf(t.db, users[3]!, ACCOUNT.spot, 'BTC')).toEqual({ available: 100n, frozen: 0n });
      await transfer(30n);
      expect(await balanceOf(t.db, users[3]!, ACCOUNT.spot, 'BTC')).toEqual({ available: 70n, frozen: 0n });
    } finally {
      addPending(t.db.scope, hold, -1n);
    }
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('refuses to take a balance below zero and rolls the whole transaction back', async () => {
    await t.db.tx((q) => post(q, deposit(users[0]!, 'USDT', 100n), { billType: 'deposit', refType: 'test', refId: 2 }));
    const overspend = t.db.tx((q) =>
      post(q, [
        { owner: users[0]!, type: ACCOUNT.spot, asset: 'USDT', available: -150n },
        { owner: users[1]!, type: ACCOUNT.spot, asset: 'USDT', available: 150n },
      ], { billType: 'transfer', refType: 'test', refId: 3 }),
    );
    await expect(overspend).rejects.toBeInstanceOf(AppError);
    expect(await balanceOf(t.db, users[0]!, ACCOUNT.spot, 'USDT')).toEqual({ available: 100n, frozen: 0n });
    expect(await balanceOf(t.db, users[1]!, ACCOUNT.spot, 'USDT')).toEqual({ available: 0n, frozen: 0n });
  });

  it('never lets two concurrent withdrawals spend the same funds', async () => {
    await t.db.tx((q) => post(q, deposit(users[2]!, 'BTC', 1_000n), { billType: 'deposit', refType: 'test', refId: 4 }));
    const withdraw = () =>
      t.db.tx((q) =>
        post(q, [
          { owner: users[2]!, type: ACCOUNT.spot, asset: 'BTC', available: -700n },
          { owner: null, type: ACCOUNT.external, asset: 'BTC', available: 700n },
        ], { billType: 'withdraw', refType: 'test', refId: 5 }),
      );
    const results = await Promise.allSettled([withdraw(), withdraw(), withdraw()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(t.db, users[2]!, ACCOUNT.spot, 'BTC')).toEqual({ available: 300n, frozen: 0n });
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('keeps every invariant over random sequences of deposits, freezes, transfers, fees and withdrawals', async () => {
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'freeze', 'unfreeze', 'transfer', 'fee', 'withdraw'),
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      asset: fc.constantFrom('BTC', 'USDT'),
      amount: fc.bigInt({ min: 1n, max: 10_000n }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        await Promise.allSettled(
          ops.map((o, i) => {
            const a = users[o.from]!;
            const b = users[o.to]!;
            const x = o.amount;
            const lines: Record<string, Posting[]> = {
              deposit: deposit(a, o.asset, x),
              freeze: [{ owner: a, type: ACCOUNT.spot, asset: o.asset, available: -x, frozen: x }],
              unfreeze: [{ owner: a, type: ACCOUNT.spot, asset: o.asset, available: x, frozen: -x }],
              transfer: [
                { owner: a, type: ACCOUNT.spot, asset: o.asset, available: -x },
                { owner: b, type: ACCOUNT.contract, asset: o.asset, available: x },
              ],
              fee: [
                { owner: a, type: ACCOUNT.spot, asset: o.asset, frozen: -x },
                { owner: null, type: ACCOUNT.feeIncome, asset: o.asset, available: x - x / 10n },
                { owner: null, type: ACCOUNT.safetyFund, asset: o.asset, available: x / 10n },
              ],
              withdraw: [
                { owner: a, type: ACCOUNT.spot, asset: o.asset, available: -x },
                { owner: null, type: ACCOUNT.external, asset: o.asset, available: x },
              ],
            };
            return t.db.tx((q) => post(q, lines[o.kind]!, { billType: o.kind === 'fee' ? 'trade_fee' : 'transfer', refType: 'prop', refId: i }));
          }),
        );
        expect(await auditLedger(t.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
