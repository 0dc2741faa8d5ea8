/**
 * A rate in whole basis points as a percent with two decimals, exactly (integer arithmetic, no float):
 * percentOfBps(10) → '0.10%', percentOfBps(105) → '1.05%'.
 */
export function percentOfBps(bps: number): string {
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}%`;
}
