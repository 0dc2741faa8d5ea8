import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../ledger/account-types.ts';
import { jsonCommand } from './command.ts';
import { postFunds, type FundsPost } from './funds.ts';

/** Through the journal's JSON, as a batch body is written and read back. */
const journaled = (encoded: unknown): unknown => JSON.parse(JSON.stringify(encoded));

const transfer: FundsPost = {
  lines: [
    { owner: 7, type: ACCOUNT.spot, asset: 'USDT', available: -100n },
    { owner: 7, type: ACCOUNT.contract, asset: 'USDT', available: 100n },
  ],
  meta: { billType: 'transfer', refType: 'transfer', refId: 12 },
};

// Past 2^53, where a JSON number would round, a line with only a held amount and a bill type of its own, and holds
// named by a string and by a number.
const funding: FundsPost = {
  lines: [
    { owner: null, type: ACCOUNT.external, asset: 'BTC', available: -(2n ** 70n) - 1n },
    { owner: null, type: ACCOUNT.insuranceFund, asset: 'BTC', available: 2n ** 70n + 1n },
    { owner: 3, type: ACCOUNT.spot, asset: 'ETH', frozen: -5n, billType: 'trade_fee' },
    { owner: 3, type: ACCOUNT.spot, asset: 'ETH', available: 5n },
  ],
  meta: { billType: 'dev_credit', refType: 'seed', refId: 'genesis' },
  spends: [
    { hold: 'order:1', amount: 9_007_199_254_740_993n, billType: 'trade' },
    { hold: 2, amount: 0n },
  ],
};

describe('funds.post in the journal', () => {
  it.each([
    ['a transfer', transfer],
    ['a funding with big amounts, a held line and spends', funding],
  ])('reads %s back with the same fields and values', (_name, payload) => {
    expect(postFunds.decode(journaled(postFunds.encode(payload)))).toStrictEqual(payload);
  });

  it('writes a transfer as one flat tuple, its amounts as numbers', () => {
    expect(journaled(postFunds.encode(transfer))).toEqual([
      4,
      'transfer',
      'transfer',
      12,
      null,
      ...[7, ACCOUNT.spot, 'USDT', -100],
      ...[7, ACCOUNT.contract, 'USDT', 100],
    ]);
  });

  it('still reads what the builds before journaled (the object form, bigints as "123n")', () => {
    const before = jsonCommand<FundsPost, void>('funds.post', () => {});
    for (const payload of [transfer, funding])
      expect(postFunds.decode(journaled(before.encode(payload)))).toStrictEqual(payload);
  });
});
