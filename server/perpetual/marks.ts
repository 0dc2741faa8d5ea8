/**
 * Each contract's mark tick, computed beside the core and journaled with the tick (server/perpetual/perp-ticks.ts):
 * mark = median(index × (1 + funding basis), index + EMA over 30 samples of (book mid − index), last price), where
 * the index is the spot index of the contract's pair (server/prices) at the contract's price scale and the
 * funding basis is the last funding rate × time to the next funding ÷ interval. Without a fresh index there is no
 * tick: marks stand still, nothing is liquidated on a stale price.
 */
import { divRound, markPrice, nextBasisEma } from '../prices/mark-price.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Contract } from './contracts.ts';
import { fundingBasis, impactPrice, PREMIUM_SAMPLE_MS, premiumIndex, type Level } from './funding.ts';
import { pow10 } from './rounding.ts';
import type { PerpBook } from './perp-book.ts';
import type { MarkTick } from './perp-ticks.ts';

/** The spot index of a contract's pair at the contract's price scale; undefined when stale or missing. */
export function contractIndex(prices: PriceIndex, spotScale: (symbol: string) => number | undefined, c: Contract): bigint | undefined {
  const index = prices.fresh(c.indexSymbol);
  const scale = spotScale(c.indexSymbol);
  if (!index || scale === undefined) return undefined;
  const shift = scale - c.priceScale;
  return shift >= 0 ? divRound(index.price, pow10(shift)) : index.price * pow10(-shift);
}

/** Book levels of one side as the funding math takes them, best first. */
function levels(b: PerpBook, symbol: string, side: 'bids' | 'asks'): Level[] {
  return b.engine(symbol).depth(200)[side].map(([price, qty]) => [BigInt(price), BigInt(qty)] as const);
}

/**
 * Each contract's tick from its index, its book and its last price. A tick that would change nothing (the same
 * prices, no premium sample due or a zero one, no account to look at) is left out: an idle contract journals
 * nothing.
 */
export function markTicks(b: PerpBook, prices: PriceIndex, spotScale: (symbol: string) => number | undefined, now: number): MarkTick[] {
  const ticks: MarkTick[] = [];
  for (const c of b.contracts.values()) {
    const index = contractIndex(prices, spotScale, c);
    if (index === undefined) continue;
    const st = b.prices(c.symbol);
    const engine = b.engine(c.symbol);
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    const basisEma = bid !== null && ask !== null ? nextBasisEma(st.basisEma, divRound(BigInt(bid) + BigInt(ask), 2n) - index) : st.basisEma;
    const mark = markPrice({ index, last: st.last, basisEma, fundingBasis: fundingBasis(st.lastRate, now, b.intervalMs) });
    const due = Math.floor(now / PREMIUM_SAMPLE_MS) > st.sampleBucket;
    const premium = due ? premiumIndex(impactPrice(c, levels(b, c.symbol, 'bids')), impactPrice(c, levels(b, c.symbol, 'asks')), index) : null;
    const changed = st.mark !== mark || st.index !== index || st.basisEma !== basisEma || (premium !== null && premium !== 0n) || b.marked.size > 0;
    if (changed) ticks.push({ symbol: c.symbol, index, mark, basisEma, premium });
  }
  return ticks;
}
