import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsuranceFund } from '../../../isomorphic/contract/perpetual.ts';

const request = vi.fn();
vi.mock('../api/client.ts', () => ({ request: (...args: unknown[]) => request(...args) }));
const { $insuranceFund, assetChoices, recordRow, showInsuranceFund } = await import('./insurance.ts');

const fund = (page: number): InsuranceFund => ({
  balances: [
    { asset: 'BTC', balance: '20.00000000' },
    { asset: 'USDT', balance: '999812.50000000' },
  ],
  history: {
    total: 3,
    page,
    size: 20,
    records: [
      { id: 9, asset: 'USDT', reason: 'perp_insurance', amount: '-187.50000000', balance: '999812.50000000', time: 2 },
      {
        id: 4,
        asset: 'USDT',
        reason: 'perp_liquidation_fee',
        amount: '12.25000000',
        balance: '1000000.00000000',
        time: 1,
      },
    ],
  },
});

describe('the insurance fund page', () => {
  beforeEach(() => request.mockReset());

  it('shows a movement with its reason, which way it went, and the amount without a sign', () => {
    const [out, into] = fund(1).history.records.map(recordRow);
    expect(out).toEqual({
      id: 9,
      time: 2,
      asset: 'USDT',
      reasonKey: 'insurance.reason.perp_insurance',
      direction: 'out',
      amount: '187.50000000',
      balance: '999812.50000000',
    });
    expect(into).toMatchObject({
      reasonKey: 'insurance.reason.perp_liquidation_fee',
      direction: 'in',
      amount: '12.25000000',
    });
  });

  it('offers all assets first, then each the fund holds', () => {
    expect(assetChoices(fund(1))).toEqual([null, 'BTC', 'USDT']);
    expect(assetChoices(undefined)).toEqual([null]);
  });

  it('asks for one asset’s page, or every asset’s, and keeps the table while the next page loads', async () => {
    request.mockResolvedValueOnce(fund(1));
    await showInsuranceFund({ asset: null, page: 1 });
    expect(request.mock.calls[0]![1]).toEqual({ query: { page: 1, size: 20 } });
    expect($insuranceFund.get()).toMatchObject({ status: 'ready', fund: fund(1) });
    let answer!: (f: InsuranceFund) => void;
    request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const next = showInsuranceFund({ asset: 'USDT', page: 2 });
    expect(request.mock.calls[1]![1]).toEqual({ query: { asset: 'USDT', page: 2, size: 20 } });
    expect($insuranceFund.get()).toMatchObject({ status: 'ready', view: { asset: 'USDT', page: 2 }, fund: fund(1) });
    answer(fund(2));
    await next;
    expect($insuranceFund.get()).toMatchObject({ status: 'ready', fund: { history: { page: 2 } } });
  });

  it('drops an answer to a view asked before the last one, and says when the call failed', async () => {
    let slow!: (f: InsuranceFund) => void;
    request.mockReturnValueOnce(new Promise((resolve) => (slow = resolve))).mockResolvedValueOnce(fund(3));
    const first = showInsuranceFund({ asset: null, page: 2 });
    await showInsuranceFund({ asset: null, page: 3 });
    slow(fund(2));
    await first;
    expect($insuranceFund.get()).toMatchObject({ view: { page: 3 }, fund: { history: { page: 3 } } });
    request.mockRejectedValueOnce(new Error('offline'));
    await showInsuranceFund({ asset: 'BTC', page: 1 });
    expect($insuranceFund.get()).toEqual({ status: 'failed', view: { asset: 'BTC', page: 1 } });
  });
});
