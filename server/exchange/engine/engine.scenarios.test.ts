/**
 * Scenario tables: who places what, the events that follow, and the book after (resting orders in priority
 * order: bids best first, then asks). Every scenario also runs through the reference engine, which must agree,
 * and ends by validating the book.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import { ALICE, BOB, CAROL, ask, bid, cancel, cancelAll, market, move, reduce, show, showResting } from './engine-test-kit.ts';
import { ReferenceEngine } from './reference-engine.ts';
import type { Command, EngineEvent } from './types.ts';

interface Scenario {
  name: string;
  given?: Command[];
  when: Command;
  then: string[];
  book: string[];
}

function play({ given = [], when }: Scenario) {
  const engine = createEngine({ marketId: 'TEST' });
  const reference = new ReferenceEngine();
  const setup: EngineEvent[] = [];
  for (const c of given) {
    engine.apply(c, setup);
    reference.apply(c, []);
  }
  // A setup that was itself refused would make the scenario mean something else than it says.
  expect(setup.filter((e) => e.type === 'rejected')).toEqual([]);
  const out: EngineEvent[] = [];
  const refOut: EngineEvent[] = [];
  engine.apply(when, out);
  reference.apply(when, refOut);
  engine.validate();
  expect(out).toEqual(refOut);
  expect(engine.restingOrders()).toEqual(reference.restingOrders());
  return { events: out.map(show), book: engine.restingOrders().map(showResting), engine };
}

function table(scenarios: Scenario[]): void {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const { events, book } = play(s);
    expect(events).toEqual(s.then);
    expect(book).toEqual(s.book);
  });
}

describe('limit orders (GTC): price-time priority at the maker’s price', () => {
  table([
    { name: 'rests on an empty book', when: bid(1, ALICE, 5, 100), then: ['accepted #1', 'rested #1 buy 5@100'], book: ['#1 alice buy 5@100'] },
    {
      name: 'a crossing buy trades at the maker’s price and rests the remainder',
      given: [ask(1, ALICE, 3, 101)],
      when: bid(2, BOB, 5, 102),
      then: ['accepted #2', 'trade 3@101 maker #1 (0 left) taker #2 (2 left)', 'done #1 filled', 'rested #2 buy 2@102'],
      book: ['#2 bob buy 2@102'],
    },
    {
      name: 'price priority: a buy sweeps the cheapest asks first',
      given: [ask(1, ALICE, 2, 103), ask(2, ALICE, 2, 101), ask(3, CAROL, 2, 102)],
      when: bid(4, BOB, 5, 103),
      then: [
        'accepted #4',
        'trade 2@101 maker #2 (0 left) taker #4 (3 left)',
        'done #2 filled',
        'trade 2@102 maker #3 (0 left) taker #4 (1 left)',
        'done #3 filled',
        'trade 1@103 maker #1 (1 left) taker #4 (0 left)',
        'done #4 filled',
      ],
      book: ['#1 alice sell 1@103'],
    },
    {
      name: 'time priority: at one price the earlier order fills first',
      given: [ask(1, ALICE, 2, 101), ask(2, CAROL, 2, 101)],
      when: bid(3, BOB, 3, 101),
      then: ['accepted #3', 'trade 2@101 maker #1 (0 left) taker #3 (1 left)', 'done #1 filled', 'trade 1@101 maker #2 (1 left) taker #3 (0 left)', 'done #3 filled'],
      book: ['#2 carol sell 1@101'],
    },
    {
      name: 'a sell at exactly the best bid trades, both orders filled',
      given: [bid(1, ALICE, 4, 100)],
      when: ask(2, BOB, 4, 100),
      then: ['accepted #2', 'trade 4@100 maker #1 (0 left) taker #2 (0 left)', 'done #1 filled', 'done #2 filled'],
      book: [],
    },
    {
      name: 'a low sell takes the highest bid first and receives the bids’ prices, never less than its limit',
      given: [bid(1, ALICE, 1, 99), bid(2, ALICE, 1, 101)],
      when: ask(3, BOB, 2, 95),
      then: ['accepted #3', 'trade 1@101 maker #2 (0 left) taker #3 (1 left)', 'done #2 filled', 'trade 1@99 maker #1 (0 left) taker #3 (0 left)', 'done #1 filled', 'done #3 filled'],
      book: [],
    },
    {
      name: 'orders that do not cross rest on both sides',
      given: [bid(1, ALICE, 1, 99)],
      when: ask(2, BOB, 1, 100),
      then: ['accepted #2', 'rested #2 sell 1@100'],
      book: ['#1 alice buy 1@99', '#2 bob sell 1@100'],
    },
  ]);
});

describe('IOC, FOK and post-only', () => {
  table([
    {
      name: 'IOC fills what it can and expires the rest',
      given: [ask(1, ALICE, 2, 101), ask(2, ALICE, 5, 105)],
      when: bid(3, BOB, 5, 102, { tif: 'IOC' }),
      then: ['accepted #3', 'trade 2@101 maker #1 (0 left) taker #3 (3 left)', 'done #1 filled', 'done #3 ioc_expired 3'],
      book: ['#2 alice sell 5@105'],
    },
    {
      name: 'IOC that crosses nothing expires whole',
      given: [ask(1, ALICE, 2, 101)],
      when: bid(2, BOB, 5, 100, { tif: 'IOC' }),
      then: ['accepted #2', 'done #2 ioc_expired 5'],
      book: ['#1 alice sell 2@101'],
    },
    {
      name: 'FOK fills across levels when the whole quantity is within its limit',
      given: [ask(1, ALICE, 2, 101), ask(2, CAROL, 3, 102)],
      when: bid(3, BOB, 5, 102, { tif: 'FOK' }),
      then: ['accepted #3', 'trade 2@101 maker #1 (0 left) taker #3 (3 left)', 'done #1 filled', 'trade 3@102 maker #2 (0 left) taker #3 (0 left)', 'done #2 filled', 'done #3 filled'],
      book: [],
    },
    {
      name: 'FOK that cannot fill entirely is killed and changes nothing',
      given: [ask(1, ALICE, 2, 101), ask(2, CAROL, 3, 103)],
      when: bid(3, BOB, 5, 102, { tif: 'FOK' }),
      then: ['accepted #3', 'done #3 fok_killed 5'],
      book: ['#1 alice sell 2@101', '#2 carol sell 3@103'],
    },
    {
      name: 'FOK blocked by its own user’s order (cancel_taker) is killed, changing nothing',
      given: [ask(1, BOB, 2, 101), ask(2, CAROL, 3, 101)],
      when: bid(3, BOB, 3, 101, { tif: 'FOK' }),
      then: ['accepted #3', 'done #3 fok_killed 3'],
      book: ['#1 bob sell 2@101', '#2 carol sell 3@101'],
    },
    {
      name: 'FOK with cancel_maker does not count its own orders, and removes them as it fills',
      given: [ask(1, BOB, 2, 101), ask(2, CAROL, 3, 101)],
      when: bid(3, BOB, 3, 101, { tif: 'FOK', stp: 'cancel_maker' }),
      then: ['accepted #3', 'done #1 stp 2', 'trade 3@101 maker #2 (0 left) taker #3 (0 left)', 'done #2 filled', 'done #3 filled'],
      book: [],
    },
    {
      name: 'post-only that would not trade rests',
      given: [ask(1, ALICE, 2, 101)],
      when: bid(2, BOB, 2, 100, { tif: 'POST_ONLY' }),
      then: ['accepted #2', 'rested #2 buy 2@100'],
      book: ['#2 bob buy 2@100 post-only', '#1 alice sell 2@101'],
    },
    {
      name: 'post-only that would trade is rejected whole',
      given: [ask(1, ALICE, 2, 101)],
      when: bid(2, BOB, 2, 101, { tif: 'POST_ONLY' }),
      then: ['accepted #2', 'done #2 post_only_rejected 2'],
      book: ['#1 alice sell 2@101'],
    },
  ]);
});

describe('market orders and quote budgets', () => {
  table([
    {
      name: 'a market buy sweeps the book and reports what it could not fill',
      given: [ask(1, ALICE, 2, 101), ask(2, CAROL, 1, 150)],
      when: market(3, BOB, 'buy', 5),
      then: ['accepted #3', 'trade 2@101 maker #1 (0 left) taker #3 (3 left)', 'done #1 filled', 'trade 1@150 maker #2 (0 left) taker #3 (2 left)', 'done #2 filled', 'done #3 market_exhausted 2'],
      book: [],
    },
    { name: 'a market order on an empty side is exhausted at once', when: market(1, ALICE, 'sell', 3), then: ['accepted #1', 'done #1 market_exhausted 3'], book: [] },
    {
      name: 'a market sell takes bids at any price',
      given: [bid(1, ALICE, 1, 5)],
      when: market(2, BOB, 'sell', 1),
      then: ['accepted #2', 'trade 1@5 maker #1 (0 left) taker #2 (0 left)', 'done #1 filled', 'done #2 filled'],
      book: [],
    },
    {
      name: 'a budgeted market buy stops before the lot that would exceed its budget',
      given: [ask(1, ALICE, 2, 100), ask(2, CAROL, 5, 110)],
      when: market(3, BOB, 'buy', 10, { quoteBudget: 450 }),
      then: ['accepted #3', 'trade 2@100 maker #1 (0 left) taker #3 (8 left)', 'done #1 filled', 'trade 2@110 maker #2 (3 left) taker #3 (6 left)', 'done #3 market_exhausted 6 spent 420'],
      book: ['#2 carol sell 3@110'],
    },
    {
      name: 'a budget that exactly covers the fill is spent entirely',
      given: [ask(1, ALICE, 3, 100)],
      when: market(2, BOB, 'buy', 3, { quoteBudget: 300 }),
      then: ['accepted #2', 'trade 3@100 maker #1 (0 left) taker #2 (0 left)', 'done #1 filled', 'done #2 filled spent 300'],
      book: [],
    },
    {
      name: 'a budget that buys no lot at all leaves the book alone',
      given: [ask(1, ALICE, 3, 100)],
      when: market(2, BOB, 'buy', 3, { quoteBudget: 99 }),
      then: ['accepted #2', 'done #2 market_exhausted 3 spent 0'],
      book: ['#1 alice sell 3@100'],
    },
    {
      name: 'a budget that runs out inside one maker stops there, before the next order (here the buyer’s own)',
      given: [ask(1, ALICE, 2, 101), ask(2, BOB, 1, 101)],
      when: market(3, BOB, 'buy', 2, { quoteBudget: 101 }),
      then: ['accepted #3', 'trade 1@101 maker #1 (1 left) taker #3 (1 left)', 'done #3 market_exhausted 1 spent 101'],
      book: ['#1 alice sell 1@101', '#2 bob sell 1@101'],
    },
    {
      name: 'a market FOK buy whose budget cannot pay for the whole quantity is killed',
      given: [ask(1, ALICE, 3, 100)],
      when: market(2, BOB, 'buy', 3, { tif: 'FOK', quoteBudget: 299 }),
      then: ['accepted #2', 'done #2 fok_killed 3 spent 0'],
      book: ['#1 alice sell 3@100'],
    },
  ]);
});

describe('self-trade prevention, at the moment the taker meets its own order', () => {
  const book = [ask(1, ALICE, 1, 101), ask(2, BOB, 1, 102), ask(3, CAROL, 1, 103)];
  table([
    {
      name: 'cancel_taker (the default): the taker stops there; earlier trades stand',
      given: book,
      when: bid(4, BOB, 3, 103),
      then: ['accepted #4', 'trade 1@101 maker #1 (0 left) taker #4 (2 left)', 'done #1 filled', 'done #4 stp 2'],
      book: ['#2 bob sell 1@102', '#3 carol sell 1@103'],
    },
    {
      name: 'cancel_maker: the own order is removed and matching continues',
      given: book,
      when: bid(4, BOB, 3, 103, { stp: 'cancel_maker' }),
      then: [
        'accepted #4',
        'trade 1@101 maker #1 (0 left) taker #4 (2 left)',
        'done #1 filled',
        'done #2 stp 1',
        'trade 1@103 maker #3 (0 left) taker #4 (1 left)',
        'done #3 filled',
        'rested #4 buy 1@103',
      ],
      book: ['#4 bob buy 1@103 cancel_maker'],
    },
    {
      name: 'cancel_both: the own order and the taker both go',
      given: book,
      when: bid(4, BOB, 3, 103, { stp: 'cancel_both' }),
      then: ['accepted #4', 'trade 1@101 maker #1 (0 left) taker #4 (2 left)', 'done #1 filled', 'done #2 stp 1', 'done #4 stp 2'],
      book: ['#3 carol sell 1@103'],
    },
    {
      name: 'no STP while the taker fills before reaching its own order',
      given: [ask(1, CAROL, 2, 101), ask(2, BOB, 2, 101)],
      when: bid(3, BOB, 2, 101),
      then: ['accepted #3', 'trade 2@101 maker #1 (0 left) taker #3 (0 left)', 'done #1 filled', 'done #3 filled'],
      book: ['#2 bob sell 2@101'],
    },
    {
      name: 'a moved order that meets its own resting order is ended by STP',
      given: [bid(1, BOB, 2, 99), ask(2, BOB, 2, 101)],
      when: move(1, BOB, 101),
      then: ['done #1 stp 2'],
      book: ['#2 bob sell 2@101'],
    },
  ]);
});

describe('cancel and cancelAll', () => {
  table([
    { name: 'cancel returns the unfilled lots', given: [bid(1, ALICE, 5, 100)], when: cancel(1, ALICE), then: ['done #1 cancelled 5'], book: [] },
    {
      name: 'cancel after a partial fill cancels the remainder only',
      given: [bid(1, ALICE, 5, 100), ask(2, BOB, 2, 100)],
      when: cancel(1, ALICE),
      then: ['done #1 cancelled 3'],
      book: [],
    },
    { name: 'cancel of an unknown order is refused', when: cancel(9, ALICE), then: ['rejected #9 unknown_order'], book: [] },
    {
      name: 'cancel of another user’s order is refused',
      given: [bid(1, ALICE, 5, 100)],
      when: cancel(1, BOB),
      then: ['rejected #1 not_owner'],
      book: ['#1 alice buy 5@100'],
    },
    {
      name: 'cancel of a filled order is refused as unknown',
      given: [ask(1, ALICE, 1, 100), bid(2, BOB, 1, 100)],
      when: cancel(1, ALICE),
      then: ['rejected #1 unknown_order'],
      book: [],
    },
    {
      name: 'cancelAll cancels every order of the user, in order-id order, and nobody else’s',
      given: [bid(3, ALICE, 1, 99), ask(1, ALICE, 2, 105), bid(2, BOB, 1, 98), ask(4, ALICE, 1, 106)],
      when: cancelAll(ALICE),
      then: ['done #1 cancelled 2', 'done #3 cancelled 1', 'done #4 cancelled 1'],
      book: ['#2 bob buy 1@98'],
    },
    { name: 'cancelAll with nothing resting does nothing', given: [bid(1, ALICE, 1, 99)], when: cancelAll(CAROL), then: [], book: ['#1 alice buy 1@99'] },
  ]);
});

describe('move (cancel-replace at a new price) and reduce', () => {
  table([
    {
      name: 'a move rests at the new price behind the orders already there',
      given: [bid(1, ALICE, 1, 99), bid(2, BOB, 1, 100)],
      when: move(1, ALICE, 100),
      then: ['rested #1 buy 1@100'],
      book: ['#2 bob buy 1@100', '#1 alice buy 1@100'],
    },
    {
      name: 'a move to the same price still loses time priority',
      given: [bid(1, ALICE, 1, 100), bid(2, BOB, 1, 100)],
      when: move(1, ALICE, 100),
      then: ['rested #1 buy 1@100'],
      book: ['#2 bob buy 1@100', '#1 alice buy 1@100'],
    },
    {
      name: 'a move across the spread trades and rests the remainder',
      given: [bid(1, ALICE, 5, 99), ask(2, BOB, 2, 101)],
      when: move(1, ALICE, 101),
      then: ['trade 2@101 maker #2 (0 left) taker #1 (3 left)', 'done #2 filled', 'rested #1 buy 3@101'],
      book: ['#1 alice buy 3@101'],
    },
    {
      name: 'a move that fills completely ends the order',
      given: [bid(1, ALICE, 2, 99), ask(2, BOB, 5, 101)],
      when: move(1, ALICE, 102),
      then: ['trade 2@101 maker #2 (3 left) taker #1 (0 left)', 'done #1 filled'],
      book: ['#2 bob sell 3@101'],
    },
    {
      name: 'a post-only order is not moved across the spread',
      given: [bid(1, ALICE, 2, 99, { tif: 'POST_ONLY' }), ask(2, BOB, 2, 101)],
      when: move(1, ALICE, 101),
      then: ['rejected #1 post_only_would_take'],
      book: ['#1 alice buy 2@99 post-only', '#2 bob sell 2@101'],
    },
    {
      name: 'a post-only order moves to a price that does not trade',
      given: [bid(1, ALICE, 2, 99, { tif: 'POST_ONLY' }), ask(2, BOB, 2, 101)],
      when: move(1, ALICE, 100),
      then: ['rested #1 buy 2@100'],
      book: ['#1 alice buy 2@100 post-only', '#2 bob sell 2@101'],
    },
    { name: 'a move to an invalid price is refused', given: [bid(1, ALICE, 2, 99)], when: move(1, ALICE, 0), then: ['rejected #1 invalid_price'], book: ['#1 alice buy 2@99'] },
    { name: 'a move of an unknown order is refused', when: move(7, ALICE, 100), then: ['rejected #7 unknown_order'], book: [] },
    { name: 'a move of another user’s order is refused', given: [bid(1, ALICE, 2, 99)], when: move(1, BOB, 100), then: ['rejected #1 not_owner'], book: ['#1 alice buy 2@99'] },
    {
      name: 'reduce keeps time priority',
      given: [bid(1, ALICE, 5, 100), bid(2, BOB, 5, 100)],
      when: reduce(1, ALICE, 2),
      then: ['reduced #1 by 2 to 3'],
      book: ['#1 alice buy 3@100', '#2 bob buy 5@100'],
    },
    { name: 'reduce by everything left cancels', given: [bid(1, ALICE, 5, 100)], when: reduce(1, ALICE, 9), then: ['done #1 cancelled 5'], book: [] },
    { name: 'reduce by nothing is refused', given: [bid(1, ALICE, 5, 100)], when: reduce(1, ALICE, 0), then: ['rejected #1 invalid_quantity'], book: ['#1 alice buy 5@100'] },
  ]);
});

describe('order ids', () => {
  table([
    {
      name: 'an id that is resting cannot be placed again',
      given: [bid(1, ALICE, 1, 100)],
      when: ask(1, BOB, 1, 200),
      then: ['rejected #1 duplicate_order_id'],
      book: ['#1 alice buy 1@100'],
    },
    {
      name: 'the id of a finished order may come back (the service keeps ids unique over time)',
      given: [ask(1, ALICE, 1, 100), bid(2, BOB, 1, 100)],
      when: bid(1, CAROL, 1, 90),
      then: ['accepted #1', 'rested #1 buy 1@90'],
      book: ['#1 carol buy 1@90'],
    },
  ]);
});

describe('invalid commands are refused with a reason and change nothing', () => {
  const base = bid(5, ALICE, 1, 100);
  const cases: Array<[string, Command, string]> = [
    ['orderId 0', { ...base, orderId: 0 }, 'rejected #0 invalid_order_id'],
    ['orderId -3', { ...base, orderId: -3 }, 'rejected #-3 invalid_order_id'],
    ['orderId 1.5', { ...base, orderId: 1.5 }, 'rejected #0 invalid_order_id'],
    ['orderId as a string', { ...base, orderId: '5' as unknown as number }, 'rejected #0 invalid_order_id'],
    ['userId 0', { ...base, userId: 0 }, 'rejected #5 invalid_user_id'],
    ['side "long"', { ...base, side: 'long' as 'buy' }, 'rejected #5 invalid_side'],
    ['kind "stop"', { ...base, kind: 'stop' as 'limit' }, 'rejected #5 invalid_kind'],
    ['tif "GTD"', { ...base, tif: 'GTD' as 'GTC' }, 'rejected #5 invalid_tif'],
    ['a post-only market order', market(5, ALICE, 'buy', 1, { tif: 'POST_ONLY' }), 'rejected #5 invalid_tif'],
    ['stp "none"', { ...base, stp: 'none' as 'cancel_taker' }, 'rejected #5 invalid_stp'],
    ['stp "constructor"', { ...base, stp: 'constructor' as 'cancel_taker' }, 'rejected #5 invalid_stp'],
    ['price 0', { ...base, price: 0 }, 'rejected #5 invalid_price'],
    ['price -1', { ...base, price: -1 }, 'rejected #5 invalid_price'],
    ['price 100.5', { ...base, price: 100.5 }, 'rejected #5 invalid_price'],
    ['price NaN', { ...base, price: NaN }, 'rejected #5 invalid_price'],
    ['price 2^53', { ...base, price: 2 ** 53 }, 'rejected #5 invalid_price'],
    ['quantity 0', { ...base, quantity: 0 }, 'rejected #5 invalid_quantity'],
    ['quantity 1.5', { ...base, quantity: 1.5 }, 'rejected #5 invalid_quantity'],
    ['quantity Infinity', { ...base, quantity: Infinity }, 'rejected #5 invalid_quantity'],
    ['a quote budget on a limit order', { ...base, quoteBudget: 100 }, 'rejected #5 invalid_quote_budget'],
    ['a quote budget on a market sell', market(5, ALICE, 'sell', 1, { quoteBudget: 100 }), 'rejected #5 invalid_quote_budget'],
    ['a quote budget of 0', market(5, ALICE, 'buy', 1, { quoteBudget: 0 }), 'rejected #5 invalid_quote_budget'],
    ['an unknown command', { type: 'amend', orderId: 5 } as unknown as Command, 'rejected #5 unknown_command'],
    ['cancelAll for user 0', cancelAll(0), 'rejected #0 invalid_user_id'],
    ['cancel with userId 1.5', cancel(1, 1.5), 'rejected #1 invalid_user_id'],
  ];
  it.each(cases)('%s', (_name, cmd, expected) => {
    const engine = createEngine({ marketId: 'TEST' });
    const reference = new ReferenceEngine();
    for (const c of [bid(1, ALICE, 2, 99), ask(2, BOB, 2, 101)]) {
      engine.apply(c, []);
      reference.apply(c, []);
    }
    const before = engine.hash();
    const out: EngineEvent[] = [];
    const refOut: EngineEvent[] = [];
    engine.apply(cmd, out);
    reference.apply(cmd, refOut);
    expect(out.map(show)).toEqual([expected]);
    expect(out).toEqual(refOut);
    expect(engine.hash()).toBe(before);
    engine.validate();
  });
});
