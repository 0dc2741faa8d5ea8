/**
 * The exchange-rate page's sums (docs/requirements.md §2 /rate/index, §3 exchange-rate item): each display currency's
 * rate is how many units of it one USDT reads as, the same configured data the site's currency picker uses. Conversions
 * run on fixed-point integers, never floats, and round down.
 */
import type { ExchangeRateItem } from '../../../isomorphic/contract/wallet.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';

const SCALE = 12;

/** USDT itself, as a rate item, so it can be converted from and to like the display currencies. */
export const QUOTE = 'USDT';

/** A rate as units at SCALE; 0 when it is not a positive decimal (a converter then answers nothing). */
const scaled = (s: string) => {
  const r = parseUnits(s, SCALE);
  return r.ok ? r.value : 0n;
};

type ConvertProblem = 'format' | 'precision' | 'range' | 'rate';

/**
 * `amount` of the currency with rate `fromRate` in the currency with rate `toRate`, with `decimals` places rounded
 * down: convert('100', '7.25', '1', 8) → { ok: true, value: '13.79310344' } (100 CNY in USDT).
 */
export function convert(
  amount: string,
  fromRate: string,
  toRate: string,
  decimals = 8,
): { ok: true; value: string } | { ok: false; problem: ConvertProblem } {
  const a = parseUnits(amount.trim(), SCALE, 10n ** 30n);
  if (!a.ok) return { ok: false, problem: a.problem };
  const from = scaled(fromRate);
  const to = scaled(toRate);
  if (from <= 0n || to <= 0n) return { ok: false, problem: 'rate' };
  return { ok: true, value: formatUnits((a.value * to) / from, SCALE, decimals) };
}

/** What one unit of the currency is worth in USDT, rounded down: inverse('7.25') → '0.13793103'. */
export const inverse = (rate: string, decimals = 8): string => {
  const r = convert('1', rate, '1', decimals);
  return r.ok ? r.value : '—';
};

/** The rate of a code among the items, USDT being 1: rateOf(items, 'EUR') → '0.92'. */
export function rateOf(items: readonly ExchangeRateItem[], code: string): string | undefined {
  return code === QUOTE ? '1' : items.find((r) => r.exchange_code === code)?.rate;
}
