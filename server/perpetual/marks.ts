/**
 * Each contract's mark tick, computed beside the core and journaled with the tick (server/perpetual/perp-ticks.ts):
 * mark = median(index × (1 + funding basis), index + EMA over 30 samples of the impact basis, last price), clamped
 * to the index ± `markBand`. The index is the spot index of the contract's pair (server/prices) at the contract's
 * price scale; the funding basis is the last funding rate × time to the next funding ÷ interval; the impact basis
 * is how far the average fill of the impact notional (funding.ts) on each side stands beyond the index, so one
 * account sweeping the top of the book moves it only as far as it moves a real order's fill. Without a fresh
 * index there is no tick: marks stand still, nothing is liquidated on a stale price.
 */
import { divRound, markPrice, nextBasisEma, RATE_SCALE } from '../prices/mark-price.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Contract } from './contracts.ts';
import {
  fundingBasis,
  fundingCap,
  impactBasis,
  impactPrice,
  PREMIUM_SAMPLE_MS,
  premiumIndex,
  type Level,
} from './funding.ts';
import { clamp, pow10 } from './rounding.ts';
import type { PerpBook } from './perp-book.ts';
import type { MarkTick } from './perp-ticks.ts';

/** The spot index of a contract's pair at the contract's price scale; undefined when stale or missing. */
function contractIndex(
  prices: PriceIndex,
  spotScale: (symbol: string) => number | undefined,
  c: Contract,
): bigint | undefined {
  const index = prices.fresh(c.indexSymbol);
  const scale = spotScale(c.indexSymbol);
  if (!index || scale === undefined) return undefined;
  const shift = scale - c.priceScale;
  return shift >= 0 ? divRound(index.price, pow10(shift)) : index.price * pow10(-shift);
}

/**
 * How far the mark may stand from the index, at RATE_SCALE: 75% of (initial − maintenance margin rate) at the first
 * bracket, the same cap funding has (0.3% on BTCUSDT at 125×). A position opened at the index at the highest leverage
 * has that whole difference of headroom, less its fee; a mark at the edge of the band leaves it a quarter of it, so
 * no order book, however it is swept, liquidates a position that is healthy at the index.
 */
export const markBand = (c: Contract): bigint => fundingCap(c);

/** A price held to the index ± band (band at RATE_SCALE), the band's width rounded toward the index. */
export function withinBand(price: bigint, index: bigint, band: bigint): bigint {
  const width = (index * band) / RATE_SCALE;
  return clamp(price, index - width, index + width);
}

/** Book levels of one side as the funding math takes them, best first. */
function levels(b: PerpBook, symbol: string, side: 'bids' | 'asks'): Level[] {
  return b
    .engine(symbol)
    .depth(200)
    [side].map(([price, qty]) => [BigInt(price), BigInt(qty)] as const);
}

/**
 * Each contract's tick from its index, its book and its last price. A tick that would change nothing (the same
 * prices, no premium sample due or a zero one, no account to look at) is left out: an idle contract journals
 * nothing.
 */
export function markTicks(
  b: PerpBook,
  prices: PriceIndex,
  spotScale: (symbol: string) => number | undefined,
  now: number,
): MarkTick[] {
  const ticks: MarkTick[] = [];
  for (const c of b.contracts.values()) {
    const index = contractIndex(prices, spotScale, c);
    if (index === undefined) continue;
    const st = b.prices(c.symbol);
    const impactBid = impactPrice(c, levels(b, c.symbol, 'bids'));
    const impactAsk = impactPrice(c, levels(b, c.symbol, 'asks'));
    const basisEma = nextBasisEma(st.basisEma, impactBasis(impactBid, impactAsk, index));
    const median = markPrice({
      index,
      last: st.last,
      basisEma,
      fundingBasis: fundingBasis(st.lastRate, now, b.intervalMs),
    });
    const mark = withinBand(median, index, markBand(c));
    const due = Math.floor(now / PREMIUM_SAMPLE_MS) > st.sampleBucket;
    const premium = due ? premiumIndex(impactBid, impactAsk, index) : null;
    const changed =
      st.mark !== mark ||
      st.index !== index ||
      st.basisEma !== basisEma ||
      (premium !== null && premium !== 0n) ||
      b.marked.size > 0;
    if (changed) ticks.push({ symbol: c.symbol, index, mark, basisEma, premium });
  }
  return ticks;
}
