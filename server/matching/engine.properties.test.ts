/**
 * Property tests: thousands of random command sequences (all command types, several users, a few prices so
 * that orders cross often, some invalid input) run through the engine and through the plain reference engine.
 * After every command: identical events, identical resting orders, a valid and uncrossed book, fills within the
 * taker's limit, no self-trade, every lot accounted for; and a book rebuilt mid-way from restingOrders() keeps
 * the same hash and the same behaviour to the end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type MatchingEngine } from './engine.ts';
import { ReferenceEngine } from '../../tests/support/matching/reference-engine.ts';
import type { Command, EngineEvent, PlaceCommand, RestingOrder, SideName, StpMode } from './types.ts';
import { runs } from '../../tests/support/property.ts';

const STP_MODES: StpMode[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];
const MID = 1000;

/** A command before its ids are chosen: ids are picked when it runs, from the orders placed so far. */
type Template =
  | {
      t: 'place';
      fresh: boolean;
      pick: number;
      user: number;
      side: SideName;
      market: boolean;
      offset: number;
      quantity: number;
      tif: PlaceCommand['tif'];
      stp?: StpMode;
      budget?: number;
      bad: number;
    }
  | {
      t: 'cancel' | 'move' | 'reduce';
      pick: number;
      asOwner: boolean;
      user: number;
      offset: number;
      quantity: number;
      bad: number;
    }
  | { t: 'cancelAll'; user: number };

/**
 * Prices are MID ∓ offset (buys below the mid, sells above): offsets reaching below 0 make orders cross.
 * weights: how often each kind of command comes (deeper books with fewer cancelAlls and market orders).
 */
function templates(
  offsets: { min: number; max: number },
  maxLength: number,
  weights = { place: 10, touch: 8, cancelAll: 1, market: 1 },
  users = 4,
) {
  const user = fc.integer({ min: 1, max: users });
  const offset = fc.integer(offsets);
  const quantity = fc.integer({ min: 1, max: 8 });
  // bad: 0 = valid; otherwise one field made invalid (about 1 command in 20).
  const bad = fc.oneof(
    { weight: 19, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }) },
  );
  const place = fc.record({
    t: fc.constant('place' as const),
    fresh: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    pick: fc.nat(),
    user,
    side: fc.constantFrom<SideName>('buy', 'sell'),
    market: fc.oneof(
      { weight: 4, arbitrary: fc.constant(false) },
      { weight: weights.market, arbitrary: fc.constant(true) },
    ),
    offset,
    quantity,
    tif: fc.constantFrom<PlaceCommand['tif']>('GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
    stp: fc.option(fc.constantFrom(...STP_MODES), { nil: undefined }),
    budget: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined, freq: 2 }),
    bad,
  });
  const touch = fc.record({
    t: fc.constantFrom('cancel' as const, 'move' as const, 'move' as const, 'move' as const, 'reduce' as const),
    pick: fc.nat(),
    asOwner: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    user,
    offset,
    quantity,
    bad,
  });
  const all = fc.record({ t: fc.constant('cancelAll' as const), user });
  // size 'max': lengths spread over the whole range (the default bias keeps arrays to a handful of commands).
  const command = fc.oneof(
    { weight: weights.place, arbitrary: place },
    { weight: weights.touch, arbitrary: touch },
    { weight: weights.cancelAll, arbitrary: all },
  );
  return fc.array(command, { maxLength, size: 'max' });
}

/**
 * Turns templates into commands. Cancels, moves and reduces mostly name a live order (from the reference
 * engine's book, with its owner), otherwise any id ever used or not yet used, by a random user.
 */
class Resolver {
  private nextId = 0;

