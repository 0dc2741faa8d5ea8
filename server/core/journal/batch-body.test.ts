import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { placeOrder } from '../../spot/spot.commands.ts';
import { postFunds, type FundsPost } from '../funds.ts';
import { BatchBody, readBody, readCommands } from './batch-body.ts';

const transfer: FundsPost = {
  lines: [
    { owner: 7, type: ACCOUNT.spot, asset: 'USDT', available: -100n },
    { owner: 7, type: ACCOUNT.contract, asset: 'USDT', available: 100n },
  ],
  meta: { billType: 'transfer', refType: 'transfer', refId: 12 },
};
const order = {
  symbol: 'btcusdt',
  userId: 7,
  side: 'buy',
  kind: 'limit',
  tif: 'GTC',
  price: 9_700_000n,
  quantity: 50_000n,
  quoteBudget: 0n,
} as const;

/** The commands of a body as a replay reads them: type, payload decoded, tag. */
function commands(body: string): Array<[string, unknown, string | undefined]> {
  const out: Array<[string, unknown, string | undefined]> = [];
  readCommands(body, (type, payload, strings, tag) =>
    out.push([type, (type === postFunds.type ? postFunds : placeOrder).decode(payload, strings), tag]),
  );
  expect(out).toHaveLength(readBody(body).n);
  return out;
}

describe('a batch body', () => {
  it('reads back each command with its type, payload and tag, each string written once', () => {
    const body = new BatchBody();
    body.add(postFunds, transfer, undefined);
    body.add(placeOrder, order, 'u1:k1');
    body.add(postFunds, transfer, undefined);
    expect(body.length).toBe(3);
    const json = body.toJSON();
    expect(JSON.parse(json).s).toEqual([
      'funds.post',
      'transfer',
      'USDT',
      'spot.place',
      'btcusdt',
      'buy',
      'limit',
      'GTC',
    ]);
    expect(commands(json)).toStrictEqual([
      ['funds.post', transfer, undefined],
      ['spot.place', order, 'u1:k1'],
      ['funds.post', transfer, undefined],
    ]);
  });

  it('reads a body journaled before batches had strings: an array of [type, payload, tag?]', () => {
    const before = JSON.stringify([
      ['spot.place', ['btcusdt', 7, 'buy', 'limit', 'GTC', '9700000', '50000', '0'], 'u1:k1'],
      [
        'funds.post',
        [4, 'transfer', 'transfer', 12, null, 7, ACCOUNT.spot, 'USDT', -100, 7, ACCOUNT.contract, 'USDT', 100],
      ],
    ]);
    expect(commands(before)).toStrictEqual([
      ['spot.place', order, 'u1:k1'],
      ['funds.post', transfer, undefined],
    ]);
  });
});
