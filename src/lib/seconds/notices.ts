import type { SettlementMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { Toast } from '../stores/toast.ts';

interface SettlementNotice {
  kind: Toast['kind'];
  key: 'seconds.settledWon' | 'seconds.settledLost' | 'seconds.settledEven';
  settlement: SettlementMessage;
}

/**
 * The messages owed for settlements not yet announced, oldest first, marking them announced. Orders settled in one tick
 * arrive together and render once, so each must be picked out rather than only the newest. A loss is news, not a failed
 * call: as an error toast the error throttle of docs/requirements.md §8 would hold the second one back.
 */
export function settlementNotices(
  settlements: readonly SettlementMessage[],
  announced: Set<string>,
): SettlementNotice[] {
  const fresh = settlements.filter((s) => !announced.has(s.orderId)).reverse();
  return fresh.map((settlement) => {
    announced.add(settlement.orderId);
    const profit = Number(settlement.profit);
    if (profit > 0) return { kind: 'success', key: 'seconds.settledWon', settlement };
    if (profit < 0) return { kind: 'warning', key: 'seconds.settledLost', settlement };
    return { kind: 'success', key: 'seconds.settledEven', settlement };
  });
}