  resolve(tp: Template, live: readonly RestingOrder[]): Command {
    if (tp.t === 'cancelAll') return { type: 'cancelAll', userId: tp.user };
    if (tp.t === 'place') {
      const orderId = tp.fresh || this.nextId === 0 ? ++this.nextId : 1 + (tp.pick % this.nextId);
      const price = tp.side === 'buy' ? MID - tp.offset : MID + tp.offset;
      const c: PlaceCommand = {
        type: 'place',
        orderId,
        userId: tp.user,
        side: tp.side,
        kind: tp.market ? 'market' : 'limit',
        price,
        quantity: tp.quantity,
        tif: tp.tif,
      };
      if (tp.market && tp.tif === 'POST_ONLY') c.tif = 'IOC';
      if (tp.stp) c.stp = tp.stp;
      if (tp.budget !== undefined && tp.market && tp.side === 'buy') c.quoteBudget = tp.budget;
      if (tp.bad === 1) c.price = tp.market ? c.price : 0;
      if (tp.bad === 2) c.quantity = 0;
      if (tp.bad === 3) c.quantity = 2.5;
      if (tp.bad === 4) c.tif = 'GTD' as 'GTC';
      if (tp.bad === 5) c.quoteBudget = 100;
      if (tp.bad === 6) c.stp = 'none' as StpMode;
      if (tp.bad === 7) c.side = 'long' as SideName;
      if (tp.bad === 8) c.orderId = -1;
      return c;
    }
    const target = tp.asOwner && live.length > 0 ? live[tp.pick % live.length] : undefined;
    const orderId = target?.orderId ?? 1 + (tp.pick % (this.nextId + 2));
    const userId = target?.userId ?? tp.user;
    const bad = tp.bad !== 0;
    if (tp.t === 'cancel') return { type: 'cancel', orderId: bad ? 0 : orderId, userId };
    const price = (target?.side ?? 'buy') === 'buy' ? MID - tp.offset : MID + tp.offset;
    if (tp.t === 'move') return { type: 'move', orderId, userId, price: bad ? -price : price };
    return { type: 'reduce', orderId, userId, quantity: bad ? 0 : tp.quantity };
  }
}

interface Ledger {
  placed: number;
  filled: number;
  reduced: number;
  open: boolean;
}

/** Checks one command's events against the rules that need no model, and keeps the lot ledger. */
function checkEvents(cmd: Command, out: EngineEvent[], ledger: Map<number, Ledger>, engine: MatchingEngine): void {
  const left = (id: number) => {
    const l = ledger.get(id)!;
    return l.placed - l.filled - l.reduced;
  };
  if (out[0]?.type === 'rejected') {
    expect(out).toHaveLength(1);
    return;
  }
  let lastPrice: number | undefined;
  let spent = 0;
  for (const e of out) {
    if (e.type === 'accepted') {
      ledger.set(e.orderId, { placed: (cmd as PlaceCommand).quantity, filled: 0, reduced: 0, open: true });
    } else if (e.type === 'trade') {
      expect(e.quantity).toBeGreaterThan(0);
      expect(e.makerUserId).not.toBe(e.takerUserId);
      // Fills are never worse than the taker's limit (market orders have none)…
      const limit =
        cmd.type === 'move' ? cmd.price : cmd.type === 'place' && cmd.kind === 'limit' ? cmd.price : undefined;
      if (limit !== undefined) expect(e.takerSide === 'buy' ? e.price <= limit : e.price >= limit).toBe(true);
      // …and come best price first.
      if (lastPrice !== undefined)
        expect(e.takerSide === 'buy' ? e.price >= lastPrice : e.price <= lastPrice).toBe(true);
      lastPrice = e.price;
      spent += e.price * e.quantity;
      ledger.get(e.makerOrderId)!.filled += e.quantity;
      ledger.get(e.takerOrderId)!.filled += e.quantity;
      expect(e.makerRemaining).toBe(left(e.makerOrderId));
      expect(e.takerRemaining).toBe(left(e.takerOrderId));
    } else if (e.type === 'reduced') {
      ledger.get(e.orderId)!.reduced += e.reducedBy;
      expect(e.remaining).toBe(left(e.orderId));
    } else if (e.type === 'rested') {
      expect(e.remaining).toBe(left(e.orderId));
      expect(e.remaining).toBeGreaterThan(0);
    } else if (e.type === 'done') {
      const l = ledger.get(e.orderId)!;
      expect(l.open).toBe(true);
      expect(e.remaining).toBe(left(e.orderId));
      l.open = false;
    }
  }
  if (cmd.type === 'place' || cmd.type === 'move') {
    // The order the command is about ends the command exactly once, resting or done, in the last event.
    const closing = out.filter((e) => (e.type === 'rested' || e.type === 'done') && e.orderId === cmd.orderId);
    expect(closing).toHaveLength(1);
    expect(out.at(-1)).toBe(closing[0]);
    const end = closing[0]!;
    if (cmd.type === 'place') {
      if (cmd.kind === 'market') expect(end.type).toBe('done');
      if (cmd.tif === 'POST_ONLY' || (end.type === 'done' && end.reason === 'fok_killed'))
        expect(out.filter((e) => e.type === 'trade')).toEqual([]);
      if (cmd.tif === 'FOK')
        expect(end.type === 'done' && (end.reason === 'filled' || end.reason === 'fok_killed')).toBe(true);
      if (cmd.quoteBudget !== undefined && end.type === 'done') {
        expect(end.quoteSpent).toBe(spent);
        expect(spent).toBeLessThanOrEqual(cmd.quoteBudget);
      }
    }
  }
  // Lots still open in the ledger are exactly the resting ones.
  for (const e of out) {
    if (e.type === 'rested' || e.type === 'done' || e.type === 'reduced') {
      expect(engine.order(e.orderId)?.remaining).toBe(ledger.get(e.orderId)!.open ? left(e.orderId) : undefined);
    }
  }
}

