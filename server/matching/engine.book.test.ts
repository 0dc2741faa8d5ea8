/** Queries, persistence (restingOrders → load), the hash, self-validation, and integer edge cases. */
import { describe, expect, it } from 'vitest';
import { createEngine, type MatchingEngine } from './engine.ts';
import { ALICE, BOB, CAROL, ask, bid, cancel, market, move } from '../../tests/support/matching/engine-test-kit.ts';
import {
  type Command,
  DONE_REASONS,
  type EngineEvent,
  REJECT_REASONS,
  type RestingOrder,
  type TradeEvent,
} from './types.ts';

function engineWith(commands: Command[]): MatchingEngine {
  const engine = createEngine({ marketId: 'TEST' });
  const out: EngineEvent[] = [];
  for (const c of commands) engine.apply(c, out);
  expect(out.filter((e) => e.type === 'rejected')).toEqual([]);
  engine.validate();
  return engine;
}

/** The engine's private state, for tests that corrupt it on purpose to see validate() catch it. */
const internals = (engine: MatchingEngine): any => (engine as unknown as { book: unknown }).book;

const BOOK = [
  bid(1, ALICE, 2, 99),
  bid(2, BOB, 3, 99),
  bid(3, CAROL, 1, 98),
  bid(4, ALICE, 4, 95),
  ask(5, BOB, 5, 101),
  ask(6, CAROL, 1, 103),
];

describe('queries', () => {
  it('depth aggregates lots per price, best first, up to the number of levels asked', () => {
    const engine = engineWith(BOOK);
    expect(engine.depth(2)).toEqual({
      bids: [
        [99, 5],
        [98, 1],
      ],
      asks: [
        [101, 5],
        [103, 1],
      ],
    });
    expect(engine.depth(10).bids).toEqual([
      [99, 5],
      [98, 1],
      [95, 4],
    ]);
    expect(engine.depth(0)).toEqual({ bids: [], asks: [] });
  });

  it('best bid and ask, or null on an empty side', () => {
    const engine = createEngine({ marketId: 'TEST' });
    expect([engine.bestBid(), engine.bestAsk()]).toEqual([null, null]);
    engine.apply(bid(1, ALICE, 1, 99), []);
    expect([engine.bestBid(), engine.bestAsk()]).toEqual([99, null]);
    engine.apply(ask(2, BOB, 1, 101), []);
    expect([engine.bestBid(), engine.bestAsk()]).toEqual([99, 101]);
  });

  it('order() returns a copy that cannot change the book, and undefined once the order is gone', () => {
    const engine = engineWith(BOOK);
    const copy = engine.order(5)!;
    expect(copy).toEqual({
      orderId: 5,
      userId: BOB,
      side: 'sell',
      price: 101,
      remaining: 5,
      tif: 'GTC',
      stp: 'cancel_taker',
    });
    copy.remaining = 1;
    expect(engine.order(5)!.remaining).toBe(5);
    engine.apply(cancel(5, BOB), []);
    expect(engine.order(5)).toBeUndefined();
    expect(engine.size).toBe(BOOK.length - 1);
  });

  it('restingOrders lists bids best first, then asks best first, in time priority within a price', () => {
    const engine = engineWith(BOOK);
    expect(engine.restingOrders().map((o) => o.orderId)).toEqual([1, 2, 3, 4, 5, 6]);
    engine.apply(move(1, ALICE, 99), []);
    expect(engine.restingOrders().map((o) => o.orderId)).toEqual([2, 1, 3, 4, 5, 6]);
  });
});

