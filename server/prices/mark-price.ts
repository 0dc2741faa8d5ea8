/**
 * The mark price (docs/architecture.md, "Prices"): what risk and liquidation value positions at, so that neither a
 * trade printed between two accounts of one person nor a feed glitch alone can move it. It is the median of three
 * prices, all integers at the market's price scale:
 *
 *   a. index × (1 + funding basis): the funding basis is a rate that perpetuals will provide (the funding rate
 *      scaled to the time left until the next funding); until they exist it is 0, so (a) is the index;
 *   b. index + the EMA of the basis (last − index) over the last 30 samples, one sample per price-sampling period;
 *   c. the last trade price (the index before a market's first trade).
 *
 * Rounding: every division rounds half away from zero (`divRound`). The EMA is kept at 1/10,000 of a price unit
 * so that a small steady basis is not lost to rounding at each step, and rounded to the price scale when added to
 * the index.
 */

/** Samples the basis EMA spans: α = 2 / (30 + 1). */
const EMA_SAMPLES = 30n;
/** The EMA is held at the price scale plus this many digits (in sub-units of 10⁻⁴ of a price unit). */
export const EMA_DIGITS = 4;
export const EMA_SUBUNITS = 10n ** BigInt(EMA_DIGITS);
/** The funding basis is a rate with this many decimals (10,000 = 0.01%). */
export const RATE_DIGITS = 8;
export const RATE_SCALE = 10n ** BigInt(RATE_DIGITS);

/** n / d rounded to the nearest integer, halves away from zero: divRound(5n, 2n) = 3n, divRound(-5n, 2n) = -3n. */
export function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) return divRound(-n, -d);
  const q = n / d;
  const twice = 2n * (n % d);
  if (twice >= d) return q + 1n;
  if (-twice >= d) return q - 1n;
  return q;
}

/** The middle one of three. */
export function median3(a: bigint, b: bigint, c: bigint): bigint {
  const [, mid] = [a, b, c].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return mid!;
}

/**
 * One EMA step with α = 2 / 31 on a new basis sample (at the price scale); `ema` and the result are in sub-units:
 * round((2 · basis · 10,000 + 29 · ema) / 31).
 */
export function nextBasisEma(ema: bigint, basis: bigint): bigint {
  return divRound(2n * basis * EMA_SUBUNITS + (EMA_SAMPLES - 1n) * ema, EMA_SAMPLES + 1n);
}

interface MarkInputs {
  index: bigint;
  /** The last trade price; undefined before the market's first trade. */
  last: bigint | undefined;
  /** The basis EMA after this sample, in sub-units. */
  basisEma: bigint;
  /** Funding basis at RATE_SCALE (0 until perpetuals provide it). */
  fundingBasis: bigint;
}

/** The median of index × (1 + funding basis), index + basis EMA, and last (the index when nothing has traded). */
export function markPrice({ index, last, basisEma, fundingBasis }: MarkInputs): bigint {
  const withFunding = index + divRound(index * fundingBasis, RATE_SCALE);
  const withBasis = index + divRound(basisEma, EMA_SUBUNITS);
  return median3(withFunding, withBasis, last ?? index);
}
