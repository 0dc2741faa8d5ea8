import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KLINE_INTERVALS } from '../../isomorphic/contract/spot.ts';
import { CandleSeries, type Candle } from './candles.ts';
import { candleOpen } from './intervals.ts';

const DAY = 86_400_000;

/** Every interval's candles of a series, for comparing two series. */
const all = (s: CandleSeries) => KLINE_INTERVALS.map((i) => s.candles(i, 1500));

/** The definition: each trade joins the candle of its period at every interval; a trade for a closed one is dropped. */
function reference() {
  const lists = KLINE_INTERVALS.map((): Candle[] => []);
  return {
    lists,
    add(time: number, price: bigint, qty: bigint, quote: bigint) {
      KLINE_INTERVALS.forEach((interval, i) => {
        const list = lists[i]!;
        const openTime = candleOpen(interval, time);
        let last = list.at(-1);
        if (last && last.openTime > openTime) return;
        if (!last || last.openTime < openTime) {
          last = {
            openTime,
            open: price,
            high: price,
            low: price,
            close: price,
            volume: 0n,
            quoteVolume: 0n,
            trades: 0,
          };
          list.push(last);
        }
        if (price > last.high) last.high = price;
        if (price < last.low) last.low = price;
        last.close = price;
        last.volume += qty;
        last.quoteVolume += quote;
        last.trades += 1;
      });
    },
  };
}

describe('candles', () => {
  // Market data adds a batch's trades (one time) as a run: it must leave the candles adding each in turn leaves.
  it('adding a trade, or a run of trades of one time, leaves the candles the definition does, across periods and late trades', () => {
    const trade = fc.record({
      price: fc.bigInt({ min: 1n, max: 10_000n }),
      qty: fc.bigInt({ min: 0n, max: 1_000n }),
      quote: fc.bigInt({ min: 0n, max: 1_000_000n }),
    });
    // Batches at times that move forward mostly, across minutes, weeks and months, and now and then back.
    const batch = fc.record({
      step: fc.oneof(fc.integer({ min: -90_000, max: 90_000 }), fc.integer({ min: -2 * DAY, max: 40 * DAY })),
      trades: fc.array(trade, { minLength: 1, maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(batch, { maxLength: 30 }), (batches) => {
        const each = new CandleSeries('x');
        const model = reference();
        const runs = new CandleSeries('x');
        let time = Date.UTC(2026, 0, 30, 23, 59);
        for (const b of batches) {
          time = Math.max(0, time + b.step);
          for (const t of b.trades) each.add(time, t.price, t.qty, t.quote);
          for (const t of b.trades) model.add(time, t.price, t.qty, t.quote);
          const prices = b.trades.map((t) => t.price);
          runs.addRun(
            time,
            prices[0]!,
            prices.reduce((a, p) => (p > a ? p : a)),
            prices.reduce((a, p) => (p < a ? p : a)),
            prices.at(-1)!,
            b.trades.reduce((a, t) => a + t.qty, 0n),
            b.trades.reduce((a, t) => a + t.quote, 0n),
            b.trades.length,
          );
          expect(all(each)).toEqual(model.lists);
          expect(all(runs)).toEqual(model.lists);
        }
      }),
      { numRuns: 300 },
    );
  });
});