describe('persistence: load(restingOrders()) rebuilds the same book', () => {
  const history: Command[] = [
    ...BOOK,
    bid(7, BOB, 2, 100, { tif: 'POST_ONLY', stp: 'cancel_both' }),
    move(3, CAROL, 99),
    market(8, CAROL, 'sell', 1),
    cancel(4, ALICE),
    ask(9, ALICE, 2, 102, { stp: 'cancel_maker' }),
  ];

  it('gives the same hash, depth and resting orders, with priority, tif and STP mode kept', () => {
    const engine = engineWith(history);
    const rebuilt = createEngine({ marketId: 'TEST' });
    rebuilt.load(engine.restingOrders());
    rebuilt.validate();
    expect(rebuilt.hash()).toBe(engine.hash());
    expect(rebuilt.restingOrders()).toEqual(engine.restingOrders());
    expect(rebuilt.depth(10)).toEqual(engine.depth(10));
  });

  it('and the same behaviour afterwards', () => {
    const engine = engineWith(history);
    const rebuilt = createEngine({ marketId: 'TEST' });
    rebuilt.load(JSON.parse(JSON.stringify(engine.restingOrders())) as RestingOrder[]);
    const next: Command[] = [
      market(20, ALICE, 'buy', 4),
      bid(21, BOB, 9, 103),
      move(7, BOB, 104),
      ask(22, CAROL, 3, 95),
    ];
    for (const c of next) {
      const a: EngineEvent[] = [];
      const b: EngineEvent[] = [];
      engine.apply(c, a);
      rebuilt.apply(c, b);
      expect(b).toEqual(a);
      expect(rebuilt.hash()).toBe(engine.hash());
    }
  });

  const good: RestingOrder = {
    orderId: 1,
    userId: ALICE,
    side: 'buy',
    price: 99,
    remaining: 2,
    tif: 'GTC',
    stp: 'cancel_taker',
  };
  it.each<[string, RestingOrder[], RegExp]>([
    ['a crossed book', [good, { ...good, orderId: 2, side: 'sell', price: 99 }], /crossed/],
    ['a duplicate id', [good, { ...good, price: 98 }], /duplicate/],
    ['an id already in the engine', [{ ...good, orderId: 50, price: 90 }], /duplicate/],
    ['a zero remaining', [{ ...good, remaining: 0 }], /remaining/],
    ['a fractional price', [{ ...good, price: 99.5 }], /price/],
    ['an IOC order', [{ ...good, tif: 'IOC' as 'GTC' }], /time in force/],
    ['an unknown STP mode', [{ ...good, stp: 'nope' as 'cancel_taker' }], /stp/],
    ['an order crossing what is already loaded', [{ ...good, orderId: 7, side: 'sell', price: 80 }], /crossed/],
  ])('refuses %s and changes nothing', (_name, orders, error) => {
    const engine = engineWith([bid(50, BOB, 1, 90)]);
    const before = engine.hash();
    expect(() => engine.load(orders)).toThrow(error);
    expect(engine.hash()).toBe(before);
    engine.validate();
  });
});

describe('hash', () => {
  it('is the same for the same book whatever the history, including emptied levels kept for reuse', () => {
    // 101 is emptied in the middle of the bids and stays as an empty level in `a`; `b` never had it.
    const a = engineWith([bid(1, ALICE, 1, 100), bid(2, BOB, 1, 101), bid(3, ALICE, 1, 102), cancel(2, BOB)]);
    const b = engineWith([bid(1, ALICE, 1, 100), bid(3, ALICE, 1, 102)]);
    expect(a.hash()).toBe(b.hash());
    expect(a.depth(5)).toEqual(b.depth(5));
    // The kept level is reused correctly.
    a.apply(bid(4, CAROL, 2, 101), []);
    a.validate();
    expect(a.depth(5).bids).toEqual([
      [102, 1],
      [101, 2],
      [100, 1],
    ]);
  });

  it.each<[string, Command[]]>([
    ['another remaining', [bid(1, ALICE, 2, 100), bid(2, BOB, 1, 100)]],
    ['another owner', [bid(1, BOB, 1, 100), bid(2, BOB, 1, 100)]],
    ['another priority', [bid(2, BOB, 1, 100), bid(1, ALICE, 1, 100)]],
    ['another price', [bid(1, ALICE, 1, 99), bid(2, BOB, 1, 100)]],
    ['another side', [ask(1, ALICE, 1, 101), bid(2, BOB, 1, 100)]],
    ['another time in force', [bid(1, ALICE, 1, 100, { tif: 'POST_ONLY' }), bid(2, BOB, 1, 100)]],
    ['another STP mode', [bid(1, ALICE, 1, 100, { stp: 'cancel_both' }), bid(2, BOB, 1, 100)]],
  ])('differs for %s', (_name, commands) => {
    const base = engineWith([bid(1, ALICE, 1, 100), bid(2, BOB, 1, 100)]);
    expect(engineWith(commands).hash()).not.toBe(base.hash());
  });
});

