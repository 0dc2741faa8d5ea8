import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charged,
  DAILY_RATES,
  HOUR_MS,
  hourlyInterest,
  hoursOwed,
  interestDue,
  nextChargeAt,
  openLoan,
  repayLoans,
  type Loan,
} from './interest.ts';

const U = 10n ** 8n;
const T0 = Date.UTC(2026, 0, 1, 10, 20);

describe('margin interest', () => {
  it('charges principal × daily rate ÷ 24 an hour, rounded up', () => {
    // 10,000 USDT at 0.025% a day: 2.5 USDT a day, 0.10416667 an hour (0.104166666… up).
    expect(DAILY_RATES.USDT).toBe(25_000n);
    expect(hourlyInterest(10_000n * U, DAILY_RATES.USDT!)).toBe(10_416_667n);
    // 24 BTC at 0.005% a day: 0.005% of 1 BTC an hour, exactly.
    expect(hourlyInterest(24n * U, DAILY_RATES.BTC!)).toBe(5_000n);
    expect(hourlyInterest(1n, DAILY_RATES.BTC!)).toBe(1n);
    expect(hourlyInterest(0n, DAILY_RATES.BTC!)).toBe(0n);
  });

  it('charges the first hour at borrowing, then each full hour since', () => {
    const { loan, interest } = openLoan(10_000n * U, T0, DAILY_RATES.USDT!);
    expect(interest).toBe(10_416_667n);
    expect(loan.hoursCharged).toBe(1);
    expect(nextChargeAt(loan)).toBe(T0 + HOUR_MS);
    const cases: Array<[number, number]> = [
      [0, 0],
      [HOUR_MS - 1, 0],
      [HOUR_MS, 1],
      [2 * HOUR_MS + 5, 2],
      [10 * HOUR_MS, 10],
    ];
    for (const [after, hours] of cases) {
      const due = interestDue(loan, DAILY_RATES.USDT!, T0 + after);
      expect(due).toEqual({ hours, fromHour: 1, interest: BigInt(hours) * 10_416_667n, hoursCharged: 1 + hours });
    }
    expect(hoursOwed(T0, T0 - 1)).toBe(0);
    expect(interestDue({ ...loan, hoursCharged: 0 }, DAILY_RATES.USDT!, T0)).toMatchObject({ hours: 1, fromHour: 0 });
    expect(interestDue({ ...loan, principal: 0n }, DAILY_RATES.USDT!, T0 + 5 * HOUR_MS).hours).toBe(0);
  });

  it('charges every loan-hour exactly once, however the job runs', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 14n), fc.array(fc.nat(3 * HOUR_MS), { maxLength: 30 }), (principal, steps) => {
        const rate = DAILY_RATES.ETH!;
        let { loan, interest: total } = openLoan(principal, T0, rate);
        let now = T0;
        for (const step of steps) {
          now += step;
          const due = interestDue(loan, rate, now);
          loan = charged(loan, due);
          total += due.interest;
          // Running again at the same time finds nothing.
          expect(interestDue(loan, rate, now).hours).toBe(0);
        }
        expect(loan.hoursCharged).toBe(hoursOwed(T0, now));
        expect(total).toBe(BigInt(hoursOwed(T0, now)) * hourlyInterest(principal, rate));
      }),
    );
  });

  it('repays principal over loans oldest first, never more than they hold', () => {
    const loans: Loan[] = [
      { principal: 30n, startedAt: 1, hoursCharged: 1 },
      { principal: 50n, startedAt: 2, hoursCharged: 1 },
    ];
    expect(repayLoans(loans, 40n)).toEqual({
      loans: [
        { principal: 0n, startedAt: 1, hoursCharged: 1 },
        { principal: 40n, startedAt: 2, hoursCharged: 1 },
      ],
      applied: 40n,
    });
    expect(repayLoans(loans, 100n).applied).toBe(80n);
    expect(repayLoans(loans, -1n).applied).toBe(0n);
  });
});
