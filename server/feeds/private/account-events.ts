import type { AccountType, BillType } from '../../ledger/account-types.ts';

/** A user's balance after a change, as the trading core holds it. */
export interface BalanceAfter {
  userId: number;
  type: AccountType;
  asset: string;
  available: bigint;
  frozen: bigint;
}

/** A change of a user's available balance that no order of theirs made (a deposit, a withdrawal, a transfer). */
export interface BalanceMove {
  userId: number;
  type: AccountType;
  asset: string;
  /** The change of the available amount, in units. */
  delta: bigint;
  billType: BillType;
  /** When the core decided it. */
  at: number;
}

/**
 * Who hears of durable changes to users' accounts (the private feeds, through the bus). Ledger and exchange code
 * call these only once a change is durable: balances after the transaction that wrote them commits, orders after
 * the journal append that acknowledged them.
 */
interface AccountListener {
  balances(changes: BalanceAfter[], moves: BalanceMove[]): void;
  orders(symbol: string, userIds: ReadonlySet<number>): void;
}

/** One set of listeners per database (its scope): tests run several apps in one process. */
const listeners = new WeakMap<object, Set<AccountListener>>();

/** Registers a listener for the database's account changes; answers the function that removes it. */
export function listenToAccounts(scope: object, listener: AccountListener): () => void {
  let set = listeners.get(scope);
  if (!set) listeners.set(scope, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Announces balances a durable change left, with the moves among them that no order made: call only once the batch
 * that made them is journaled.
 */
export function announceBalances(scope: object, changes: BalanceAfter[], moves: BalanceMove[]): void {
  const set = listeners.get(scope);
  if (!set?.size || !changes.length) return;
  for (const l of set) l.balances(changes, moves);
}

/** Announces users whose orders in a market changed; call only once the change is journaled. */
export function announceOrders(scope: object, symbol: string, userIds: ReadonlySet<number>): void {
  const set = listeners.get(scope);
  if (!set?.size || !userIds.size) return;
  for (const l of set) l.orders(symbol, userIds);
}
