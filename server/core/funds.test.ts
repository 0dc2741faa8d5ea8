import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../ledger/account-types.ts';
import { BatchStrings, jsonCommand } from './command.ts';
import { postFunds, type FundsPost } from './funds.ts';

/** What a batch journals for a payload (its strings beside it), through the body's JSON. */
function journaled(encode: (strings: BatchStrings) => unknown): { encoded: unknown; strings: string[] } {
  const strings = new BatchStrings();
  const encoded = encode(strings);
  return JSON.parse(JSON.stringify({ encoded, strings: strings.list }));
}

const roundTrip = (encode: (strings: BatchStrings) => unknown): FundsPost => {
  const { encoded, strings } = journaled(encode);
  return postFunds.decode(encoded, strings);
};

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
    expect(roundTrip((strings) => postFunds.encode(payload, strings))).toStrictEqual(payload);
  });

  it('writes a transfer as one flat tuple, its amounts as numbers and its strings as the batch’s', () => {
    expect(journaled((strings) => postFunds.encode(transfer, strings))).toEqual({
      encoded: [4, 0, 0, 12, null, ...[7, ACCOUNT.spot, 1, -100], ...[7, ACCOUNT.contract, 1, 100]],
      strings: ['transfer', 'USDT'],
    });
  });

  it('still reads what the builds before journaled: the object form (bigints as "123n"), the tuple with strings', () => {
    const before = jsonCommand<FundsPost, void>('funds.post', () => {});
    for (const payload of [transfer, funding])
      expect(roundTrip((strings) => before.encode(payload, strings))).toStrictEqual(payload);
    const tuple = [4, 'transfer', 'transfer', 12, null, ...[7, ACCOUNT.spot, 'USDT', -100]];
    expect(postFunds.decode([...tuple, ...[7, ACCOUNT.contract, 'USDT', 100]], [])).toStrictEqual(transfer);
  });
});