describe('validate() catches a corrupted book', () => {
  it.each<[string, (book: ReturnType<typeof internals>) => void, RegExp]>([
    ['a level total that is off', (b) => (b.bids.levels[0].total += 1), /total/],
    ['a level count that is off', (b) => (b.asks.levels[0].count += 1), /count/],
    ['an order missing from the id index', (b) => b.orders.delete(1), /index/],
    ['an order with nothing left', (b) => (b.bids.levels[0].head.remaining = 0), /remaining/],
    ['an order on the wrong side', (b) => (b.asks.levels[0].head.side = 0), /wrong side/],
    ['a broken link', (b) => (b.bids.levels[0].head.next.prev = null), /link/],
    ['a crossed book', (b) => (b.asks.levels[0].price = 90), /key|crossed/],
    ['a user list that lost an order', (b) => b.users.heads.delete(BOB), /user lists/],
  ])('%s', (_name, corrupt, error) => {
    const engine = engineWith([bid(1, ALICE, 2, 99), bid(2, BOB, 1, 99), ask(3, CAROL, 1, 101)]);
    corrupt(internals(engine));
    expect(() => engine.validate()).toThrow(error);
  });
});

describe('levels', () => {
  it('many prices opened and emptied in the middle stay correct through compaction', () => {
    const engine = createEngine({ marketId: 'TEST' });
    const out: EngineEvent[] = [];
    for (let i = 1; i <= 3000; i++) engine.apply(bid(i, ALICE, 1, 1000 + i), out);
    // Cancel all but every hundredth order, best one kept: the emptied levels pass the compaction threshold.
    for (let i = 1; i < 3000; i++) if (i % 100 !== 0) engine.apply(cancel(i, ALICE), out);
    engine.validate();
    expect(internals(engine).bids.empties).toBeLessThan(1100);
    expect(engine.depth(100).bids.length).toBe(30);
    expect(engine.bestBid()).toBe(4000);
    engine.apply(market(9999, BOB, 'sell', 30), out);
    engine.validate();
    expect(engine.size).toBe(0);
  });
});

describe('integers at the edge of the safe range', () => {
  it('spends a budget near 2^53 exactly, whole lots only', () => {
    const budget = Number.MAX_SAFE_INTEGER;
    const price = 3;
    const engine = engineWith([ask(1, ALICE, Number.MAX_SAFE_INTEGER - 1, price)]);
    const out: EngineEvent[] = [];
    engine.apply(market(2, BOB, 'buy', Number.MAX_SAFE_INTEGER, { quoteBudget: budget }), out);
    const trade = out.find((e): e is TradeEvent => e.type === 'trade')!;
    expect(BigInt(trade.quantity)).toBe(BigInt(budget) / BigInt(price));
    expect(out.at(-1)).toMatchObject({
      type: 'done',
      reason: 'market_exhausted',
      quoteSpent: Number((BigInt(budget) / 3n) * 3n),
    });
    engine.validate();
  });
});

describe('codes', () => {
  it('reject and done reasons are unique', () => {
    expect(new Set(REJECT_REASONS).size).toBe(REJECT_REASONS.length);
    expect(new Set(DONE_REASONS).size).toBe(DONE_REASONS.length);
  });
});
