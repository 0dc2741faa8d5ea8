import { randomBytes } from 'node:crypto';

/**
 * A deposit or withdrawal number: a prefix and 20 random digits, e.g. 'R40718266093519774201'. It carries no date
 * or time, because every screen shows the record's time in the user's chosen time zone, and a number that spelled
 * out the time in UTC would contradict it. 10^20 values make a clash (refused by the UNIQUE column) negligible.
 */
export function orderNo(prefix: 'R' | 'W'): string {
  const n = BigInt(`0x${randomBytes(9).toString('hex')}`) % 10n ** 20n;
  return `${prefix}${n.toString().padStart(20, '0')}`;
}
