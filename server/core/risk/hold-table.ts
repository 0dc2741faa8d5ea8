import type { AccountType } from '../../ledger/account-types.ts';

/**
 * A hold's name. A number names the hold of the spot or margin order with that id, written `order:N` wherever a
 * name is shown or saved (snapshots, errors), so a snapshot reads the same whichever form made it; every other hold
 * is named by a string of its product's (`withdrawal:7`, `perp:o:3`).
 */
export type HoldId = string | number;

/**
 * Funds set aside for one purpose (an order, a withdrawal, a contract's stake), named so that exactly it is released.
 */
export interface Hold {
  /** Its name as the table keys it: an order's hold by its number, even when it was given as `order:N`. */
  id: HoldId;
  owner: number;
  type: AccountType;
  asset: string;
  amount: bigint;
}

const ORDER = 'order:';

/** A hold's name as shown and saved. */
export const holdName = (id: HoldId): string => (typeof id === 'number' ? `${ORDER}${id}` : id);

/** A name as the table keys it: `order:N` (N a positive integer written plainly) becomes N. */
export function holdKey(id: HoldId): HoldId {
  if (typeof id === 'number' || !id.startsWith(ORDER)) return id;
  const n = Number(id.slice(ORDER.length));
  return Number.isSafeInteger(n) && n > 0 && `${ORDER}${n}` === id ? n : id;
}

/**
 * Every hold in the core, by name. Orders' holds, the most numerous and the busiest (each order holds once, each of
 * its fills spends, its end releases: half a dozen look-ups per order), are kept by number: a Map look-up of a fresh
 * string costs about five times one of a small integer at 100,000 holds (hashing and comparing the string; measured
 * 2026-12-03, docs/benchmarks.md "The order path's own cost").
 */
export class HoldTable {
  private readonly orders = new Map<number, Hold>();
  private readonly named = new Map<string, Hold>();

  get size(): number {
    return this.orders.size + this.named.size;
  }

  get(id: HoldId): Hold | undefined {
    const key = holdKey(id);
    return typeof key === 'number' ? this.orders.get(key) : this.named.get(key);
  }

  has(id: HoldId): boolean {
    return this.get(id) !== undefined;
  }

  /** Keeps `h` under its own name, which must be a key (`holdKey`). */
  add(h: Hold): void {
    if (typeof h.id === 'number') this.orders.set(h.id, h);
    else this.named.set(h.id, h);
  }

  delete(id: HoldId): void {
    const key = holdKey(id);
    if (typeof key === 'number') this.orders.delete(key);
    else this.named.delete(key);
  }

  clear(): void {
    this.orders.clear();
    this.named.clear();
  }

  *values(): IterableIterator<Hold> {
    yield* this.orders.values();
    yield* this.named.values();
  }
}
