/** A rate in basis points as the percent operators and users read: percentOf(500) → '5', percentOf(1250) → '12.5'. */
export function percentOf(bps: number): string {
  return `${Math.floor(bps / 100)}${
    bps % 100
      ? `.${String(bps % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
      : ''
  }`;
}

/** A percent typed by an operator as basis points, or undefined when it is not a number with at most 2 decimals:
 * bpsOf('12.5') → 1250, bpsOf('1.234') → undefined. */
export function bpsOf(percent: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
