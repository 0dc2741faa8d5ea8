/** Integer helpers for the engine, which works in safe integers only (ticks, lots, tick×lot quote units). */

/** A positive safe integer: isPositiveInt(3) → true, isPositiveInt(1.5) → false, isPositiveInt('3') → false. */
export function isPositiveInt(x: unknown): x is number {
  return Number.isSafeInteger(x) && (x as number) > 0;
}

/**
 * Exact ⌊a / b⌋ for safe integers a ≥ 0, b > 0: floorDiv(10, 3) → 3. `a % b` is exact on doubles, so
 * a − a % b is an exact multiple of b and the division is exact too; Math.floor(a / b) alone can round up
 * across an integer when a is large.
 */
export function floorDiv(a: number, b: number): number {
  return (a - (a % b)) / b;
}
