import { describe, expect, it } from 'vitest';
import { chargeFor, costAt, quoteOf, startedDays } from './cost.ts';

const DAY = 86_400_000;
const ONE = 100_000_000n;
const loan = { principal: 1000n * ONE, dailyRate: 100_000n, overdueRate: 500_000n, startAt: 0, dueAt: 7 * DAY };

describe('the loan cost formula', () => {
  it('counts a started day as a day', () => {
    expect([
      startedDays(0, 0),
      startedDays(0, 1),
      startedDays(0, DAY),
      startedDays(0, DAY + 1),
      startedDays(5, 1),
    ]).toEqual([0, 1, 1, 2, 0]);
  });
  it('rounds each charge down once, at 8 decimals', () => {
    expect(chargeFor(1n, 99_999_999n, 1)).toBe(0n);
    expect(chargeFor(333_33333333n, 123_457n, 3)).toBe(1_23456999n);
  });
  it('charges at least one day, then every started day to the due date, then the penalty past it', () => {
    expect(costAt(loan, 0)).toMatchObject({
      interest: ONE,
      penalty: 0n,
      total: 1001n * ONE,
      interestDays: 1,
      overdueDays: 0,
    });
    expect(costAt(loan, 3.5 * DAY)).toMatchObject({ interest: 4n * ONE, interestDays: 4 });
    expect(costAt(loan, 7 * DAY)).toMatchObject({ interest: 7n * ONE, penalty: 0n, overdueDays: 0 });
    expect(costAt(loan, 7 * DAY + 1)).toMatchObject({
      interest: 7n * ONE,
      penalty: 5n * ONE,
      total: 1012n * ONE,
      overdueDays: 1,
    });
    expect(costAt(loan, 10 * DAY)).toMatchObject({ penalty: 15n * ONE, overdueDays: 3 });
  });
  it('quotes an application: the whole cycle, the least interest, the penalty per day late', () => {
    expect(quoteOf(1000n * ONE, 100_000n, 500_000n, 15)).toEqual({
      interest: 15n * ONE,
      total: 1015n * ONE,
      minInterest: ONE,
      penaltyPerDay: 5n * ONE,
    });
  });
});
