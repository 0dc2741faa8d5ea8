import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITIONAL_KINDS, ConditionalOrders, reachedAt, type PerpConditionalRow } from './perp-conditional.ts';

const row = (id: number, o: Pick<PerpConditionalRow, 'side' | 'type' | 'stopPrice' | 'by' | 'symbol'>) =>
  ({
    id,
    userId: 1 + (id % 3),
    quantity: 1n,
    price: 0n,
    tif: 'GTC',
    reduceOnly: false,
    algo: false,
    clientId: '',
    status: 'active',
    reason: null,
    orderId: null,
    triggeredAt: null,
    createdAt: id,
    updatedAt: id,
    ...o,
  }) satisfies PerpConditionalRow;

const order = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom(...CONDITIONAL_KINDS),
  stopPrice: fc.bigInt({ min: 90n, max: 110n }),
  by: fc.constantFrom('mark' as const, 'last' as const),
  symbol: fc.constantFrom('btcusdt_perp', 'ethusdt_perp'),
});

describe('the conditional orders index', () => {
  it('finds exactly the active orders of the contract and source that some step of the path reaches', () => {
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 60 }),
        fc.array(fc.bigInt({ min: 85n, max: 115n }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(59), { maxLength: 20 }),
        (orders, path, ended) => {
          const c = new ConditionalOrders();
          const rows = orders.map((o, i) => row(i + 1, o));
          for (const r of rows) c.add(r);
          // Some end (fired or cancelled) before the move: they leave every index.
          for (const i of ended)
            if (rows[i]?.status === 'active') c.touch(Object.assign(rows[i]!, { status: 'cancelled' as const }), 0);
          const want = rows
            .filter((r) => r.status === 'active' && r.symbol === 'btcusdt_perp' && r.by === 'mark')
            .filter((r) => path.some((p) => reachedAt(r, p)))
            .map((r) => r.id);
          const got = c.reachedBy('btcusdt_perp', 'mark', path).map((r) => r.id);
          expect(got.sort((a, b) => a - b)).toEqual(want);
          expect(c.ofUser(1).map((r) => r.id)).toEqual(
            rows.filter((r) => r.status === 'active' && r.userId === 1).map((r) => r.id),
          );
        },
      ),
    );
  });
});
