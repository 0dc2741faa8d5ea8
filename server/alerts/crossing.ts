import type { AlertKind } from '../../isomorphic/contract/alerts.ts';

/** A market as one check of the watcher sees it. */
export interface MarketView {
  /** The last price: the last trade's (a quote print's on a market without a book), the listing price before any. */
  last: bigint;
  /** The 24 h change in basis points, as the site shows it: (close − open) × 10,000 / open, toward zero. */
  changeBps: bigint;
  /** The latest trades, oldest first, with their ids (server/market-data keeps the last 100 per market). */
  trades: ReadonlyArray<{ id: number; price: bigint }>;
}

/** What an alert waits for, in integer units: a price at the market's scale, or a change in basis points. */
export interface Armed {
  kind: AlertKind;
  target: bigint;
  /** The market's last trade id when the alert was set: only trades after it count. */
  fromTrade: number;
}

/** Whether a value has reached an alert's target, on the side it waits for. */
export function reached(kind: AlertKind, value: bigint, target: bigint): boolean {
  return kind === 'priceRises' || kind === 'changeAbove' ? value >= target : value <= target;
}

/** Whether the alert watches the price (else the 24 h change). */
export const watchesPrice = (kind: AlertKind): boolean => kind === 'priceRises' || kind === 'priceFalls';

/**
 * The value that fires an alert in this view of its market, or undefined while it has not crossed.
 *
 * An alert is only accepted while its value is strictly on the near side of the target (the service refuses one
 * already reached), so the first value seen at or past the target is the crossing: a price alert fires on the
 * first trade after `fromTrade` that reaches it (a spike inside one check is caught, and the value is the price it
 * traded at), then on the last price (markets without a book move by quote prints, not trades); a change alert on
 * the 24 h change at the check, which moves with the window and has no trade path of its own.
 */
export function firingValue(a: Armed, view: MarketView): bigint | undefined {
  if (!watchesPrice(a.kind)) return reached(a.kind, view.changeBps, a.target) ? view.changeBps : undefined;
  for (const t of view.trades) if (t.id > a.fromTrade && reached(a.kind, t.price, a.target)) return t.price;
  return reached(a.kind, view.last, a.target) ? view.last : undefined;
}

/** The 24 h change in basis points from the window's open to its close (0 without an open). */
export function changeBps(open: bigint, close: bigint): bigint {
  return open === 0n ? 0n : ((close - open) * 10_000n) / open;
}
