/**
 * Test helpers shared by the engine's test files (not used by the engine): terse command builders, a one-line
 * rendering of events and resting orders, and the scenario-table runner, so tables read like a trading log.
 */
import { expect, it } from 'vitest';
import { createEngine } from '../../../server/matching/engine.ts';
import { ReferenceEngine } from './reference-engine.ts';
import type {
  CancelAllCommand,
  CancelCommand,
  Command,
  EngineEvent,
  MoveCommand,
  PlaceCommand,
  ReduceCommand,
  RestingOrder,
  SideName,
} from '../../../server/matching/types.ts';

export const ALICE = 1;
export const BOB = 2;
export const CAROL = 3;
const NAMES: Record<number, string> = { [ALICE]: 'alice', [BOB]: 'bob', [CAROL]: 'carol' };
const who = (userId: number) => NAMES[userId] ?? `user${userId}`;

type Extra = Partial<Omit<PlaceCommand, 'type'>>;
const limit = (
  side: SideName,
  orderId: number,
  userId: number,
  quantity: number,
  price: number,
  extra: Extra = {},
): PlaceCommand => ({
  type: 'place',
  orderId,
  userId,
  side,
  kind: 'limit',
  price,
  quantity,
  tif: 'GTC',
  ...extra,
});

/** bid(1, ALICE, 5, 100): order #1, alice buys 5 lots at 100 ticks, GTC unless `extra` says otherwise. */
export const bid = (orderId: number, userId: number, quantity: number, price: number, extra?: Extra) =>
  limit('buy', orderId, userId, quantity, price, extra);
export const ask = (orderId: number, userId: number, quantity: number, price: number, extra?: Extra) =>
  limit('sell', orderId, userId, quantity, price, extra);
/** A market order (IOC unless `extra` says FOK). */
export const market = (
  orderId: number,
  userId: number,
  side: SideName,
  quantity: number,
  extra: Extra = {},
): PlaceCommand => limit(side, orderId, userId, quantity, 0, { kind: 'market', tif: 'IOC', ...extra });
export const cancel = (orderId: number, userId: number): CancelCommand => ({ type: 'cancel', orderId, userId });
export const cancelAll = (userId: number): CancelAllCommand => ({ type: 'cancelAll', userId });
export const move = (orderId: number, userId: number, price: number): MoveCommand => ({
  type: 'move',
  orderId,
  userId,
  price,
});
export const reduce = (orderId: number, userId: number, quantity: number): ReduceCommand => ({
  type: 'reduce',
  orderId,
  userId,
  quantity,
});

/** 'trade 2@101 maker #1 (0 left) taker #3 (3 left)', 'done #3 ioc_expired 3', 'rested #2 buy 2@100', … */
export function show(e: EngineEvent): string {
  switch (e.type) {
    case 'accepted':
      return `accepted #${e.orderId}`;
    case 'rejected':
      return `rejected #${e.orderId} ${e.reason}`;
    case 'trade':
      return `trade ${e.quantity}@${e.price} maker #${e.makerOrderId} (${e.makerRemaining} left) taker #${e.takerOrderId} (${e.takerRemaining} left)`;
    case 'rested':
      return `rested #${e.orderId} ${e.side} ${e.remaining}@${e.price}`;
    case 'reduced':
      return `reduced #${e.orderId} by ${e.reducedBy} to ${e.remaining}`;
    case 'done':
      return `done #${e.orderId} ${e.reason}${e.remaining ? ` ${e.remaining}` : ''}${e.quoteSpent !== undefined ? ` spent ${e.quoteSpent}` : ''}`;
  }
}

/** '#1 alice sell 5@101' (with ' post-only' or the STP mode when not the default). */
export function showResting(o: RestingOrder): string {
  const flags = (o.tif === 'POST_ONLY' ? ' post-only' : '') + (o.stp !== 'cancel_taker' ? ` ${o.stp}` : '');
  return `#${o.orderId} ${who(o.userId)} ${o.side} ${o.remaining}@${o.price}${flags}`;
}

export interface Scenario {
  name: string;
  given?: Command[];
  when: Command;
  /** The events of `when`, rendered by show(). */
  then: string[];
  /** The resting orders after, in priority order (bids best first, then asks), rendered by showResting(). */
  book: string[];
}

/**
 * Runs a table of scenarios: each on a fresh engine and on the reference engine, which must agree; each ends
 * by validating the book.
 */
export function scenarios(table: Scenario[]): void {
  it.each(table.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const engine = createEngine({ marketId: 'TEST' });
    const reference = new ReferenceEngine();
    const setup: EngineEvent[] = [];
    for (const c of s.given ?? []) {
      engine.apply(c, setup);
      reference.apply(c, []);
    }
    // A setup that was itself refused would make the scenario mean something else than it says.
    expect(setup.filter((e) => e.type === 'rejected')).toEqual([]);
    const out: EngineEvent[] = [];
    const refOut: EngineEvent[] = [];
    engine.apply(s.when, out);
    reference.apply(s.when, refOut);
    engine.validate();
    expect(out).toEqual(refOut);
    expect(engine.restingOrders()).toEqual(reference.restingOrders());
    expect(out.map(show)).toEqual(s.then);
    expect(engine.restingOrders().map(showResting)).toEqual(s.book);
  });
}
