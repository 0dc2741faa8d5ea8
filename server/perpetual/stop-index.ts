/**
 * The active take-profit and stop-loss orders of every contract, by contract and watched price (mark or last), each
 * in firing order (server/matching/trigger-queue.ts), so a price move reads the ones it reached and not every stop
 * of every contract (the old scan in triggerStops). A long's take-profit and a short's stop-loss fire when the price
 * rises to their trigger (price ≥ trigger), the other two when it falls to it (price ≤ trigger).
 */
import type { TriggerSource } from '../../isomorphic/contract/perpetual.ts';
import { OrderedTriggers, type TriggerRule } from '../matching/trigger-queue.ts';
import type { StopRow } from './perp-state.ts';

/** Whether a stop fires on a rise to its trigger. */
export const stopRises = (s: Pick<StopRow, 'kind' | 'positionSide'>) =>
  (s.positionSide === 'long') === (s.kind === 'takeProfit');

const RULE: TriggerRule<StopRow> = { rises: stopRises, level: (s: StopRow) => s.trigger };

export class StopIndex {
  private readonly queues = new Map<string, OrderedTriggers<StopRow>>();

  /** Adds an active stop; its trigger never changes in place (a new trigger is a new stop: perp-positions.ts). */
  add(s: StopRow): void {
    const key = queueKey(s.symbol, s.by);
    let q = this.queues.get(key);
    if (!q) this.queues.set(key, (q = new OrderedTriggers<StopRow>(RULE)));
    q.add(s);
  }

  delete(s: StopRow): void {
    this.queues.get(queueKey(s.symbol, s.by))?.delete(s);
  }

  clear(): void {
    this.queues.clear();
  }

  /** The active stops of a contract watching `by` that this price reached: O(log n + k). */
  reached(symbol: string, by: TriggerSource, price: bigint): StopRow[] {
    return this.queues.get(queueKey(symbol, by))?.reached(price) ?? [];
  }
}

const queueKey = (symbol: string, by: TriggerSource) => `${symbol}\u0000${by}`;
