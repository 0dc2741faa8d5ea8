import type { TradingCore } from '../../core/core.ts';
import { SPOT_ACTIVITY, type SpotActivity } from '../../spot/spot.commands.ts';
import { announceOrders } from './account-events.ts';

/**
 * The private feed's listener on the core's durable batches: whose spot orders a batch changed, per market, for
 * their order screens (announceOrders, server/feeds/private/account-events.ts). It runs only once the batch is
 * journaled, so nobody hears of an order the journal does not hold.
 */
export function listenToSpotOrders(core: TradingCore, scope: object): () => void {
  return core.on(SPOT_ACTIVITY, (payloads) => {
    const users = new Map<string, Set<number>>();
    for (const a of payloads as SpotActivity[]) {
      let set = users.get(a.symbol);
      if (!set) users.set(a.symbol, (set = new Set()));
      for (const u of a.users) set.add(u);
    }
    for (const [symbol, set] of users) announceOrders(scope, symbol, set);
  });
}
