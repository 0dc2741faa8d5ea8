import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../outcome.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { RiskEngine } from './risk-engine.ts';
import { runs } from '../../../tests/support/property.ts';

const meta = { billType: 'transfer' as const, refType: 'test', refId: 1 };
const deposit = (risk: RiskEngine, owner: number, asset: string, amount: bigint) =>
  risk.post(
    [
      { owner: null, type: ACCOUNT.external, asset, available: -amount },
      { owner, type: ACCOUNT.spot, asset, available: amount },
    ],
    { ...meta, billType: 'deposit' },
  );

/**
 * Per asset everything sums to zero, nothing but the outside world is negative, and held amounts are exactly the holds.
 */
function invariants(risk: RiskEngine): void {
  const sums = new Map<string, bigint>();
  const held = new Map<string, bigint>();
  for (const h of risk.holds.values())
    held.set(`${h.owner}:${h.type}:${h.asset}`, (held.get(`${h.owner}:${h.type}:${h.asset}`) ?? 0n) + h.amount);
  for (const [key, b] of risk.balances) {
    const [, type, asset] = key.split(':');
    sums.set(asset!, (sums.get(asset!) ?? 0n) + b.available + b.held);
    if (Number(type) !== ACCOUNT.external) expect(b.available >= 0n && b.held >= 0n, key).toBe(true);
    expect(b.held, key).toBe(held.get(key) ?? 0n);
  }
  for (const [asset, sum] of sums) expect(sum, asset).toBe(0n);
}

describe('the risk engine', () => {
  it('refuses an unbalanced transaction or an owner on a platform account before anything moves', () => {
    const risk = new RiskEngine();
    deposit(risk, 1, 'BTC', 100n);
    expect(() =>
      risk.post(
        [
          { owner: 1, type: ACCOUNT.spot, asset: 'BTC', available: -10n },
          { owner: 2, type: ACCOUNT.spot, asset: 'BTC', available: 9n },
        ],
        meta,
      ),
    ).toThrow(/unbalanced/);
    expect(() =>
      risk.post(
        [
          { owner: 1, type: ACCOUNT.feeIncome, asset: 'BTC', available: 1n },
          { owner: 1, type: ACCOUNT.spot, asset: 'BTC', available: -1n },
        ],
        meta,
      ),
    ).toThrow(/do not go together/);
    expect(risk.available(1, ACCOUNT.spot, 'BTC')).toBe(100n);
    expect(risk.takeFacts()).toHaveLength(1);
  });

  it('refuses to take a balance below zero, and moves none of the other lines', () => {
    const risk = new RiskEngine();
    deposit(risk, 1, 'USDT', 100n);
    let refusal: unknown;
    try {
      risk.post(
        [
          { owner: 1, type: ACCOUNT.spot, asset: 'USDT', available: -101n },
          { owner: 2, type: ACCOUNT.spot, asset: 'USDT', available: 101n },
        ],
        meta,
      );
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).errorName).toBe('insufficientBalance');
    expect(risk.available(2, ACCOUNT.spot, 'USDT')).toBe(0n);
  });

  it('holds funds under an id, spends them only up to the hold, and releases exactly the rest', () => {
    const risk = new RiskEngine();
    deposit(risk, 1, 'ETH', 100n);
    risk.hold('order:7', 1, ACCOUNT.spot, 'ETH', 60n, meta);
    expect(() => risk.hold('order:8', 1, ACCOUNT.spot, 'ETH', 41n, meta)).toThrow(/insufficientBalance/);
    expect(() =>
      risk.post([{ owner: 2, type: ACCOUNT.spot, asset: 'ETH', available: 61n }], meta, [
        { hold: 'order:7', amount: 61n },
      ]),
    ).toThrow(/holds 60/);
    risk.post([{ owner: 2, type: ACCOUNT.spot, asset: 'ETH', available: 25n }], meta, [
      { hold: 'order:7', amount: 25n },
    ]);
    expect(risk.release('order:7', meta)).toBe(35n);
    expect(risk.hasHold('order:7')).toBe(false);
    expect(risk.balance(1, ACCOUNT.spot, 'ETH')).toEqual({ available: 75n, held: 0n });
    invariants(risk);
  });

  it('keeps every invariant over random deposits, holds, spends, releases, transfers and withdrawals', () => {
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'hold', 'spend', 'release', 'transfer', 'withdraw'),
      a: fc.integer({ min: 1, max: 3 }),
      b: fc.integer({ min: 1, max: 3 }),
      asset: fc.constantFrom('BTC', 'USDT'),
      amount: fc.bigInt({ min: 1n, max: 10_000n }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const risk = new RiskEngine();
        let n = 0;
        for (const o of ops) {
          const holds = [...risk.holds.values()].filter((h) => h.owner === o.a);
          try {
            if (o.kind === 'deposit') deposit(risk, o.a, o.asset, o.amount);
            else if (o.kind === 'hold') risk.hold(`h:${n++}`, o.a, ACCOUNT.spot, o.asset, o.amount, meta);
            else if (o.kind === 'spend' && holds[0]) {
              const amount = o.amount > holds[0].amount ? holds[0].amount : o.amount;
              risk.post(
                [
                  { owner: null, type: ACCOUNT.feeIncome, asset: holds[0].asset, available: amount / 10n },
                  { owner: o.b, type: ACCOUNT.spot, asset: holds[0].asset, available: amount - amount / 10n },
                ],
                meta,
                [{ hold: holds[0].id, amount }],
              );
            } else if (o.kind === 'release' && holds[0]) risk.release(holds[0].id, meta);
            else if (o.kind === 'transfer')
              risk.post(
                [
                  { owner: o.a, type: ACCOUNT.spot, asset: o.asset, available: -o.amount },
                  { owner: o.b, type: ACCOUNT.contract, asset: o.asset, available: o.amount },
                ],
                meta,
              );
            else if (o.kind === 'withdraw')
              risk.post(
                [
                  { owner: o.a, type: ACCOUNT.spot, asset: o.asset, available: -o.amount },
                  { owner: null, type: ACCOUNT.external, asset: o.asset, available: o.amount },
                ],
                meta,
              );
          } catch (err) {
            if (!(err instanceof AppError) || err.errorName !== 'insufficientBalance') throw err;
          }
          invariants(risk);
        }
      }),
      runs(200),
    );
  });
});
