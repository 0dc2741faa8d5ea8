/**
 * Integer division with the direction named, for signed amounts: BigInt's `/` truncates toward zero, which rounds
 * a loss down in size but a profit down too, so every money division in server/perpetual says which way it goes.
 * The divisor is always positive here.
 */

/** ⌊n / d⌋ for d > 0: divFloor(-7n, 2n) = -4n. */
export function divFloor(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** ⌈n / d⌉ for d > 0: divCeil(7n, 2n) = 4n, divCeil(-7n, 2n) = -3n. */
export function divCeil(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/** 10ⁿ for the scales money uses, computed once: BigInt exponentiation costs more than the arithmetic it scales. */
const POWERS = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));

export function pow10(n: number): bigint {
  return POWERS[n] ?? 10n ** BigInt(n);
}

export function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

export function clamp(n: bigint, lo: bigint, hi: bigint): bigint {
  return n < lo ? lo : n > hi ? hi : n;
}
