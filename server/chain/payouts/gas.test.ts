import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { ledgerCost } from '../signer/gas-cost.ts';
import { gasLines } from './settle.ts';

describe('gas in the ledger', () => {
  it('rounds a gas cost up to whole ledger units, so the budget is never found short', () => {
    expect(ledgerCost(0n, 18)).toBe(0n);
    expect(ledgerCost(1n, 18)).toBe(1n);
    expect(ledgerCost(10n ** 10n, 18)).toBe(1n);
    expect(ledgerCost(10n ** 10n + 1n, 18)).toBe(2n);
    expect(ledgerCost(21_000n * 2_000_000_000n, 18)).toBe(4200n);
    expect(ledgerCost(5n, 6)).toBe(500n);
  });

  it('books gas from the platform’s gas budget to the external account, and nothing for no gas', () => {
    const eth = { coin: 'ETH', decimals: 18 };
    expect(gasLines(eth, '42000000000000')).toEqual([
      { owner: null, type: ACCOUNT.chainGas, asset: 'ETH', available: -4200n, billType: 'chain_gas' },
      { owner: null, type: ACCOUNT.external, asset: 'ETH', available: 4200n, billType: 'chain_gas' },
    ]);
    expect(gasLines(eth, '0')).toEqual([]);
    expect(gasLines(eth, null)).toEqual([]);
    expect(gasLines(undefined, '5')).toEqual([]);
  });
});
