/**
 * A fee rate in hundredths of a basis point (the schedule's unit, isomorphic/fees/schedule.ts) as a percent, exactly
 * (integer arithmetic, no float), with two decimals and up to two more when the rate has them:
 * percentOfRate(1000) → '0.10%', percentOfRate(750) → '0.075%', percentOfRate(10500) → '1.05%'.
 */
export function percentOfRate(rate: number): string {
  let frac = String(rate % 10_000).padStart(4, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${Math.floor(rate / 10_000)}.${frac}%`;
}

/** The number of a rate as the console edits it, a percent without its sign: 750 → '0.075', 1000 → '0.10'. */
export function percentText(rate: number): string {
  return percentOfRate(rate).slice(0, -1);
}

/**
 * A typed percent ('0.075', '0.1', '1') as a rate in hundredths of a basis point, exactly; NaN (which the schedule
 * check refuses) for anything but digits with at most four decimals: rateOfPercent('0.075') → 750.
 */
export function rateOfPercent(text: string): number {
  const m = /^(\d{1,3})(?:[.,](\d{0,4}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}
