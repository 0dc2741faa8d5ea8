import type { PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { throttle } from '../perpetual-assets/remote.ts';
import { MARGIN_ACCOUNT_TYPE } from './view.ts';

const MARGIN_TYPES: readonly number[] = Object.values(MARGIN_ACCOUNT_TYPE);

/**
 * Whether a private-feed message changes what the margin screens show: a MARGIN message (a loan, interest, a fill,
 * a margin call, a liquidation), a balance of a margin account (types 5 and 6), an order placed, filled or cancelled
 * on a spot book (margin orders trade there), or the feed (re)connected, after which pushes may have been missed.
 */
export function touchesMargin(m: PrivateFeedMessage): boolean {
  switch (m.event) {
    case 'MARGIN':
      return true;
    case 'OWNCOIN':
      return m.data.some((c) => MARGIN_TYPES.includes(c.type));
    case 'ORDER':
      return !/_perp$/i.test(m.data.symbol);
    case 'USER_STATUS':
      return m.data.status === 'active';
    default:
      return false;
  }
}

/**
 * While a margin store is listened to: runs `reload` on every push that touches margin (at most once a second)
 * and, with `everyMs`, on a timer too (levels and interest move without a push). Answers the stop function.
 */
export function followMargin(reload: () => void, everyMs?: number): () => void {
  if (typeof window === 'undefined') return () => {};
  const again = throttle(reload, 1_000);
  // Following the account activity signs the private feed in as this user.
  const offActivity = $accountActivity.listen(() => {});
  const off = privateFeed.listen((m) => {
    if (touchesMargin(m)) again();
  });
  const timer = everyMs ? setInterval(again, everyMs) : undefined;
  return () => {
    clearInterval(timer);
    off();
    offActivity();
    again.cancel();
  };
}

/** A margin call or liquidation a MARGIN message announces, for the screens to show as a notice; null for the rest. */
export function marginAlertOf(
  m: PrivateFeedMessage,
): { kind: 'marginCall' | 'liquidation'; mode: 'cross' | 'isolated'; symbol: string | null; level: string } | null {
  if (m.event !== 'MARGIN' || m.data.kind === 'changed' || !m.data.mode || m.data.level === null) return null;
  return { kind: m.data.kind, mode: m.data.mode, symbol: m.data.symbol, level: m.data.level };
}
