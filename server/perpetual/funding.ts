/**
 * Funding, as Binance computes it: longs and shorts pay each other at each funding time so that the contract's
 * price stays near the index. Rates are at RATE_SCALE (10⁸ = 100%, Binance's 8 decimals).
 *
 * - Impact margin notional (IMN) = 200 USDT (COIN-M: 200 USD) ÷ the initial margin rate at the maximum leverage.
 * - Impact bid / ask = the average price of filling IMN against the bids / asks (inverse: the harmonic mean,
 *   since contracts are worth USD, not coin).
 * - Premium index, every 5 s: (max(0, impact bid − index) − max(0, index − impact ask)) / index.
 * - Average premium over the interval: Binance's time-weighted mean, sample i of n weighted i (the latest counts
 *   most). A side of the book too thin to fill IMN contributes no premium for that sample.
 * - Funding rate = P + clamp(interest − P, −0.05%, +0.05%) with interest 0.01% per 8 h, scaled to the interval
 *   (× interval / 8 h, as Binance does for intervals other than 8 h), then capped at ±75% × (initial margin
 *   rate − maintenance margin rate) of the first bracket (BTCUSDT: ±0.3%).
 * - Payment = position value at the mark × rate: longs pay and shorts receive when it is positive. What a payer
 *   pays is rounded up and what a receiver gets rounded down, so the payers always cover the receivers; the
 *   difference of a settlement (a few units) goes to the insurance fund.
 * - The mark price's funding basis = last rate × time to the next funding ÷ interval.
 */
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { divRound, RATE_SCALE } from '../prices/mark-price.ts';
import { maxLeverage, type Contract } from './contracts.ts';
import { fillValue } from './position-math.ts';
import { abs, clamp, divCeil, pow10 } from './rounding.ts';

export const EIGHT_HOURS = 8 * 3600_000;
export const PREMIUM_SAMPLE_MS = 5_000;
/** 0.01% per 8 h. */
const INTEREST_PER_8H = RATE_SCALE / 10_000n;
/** The clamp on interest − premium: ±0.05%. */
const INTEREST_CLAMP = RATE_SCALE / 2_000n;

/** A book level: price at the contract's scale, quantity at its quantity scale (contracts for inverse). */
export type Level = readonly [price: bigint, qty: bigint];

/**
 * IMN in margin-asset units for linear (200 USDT × max leverage), in whole contracts for inverse
 * (200 USD × max leverage ÷ contract size, rounded up).
 */
export function impactNotional(c: Contract): bigint {
  const usd = 200n * maxLeverage(c);
  return c.kind === 'linear' ? usd * pow10(ASSET_SCALE) : divCeil(usd, c.contractSize);
}

/**
 * The average price of filling the impact notional against `levels` (best first), at the price scale, rounded to
 * the nearest tick; undefined when the levels do not hold that much.
 */
export function impactPrice(
  c: Contract,
  levels: readonly Level[],
  target: bigint = impactNotional(c),
): bigint | undefined {
  if (c.kind === 'linear') {
    // Σ qty × price fills the notional; the last level partly. Average = target / base bought, in price units.
    const unit = fillValue(c, 1n, 1n);
    let filled = 0n;
    let base = 0n;
    for (const [price, qty] of levels) {
      const value = fillValue(c, qty, price);
      if (filled + value >= target) {
        // Base bought = base + (target − filled) / (price × unit); the average is target / (that × unit).
        return divRound(target * price, base * unit * price + (target - filled));
      }
      filled += value;
      base += qty;
    }
    return undefined;
  }
  // Inverse: contracts / Σ(contracts_i / price_i), the sum kept at 10¹⁸ per unit so the harmonic mean stays exact
  // well past a tick.
  const SCALE = 10n ** 18n;
  let contracts = 0n;
  let inverseSum = 0n;
  for (const [price, qty] of levels) {
    const take = qty < target - contracts ? qty : target - contracts;
    contracts += take;
    inverseSum += (take * SCALE) / price;
    if (contracts === target) return divRound(target * SCALE, inverseSum);
  }
  return undefined;
}

/**
 * How far the book's impact prices stand beyond the index, in price units: max(0, impact bid − index) −
 * max(0, index − impact ask). A side too thin to fill the impact notional counts as not beyond it.
 */
export function impactBasis(impactBid: bigint | undefined, impactAsk: bigint | undefined, index: bigint): bigint {
  const up = impactBid !== undefined && impactBid > index ? impactBid - index : 0n;
  const down = impactAsk !== undefined && impactAsk < index ? index - impactAsk : 0n;
  return up - down;
}

