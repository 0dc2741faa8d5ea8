import type { OrderChange, OwnCoin, OwnMove, RefreshMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../../bus/bus.ts';
import { listenToAccounts, type BalanceAfter, type BalanceMove } from './account-events.ts';
import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import { userTopics } from '../topics.ts';

/** A balance as the private feed and the balance call show it: decimal strings at the asset scale. */
export function ownCoin(b: { type: number; asset: string; available: bigint; frozen: bigint }): OwnCoin {
  return {
    type: b.type,
    coin: b.asset,
    available: formatUnits(b.available, ASSET_SCALE),
    frozen: formatUnits(b.frozen, ASSET_SCALE),
  };
}

/**
 * Puts the durable account changes of a database on the bus: per user, their new balances (`user.<id>.balance`),
 * a note that their orders changed (`user.<id>.orders`), and for the STOMP refresh topic what to load again.
 * Answers the function that stops it.
 */
export function accountsToBus(scope: object, bus: Bus): () => void {
  return listenToAccounts(scope, {
    balances(changes: BalanceAfter[], moves: BalanceMove[]) {
      // The moves first: a bot reads what moved a balance (balanceUpdate), then where it stands.
      const movesByUser = new Map<number, OwnMove[]>();
      for (const m of moves) {
        let own = movesByUser.get(m.userId);
        if (!own) movesByUser.set(m.userId, (own = []));
        own.push({
          type: m.type,
          coin: m.asset,
          delta: formatUnits(m.delta, ASSET_SCALE),
          billType: m.billType,
          at: m.at,
        });
      }
      for (const [userId, own] of movesByUser) bus.publish(userTopics.moves(userId), own);
      const byUser = new Map<number, OwnCoin[]>();
      for (const c of changes) {
        let coins = byUser.get(c.userId);
        if (!coins) byUser.set(c.userId, (coins = []));
        coins.push(ownCoin(c));
      }
      const ts = Date.now();
      for (const [userId, coins] of byUser) {
        bus.publish(userTopics.balance(userId), coins);
        bus.publish(userTopics.refresh(userId), { kind: 'assets', ts } satisfies RefreshMessage);
      }
    },
    orders(symbol, userIds) {
      const ts = Date.now();
      for (const userId of userIds) {
        bus.publish(userTopics.orders(userId), { symbol } satisfies OrderChange);
        bus.publish(userTopics.refresh(userId), { kind: 'orders', symbol, ts } satisfies RefreshMessage);
      }
    },
  });
}
