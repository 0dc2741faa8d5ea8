import type { PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';

/**
 * Whether a private-feed message changes what the perpetual lists show: an order of a contract placed, filled or
 * cancelled; a perpetual position moved or settled; a balance of the contract account (type 2) changed (a
 * transfer, funding); or the feed (re)connected, after which pushes may have been missed.
 */
export function touchesPerpetual(m: PrivateFeedMessage): boolean {
  switch (m.event) {
    case 'ORDER':
      return /_perp$/i.test(m.data.symbol);
    case 'POSITION':
    case 'SETTLEMENT':
      return m.data.product === 'perpetual';
    case 'OWNCOIN':
      return m.data.some((c) => c.type === 2);
    case 'USER_STATUS':
      return m.data.status === 'active';
    default:
      return false;
  }
}

/** Whether a message can add a liquidation: a perpetual position ended by the liquidation engine, or a resync. */
export function mayAddLiquidation(m: PrivateFeedMessage): boolean {
  return (
    (m.event === 'POSITION' && m.data.product === 'perpetual' && m.data.status === 'liquidated') ||
    (m.event === 'USER_STATUS' && m.data.status === 'active')
  );
}
