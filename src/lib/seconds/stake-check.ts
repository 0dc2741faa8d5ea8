import { ASSET_SCALE, parseUnits } from '../../../isomorphic/money/units.ts';

/** A stake this many times the period's minimum or more is asked about before it opens. */
export const CONFIRM_MIN_MULTIPLE = 10n;

/**
 * Whether a second-contract stake is large enough to ask "are you sure?" first (docs/products/seconds.md "Large
 * stakes"): at least 10 times the period's minimum (100 USDT on the seeded periods), or more than half of what the
 * contract account has free. Both catch a slip such as a lost decimal point (10.5 read as 105) before the money is
 * held. `stake` is whole units; `available` the wire balance at 8 decimals.
 */
export function stakeNeedsConfirm(stake: string, minStake: string, available: string): boolean {
  const units = 10n ** BigInt(ASSET_SCALE);
  const s = BigInt(stake) * units;
  const free = parseUnits(available, ASSET_SCALE);
  return s >= BigInt(minStake) * CONFIRM_MIN_MULTIPLE * units || (free.ok && s * 2n > free.value);
}
