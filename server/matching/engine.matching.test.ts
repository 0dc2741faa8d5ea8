/**
 * Scenario tables for matching: who places what, the events that follow, and the book after. Limit orders,
 * time in force, market orders with quote budgets, and self-trade prevention.
 */
import { describe } from 'vitest';
import { ALICE, BOB, CAROL, ask, bid, market, move, scenarios } from '../../tests/support/matching/engine-test-kit.ts';

describe('limit orders (GTC): price-time priority at the maker’s price', () => {
  scenarios([
    {
      name: 'rests on an empty book',
      when: bid(1, ALICE, 5, 100),
      then: ['accepted #1', 'rested #1 buy 5@100'],
      book: ['#1 alice buy 5@100'],
    },
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
      then: [
        'accepted #3',
        'trade 2@101 maker #1 (0 left) taker #3 (1 left)',
        'done #1 filled',
        'trade 1@101 maker #2 (1 left) taker #3 (0 left)',
        'done #3 filled',
      ],
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
      then: [
        'accepted #3',
        'trade 1@101 maker #2 (0 left) taker #3 (1 left)',
        'done #2 filled',
        'trade 1@99 maker #1 (0 left) taker #3 (0 left)',
        'done #1 filled',
        'done #3 filled',
      ],
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
  scenarios([
    {
      name: 'IOC fills what it can and expires the rest',
      given: [ask(1, ALICE, 2, 101), ask(2, ALICE, 5, 105)],
      when: bid(3, BOB, 5, 102, { tif: 'IOC' }),
      then: [
        'accepted #3',
        'trade 2@101 maker #1 (0 left) taker #3 (3 left)',
        'done #1 filled',
        'done #3 ioc_expired 3',
      ],
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
      then: [
        'accepted #3',
        'trade 2@101 maker #1 (0 left) taker #3 (3 left)',
        'done #1 filled',
        'trade 3@102 maker #2 (0 left) taker #3 (0 left)',
        'done #2 filled',
        'done #3 filled',
      ],
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
      then: [
        'accepted #3',
        'done #1 stp 2',
        'trade 3@101 maker #2 (0 left) taker #3 (0 left)',
        'done #2 filled',
        'done #3 filled',
      ],
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
  scenarios([
    {
      name: 'a market buy sweeps the book and reports what it could not fill',
      given: [ask(1, ALICE, 2, 101), ask(2, CAROL, 1, 150)],
      when: market(3, BOB, 'buy', 5),
      then: [
        'accepted #3',
        'trade 2@101 maker #1 (0 left) taker #3 (3 left)',
        'done #1 filled',
        'trade 1@150 maker #2 (0 left) taker #3 (2 left)',
        'done #2 filled',
        'done #3 market_exhausted 2',
      ],
      book: [],
    },
    {
      name: 'a market order on an empty side is exhausted at once',
      when: market(1, ALICE, 'sell', 3),
      then: ['accepted #1', 'done #1 market_exhausted 3'],
      book: [],
    },
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
      then: [
        'accepted #3',
        'trade 2@100 maker #1 (0 left) taker #3 (8 left)',
        'done #1 filled',
        'trade 2@110 maker #2 (3 left) taker #3 (6 left)',
        'done #3 market_exhausted 6 spent 420',
      ],
      book: ['#2 carol sell 3@110'],
    },
    {
      name: 'a budget that exactly covers the fill is spent entirely',
      given: [ask(1, ALICE, 3, 100)],
      when: market(2, BOB, 'buy', 3, { quoteBudget: 300 }),
      then: [
        'accepted #2',
        'trade 3@100 maker #1 (0 left) taker #2 (0 left)',
        'done #1 filled',
        'done #2 filled spent 300',
      ],
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
  scenarios([
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
      then: [
        'accepted #4',
        'trade 1@101 maker #1 (0 left) taker #4 (2 left)',
        'done #1 filled',
        'done #2 stp 1',
        'done #4 stp 2',
      ],
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
