/**
 * Where the depth chart draws a book: each level's price and running total as fractions of the plot (0…1), and the
 * axis labels. The amounts are exact (units); only the fractions, which are positions on screen, are floats.
 */
import { formatAmount, formatCompact } from '../../../isomorphic/format/index.ts';
import type { LadderRow, LadderScales } from '../../../isomorphic/money/depth.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';

/** One stair: at `x` the running total rises to `y`; `edge` is where the last stair runs out (the plot's side). */
export interface Stair {
  x: number;
  y: number;
  edge: number;
}

export interface DepthGeometry {
  bids: Stair[];
  asks: Stair[];
  xTicks: Array<{ at: number; label: string }>;
  yTicks: Array<{ at: number; label: string }>;
  /** The level whose running total a pointer at `fx` reads: bids left of the middle, asks right of it. */
  nearest(fx: number): { side: 'bid' | 'ask'; index: number } | null;
}

const u = (text: string, scale: number) => {
  const p = parseUnits(text, scale);
  return p.ok ? p.value : 0n;
};

/** The tallest stair stops below the top, so the read-out dot never sits on the edge. */
const HEADROOM = 0.92;

/**
 * Centres the chart on the middle of the spread, as wide as the farther side reaches, so the two sides meet in the
 * middle and a price's distance from it reads the same to either side.
 */
export function depthGeometry(ladder: { bids: LadderRow[]; asks: LadderRow[] }, s: LadderScales): DepthGeometry {
  const bid = ladder.bids.map((r) => ({ p: u(r.price, s.priceScale), c: u(r.cum, s.qtyScale) }));
  const ask = ladder.asks.map((r) => ({ p: u(r.price, s.priceScale), c: u(r.cum, s.qtyScale) }));
  if (!bid.length && !ask.length) return { bids: [], asks: [], xTicks: [], yTicks: [], nearest: () => null };
  const best = { bid: bid[0]?.p ?? ask[0]!.p, ask: ask[0]?.p ?? bid[0]!.p };
  // Doubled so the middle of the spread stays a whole number of units.
  const mid2 = best.bid + best.ask;
  const reach2 = [mid2 - 2n * (bid.at(-1)?.p ?? best.bid), 2n * (ask.at(-1)?.p ?? best.ask) - mid2].reduce((a, b) =>
    a > b ? a : b,
  );
  const span2 = reach2 > 0n ? reach2 : mid2 / 50n || 2n;
  const low2 = mid2 - span2;
  const fx = (p: bigint) => Number(2n * p - low2) / Number(2n * span2);
  const top = [bid.at(-1)?.c ?? 0n, ask.at(-1)?.c ?? 0n].reduce((a, b) => (a > b ? a : b)) || 1n;
  const fy = (c: bigint) => (Number((c * 10_000n) / top) / 10_000) * HEADROOM;
  const stairs = (levels: typeof bid, edge: number) => levels.map((l) => ({ x: fx(l.p), y: fy(l.c), edge }));
  const bids = stairs(bid, 0);
  const asks = stairs(ask, 1);

  const xTicks = [1n, 5n, 9n].map((k) => ({
    at: Number(k) / 10,
    label: formatAmount(formatUnits((low2 + (2n * span2 * k) / 10n) / 2n, s.priceScale), s.priceScale),
  }));
  // Amounts under a thousand keep the market's quantity decimals (a book of 0.010 BTC reads 0.002, 0.005, 0.007, not
  // 0, 0, 0); larger ones are compact (1.25K).
  const yDecimals = top >= 1000n * 10n ** BigInt(s.qtyScale) ? 2 : s.qtyScale;
  const yTicks = [1n, 2n, 3n].map((k) => ({
    at: (Number(k) / 4) * HEADROOM,
    label: formatCompact(formatUnits((top * k) / 4n, s.qtyScale), yDecimals),
  }));
  const nearest = (x: number): { side: 'bid' | 'ask'; index: number } | null => {
    // The middle of the spread is the middle of the plot.
    const side = x < 0.5 ? bids : asks;
    if (!side.length) return null;
    // The running total at a price is the last level reached walking out from the best price.
    let index = 0;
    side.forEach((st, i) => {
      if (side === bids ? st.x >= x : st.x <= x) index = i;
    });
    return { side: side === bids ? 'bid' : 'ask', index };
  };
  return { bids, asks, xTicks, yTicks, nearest };
}
