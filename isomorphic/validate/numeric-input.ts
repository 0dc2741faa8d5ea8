/**
 * Cleans what the user typed into an amount field so it is always a valid partial number:
 * filterNumericInput('abc1.2.3', 8) → "1.23". A trailing point stays so "1." can become "1.5". In a whole-number
 * field (0 decimals) the point stays too and every digit after it is cut: "10.5" → "10.", so typing 10.5 key by key
 * stakes 10, not 105 (dropping the point as it was typed turned the "5" into a third whole digit).
 */
export function filterNumericInput(raw: string, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  // Spec §5 drops a leading point instead of completing it to "0.", so ".5" becomes "5".
  const kept = raw.replace(/[^0-9.]/g, '').replace(/^\.+/, '');
  const point = kept.indexOf('.');
  const int = (point === -1 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, '');
  if (point === -1) return int;
  // Points after the first are dropped but their digits kept, as if the stray keystroke never happened.
  const frac = kept.slice(point + 1).replace(/\./g, '');
  return `${int}.${frac.slice(0, decimals)}`;
}

const INTEGER = /^(?:0|[1-9][0-9]*)$/;

/** The number a cleaned field holds, for checks and the wire: "12." is 12. */
export function typedNumber(text: string): string {
  return text.replace(/\.$/, '');
}

/** Whole-number quantity without sign, point or leading zeros: isInteger('120') → true, isInteger('012') → false. */
export function isInteger(raw: string): boolean {
  return INTEGER.test(raw);
}