function run(tps: Template[], cut: number): void {
  const engine = createEngine({ marketId: 'PROP' });
  const reference = new ReferenceEngine();
  const resolver = new Resolver();
  const ledger = new Map<number, Ledger>();
  let rebuilt: MatchingEngine | undefined;
  let lastBook = JSON.stringify(engine.restingOrders());
  let lastHash = engine.hash();
  tps.forEach((tp, i) => {
    if (i === cut) {
      rebuilt = createEngine({ marketId: 'PROP' });
      rebuilt.load(engine.restingOrders());
      rebuilt.validate();
      expect(rebuilt.hash()).toBe(engine.hash());
    }
    const cmd = resolver.resolve(tp, reference.restingOrders());
    const out: EngineEvent[] = [];
    const refOut: EngineEvent[] = [];
    engine.apply(cmd, out);
    reference.apply(cmd, refOut);
    expect(out).toEqual(refOut);
    engine.validate();
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
    const book = JSON.stringify(engine.restingOrders());
    expect(book).toBe(JSON.stringify(reference.restingOrders()));
    // Same book ⇔ same hash (a change of book must change the hash).
    expect(engine.hash() === lastHash).toBe(book === lastBook);
    lastBook = book;
    lastHash = engine.hash();
    checkEvents(cmd, out, ledger, engine);
    if (rebuilt) {
      const again: EngineEvent[] = [];
      rebuilt.apply(cmd, again);
      expect(again).toEqual(out);
      expect(rebuilt.hash()).toBe(engine.hash());
    }
  });
  // Every lot placed is filled, reduced, released by its done event, or still resting.
  for (const [id, l] of ledger) {
    expect(engine.order(id)?.remaining).toBe(l.open ? l.placed - l.filled - l.reduced : undefined);
  }
  expect(engine.size).toBe([...ledger.values()].filter((l) => l.open).length);
}

/**
 * A property runs synchronously, so vitest's timeout cannot stop it; this bounds a failing run's shrinking
 * (minutes on 400-command sequences) and still reports the smallest counterexample found so far. A passing
 * run takes seconds; running out of time before numRuns also fails, rather than passing silently.
 */
const bounded = { plugins: [fc.interruptAfterTimeLimit(90_000, { failOnInterrupt: true })] };

describe('matching engine properties', () => {
  it('agrees with the reference engine and keeps every invariant (narrow book: crossings, STP and FOK often)', () => {
    fc.assert(
      fc.property(templates({ min: -3, max: 3 }, 80), fc.nat(), (tps, cut) =>
        run(tps, tps.length ? cut % (tps.length + 1) : 0),
      ),
      { ...runs(1500), ...bounded },
    );
  });

  it('agrees with the reference engine on longer runs over a wider book (levels emptied and reused)', () => {
    fc.assert(
      fc.property(
        templates({ min: -2, max: 30 }, 400, { place: 24, touch: 14, cancelAll: 1, market: 1 }, 8),
        fc.nat(),
        (tps, cut) => run(tps, tps.length ? cut % (tps.length + 1) : 0),
      ),
      { ...runs(150), ...bounded },
    );
  });
});
