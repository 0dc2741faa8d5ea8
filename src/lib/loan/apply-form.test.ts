import { describe, expect, it } from 'vitest';
import type { LoanProduct } from '../../../isomorphic/contract/loan.ts';
import { applyProblems, applyQuote, ratePercent, trim } from './apply-form.ts';

const product: LoanProduct = {
  id: 1,
  name: 'Power loan',
  names: { en: 'Power loan' },
  coin: 'USDT',
  dailyRate: '0.00100000',
  overdueRate: '0.00500000',
  cycles: [7, 15, 30],
  minAmount: '100.00000000',
  maxAmount: '50000.00000000',
  institution: 'Desk',
  institutions: { en: 'Desk' },
  repayTypes: [1],
  open: true,
};
const ok = { amount: '1000', photos: 3, kycLevel: 1 };

describe('the loan application form', () => {
  it('passes a good application', () => {
    expect(applyProblems(product, ok)).toEqual([]);
  });
  it('names the limits in the server’s words, a bad number, too many decimals, missing photos and a missing verification', () => {
    expect(applyProblems(product, { ...ok, amount: '50000.00000001' })).toEqual([
      { field: 'amount', key: 'error.loanOutsideLimits', params: { min: '100', max: '50000', coin: 'USDT' } },
    ]);
    expect(applyProblems(product, { ...ok, amount: '99.99' })[0]).toMatchObject({ key: 'error.loanOutsideLimits' });
    expect(applyProblems(product, { ...ok, amount: '1e3' })).toEqual([
      { field: 'amount', key: 'loan.problem.amountFormat' },
    ]);
    expect(applyProblems(product, { ...ok, amount: '100.000000001' })).toEqual([
      { field: 'amount', key: 'loan.problem.amountPrecision' },
    ]);
    expect(applyProblems(product, { ...ok, photos: 2, kycLevel: 0 }).map((p) => p.field)).toEqual(['photos', 'kyc']);
  });
  it('quotes the cost by the published formula', () => {
    expect(applyQuote(product, '1000', 15)).toEqual({
      interest: '15',
      total: '1015',
      minInterest: '1',
      penaltyPerDay: '5',
    });
    expect(applyQuote(product, '123.45678901', 7)).toEqual({
      interest: '0.86419752',
      total: '124.32098653',
      minInterest: '0.12345678',
      penaltyPerDay: '0.61728394',
    });
    expect(applyQuote(product, 'x', 7)).toBeNull();
  });
  it('reads rates and amounts plainly', () => {
    expect([ratePercent('0.00100000'), ratePercent('0.00012345'), ratePercent('0.05000000')]).toEqual([
      '0.1%',
      '0.012345%',
      '5%',
    ]);
    expect([trim('100.00000000'), trim('1000.50000000'), trim('7')]).toEqual(['100', '1000.5', '7']);
  });
});