/** One premium sample at RATE_SCALE: the impact basis over the index. */
export function premiumIndex(impactBid: bigint | undefined, impactAsk: bigint | undefined, index: bigint): bigint {
  return divRound(impactBasis(impactBid, impactAsk, index) * RATE_SCALE, index);
}

/**
 * Binance's time-weighted average over an interval's n samples: Σ i × Pᵢ / Σ i, sample i of n weighted i (the
 * latest counts most). Samples are given as [i, Pᵢ] for the non-zero ones only: a zero sample adds nothing to the
 * sum but still counts in Σ i, so an idle book journals nothing every 5 s. 0 when n is 0.
 */
export function averagePremium(samples: ReadonlyArray<readonly [i: number, premium: bigint]>, n: number): bigint {
  let weighted = 0n;
  for (const [i, p] of samples) weighted += BigInt(i) * p;
  const count = BigInt(n);
  return count === 0n ? 0n : divRound(2n * weighted, count * (count + 1n));
}

/** The premium samples an interval has (one every 5 s). */
export function samplesPerInterval(intervalMs: number): number {
  return Math.floor(intervalMs / PREMIUM_SAMPLE_MS);
}

/** A sample's place in its funding interval, 1 to samplesPerInterval: from the 5-second bucket it was taken in. */
export function sampleIndex(bucket: number, intervalMs: number): number {
  const n = samplesPerInterval(intervalMs);
  return (bucket % n) + 1;
}

/** ±75% × (IMR − MMR) at the first bracket: the largest rate one funding may charge. */
export function fundingCap(c: Contract): bigint {
  const first = c.brackets[0]!;
  return (3n * (RATE_SCALE / first.maxLeverage - first.mmr)) / 4n;
}

/** The funding rate for an interval from its average premium. */
export function fundingRate(c: Contract, premium: bigint, intervalMs: number = EIGHT_HOURS): bigint {
  const raw = premium + clamp(INTEREST_PER_8H - premium, -INTEREST_CLAMP, INTEREST_CLAMP);
  const scaled = divRound(raw * BigInt(intervalMs), BigInt(EIGHT_HOURS));
  const cap = fundingCap(c);
  return clamp(scaled, -cap, cap);
}

/**
 * What one position gets (> 0) or pays (< 0) at a funding time, margin-asset units: its value at the mark × the
 * rate; a long pays a positive rate. Payers round up, receivers down.
 */
export function fundingPayment(c: Contract, qty: bigint, mark: bigint, rate: bigint): bigint {
  if (qty === 0n || rate === 0n) return 0n;
  // Linear value is exact; inverse value is contracts × size / mark, kept as one fraction with the rate.
  const [num, den] =
    c.kind === 'linear'
      ? [fillValue(c, qty, mark) * abs(rate), RATE_SCALE]
      : [fillValue(c, qty, 1n) * abs(rate), mark * RATE_SCALE];
  const pays = qty > 0n === rate > 0n;
  return pays ? -divCeil(num, den) : num / den;
}

interface FundingSettlement {
  /** Per position, in the order given: > 0 received, < 0 paid. */
  payments: bigint[];
  /** What the payers paid beyond what the receivers got (≥ 0 when longs and shorts are equal): insurance fund. */
  remainder: bigint;
}

/** Every position of a contract at one funding time; the payments and the remainder sum to zero. */
export function settleFunding(
  c: Contract,
  quantities: readonly bigint[],
  mark: bigint,
  rate: bigint,
): FundingSettlement {
  let sum = 0n;
  const payments = quantities.map((q) => {
    const p = fundingPayment(c, q, mark, rate);
    sum += p;
    return p;
  });
  return { payments, remainder: -sum };
}

/** The funding time after `now`: multiples of the interval since the epoch (00:00, 08:00, 16:00 UTC for 8 h). */
export function nextFundingTime(now: number, intervalMs: number = EIGHT_HOURS): number {
  return (Math.floor(now / intervalMs) + 1) * intervalMs;
}

/** The mark price's funding basis at RATE_SCALE: last rate × time to the next funding ÷ interval. */
export function fundingBasis(lastRate: bigint, now: number, intervalMs: number = EIGHT_HOURS): bigint {
  return divRound(lastRate * BigInt(nextFundingTime(now, intervalMs) - now), BigInt(intervalMs));
}
