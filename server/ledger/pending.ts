import type { Balance } from './ledger.ts';
import type { AccountType } from './account-types.ts';

/**
 * Balance changes that the matching journal has committed and the accounts table does not show yet (the
 * projector writes them behind). Every check of a balance adds the pending debits, so funds an acknowledged
 * order holds are never spent twice while its rows are on their way. One map per database (its scope).
 */
const pendingByScope = new WeakMap<object, Map<string, Balance>>();

export function accountKey(owner: number | null, type: AccountType, asset: string): string {
  return `${owner ?? 0}:${type}:${asset}`;
}

function pendingMap(scope: object): Map<string, Balance> {
  let m = pendingByScope.get(scope);
  if (!m) pendingByScope.set(scope, (m = new Map()));
  return m;
}

export function pendingOf(scope: object, key: string): Balance | undefined {
  return pendingByScope.get(scope)?.get(key);
}

/** Adds (sign 1) or takes back (sign -1) balance changes; a key whose pending change reaches zero is dropped. */
export function addPending(scope: object, changes: Iterable<[key: string, change: Balance]>, sign: 1n | -1n): void {
  const m = pendingMap(scope);
  for (const [key, c] of changes) {
    const p = m.get(key) ?? { available: 0n, frozen: 0n };
    p.available += sign * c.available;
    p.frozen += sign * c.frozen;
    if (p.available === 0n && p.frozen === 0n) m.delete(key);
    else m.set(key, p);
  }
}
