/**
 * An order book's levels as the screens show them, in integer units (never floats): grouped by a price step, with
 * the running total from the best price and each row's share of the deepest total for the depth shading.
 */
import { formatUnits, parseUnits } from './units.ts';

export type BookSide = 'bid' | 'ask';

/**
 * Adds levels (best first, as units of price and quantity) into buckets of `step`: a bid goes down to the step at or
 * below its price and an ask up to the step at or above it, so a bucket never claims a better price than its orders
 * offer. Stops at `limit` buckets.
 */
export function groupLevels(
  levels: Iterable<readonly [price: bigint, qty: bigint]>,
  step: bigint,
  side: BookSide,
  limit: number,
): Array<[price: bigint, qty: bigint]> {
  const out: Array<[bigint, bigint]> = [];
  for (const [p, q] of levels) {
    const bucket = side === 'ask' ? ((p + step - 1n) / step) * step : (p / step) * step;
    const last = out.at(-1);
    if (last && last[0] === bucket) last[1] += q;
    else {
      if (out.length === limit) break;
      out.push([bucket, q]);
    }
  }
  return out;
}

/** Units of a decimal string from the server, or 0 for text that is not one (a level is never worth guessing at). */
function units(text: string, scale: number): bigint {
  const parsed = parseUnits(text, scale);
  return parsed.ok ? parsed.value : 0n;
}

/** One row of a book ladder: the level, the running total from the best price, and that total's share of the most. */
export interface LadderRow {
  price: string;
  qty: string;
  cum: string;
  /** cum ÷ the side's deepest total, in 0…1: only the shading's width, never an amount. */
  share: number;
}

export interface LadderScales {
  priceScale: number;
  qtyScale: number;
}

/**
 * Both sides of a book grouped by `step` (decimal text; the levels as they came when it equals `tick`), cut to `rows`
 * a side, with running totals. The shares are of the larger side's deepest total, so the two sides compare.
 */
export function bookLadder(
  book: { bids: ReadonlyArray<readonly [string, string]>; asks: ReadonlyArray<readonly [string, string]> },
  s: LadderScales,
  step: string,
  rows: number,
): { bids: LadderRow[]; asks: LadderRow[] } {
  const stepUnits = units(step, s.priceScale) || 1n;
  const side = (levels: ReadonlyArray<readonly [string, string]>, which: BookSide) => {
    const grouped = groupLevels(
      levels.map(([p, q]) => [units(p, s.priceScale), units(q, s.qtyScale)] as const),
      stepUnits,
      which,
      rows,
    );
    let sum = 0n;
    return grouped.map(([p, q]) => ({ price: p, qty: q, cum: (sum += q) }));
  };
  const bids = side(book.bids, 'bid');
  const asks = side(book.asks, 'ask');
  const deepest = [bids.at(-1)?.cum ?? 0n, asks.at(-1)?.cum ?? 0n].reduce((a, b) => (a > b ? a : b));
  const row = (l: { price: bigint; qty: bigint; cum: bigint }): LadderRow => ({
    price: formatUnits(l.price, s.priceScale),
    qty: formatUnits(l.qty, s.qtyScale),
    cum: formatUnits(l.cum, s.qtyScale),
    // Per ten thousand in integers first, so the share is exact to 0.01 % whatever the amounts' size.
    share: deepest > 0n ? Number((l.cum * 10_000n) / deepest) / 10_000 : 0,
  });
  return { bids: bids.map(row), asks: asks.map(row) };
}
