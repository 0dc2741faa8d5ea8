/**
 * Scenario tables for managing orders: cancel, cancelAll, move, reduce, order ids, and invalid commands that
 * are refused with a reason and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import {
  ALICE,
  BOB,
  CAROL,
  ask,
  bid,
  cancel,
  cancelAll,
  market,
  move,
  reduce,
  scenarios,
  show,
} from '../../tests/support/matching/engine-test-kit.ts';
import { ReferenceEngine } from '../../tests/support/matching/reference-engine.ts';
import type { Command, EngineEvent } from './types.ts';

describe('cancel and cancelAll', () => {
  scenarios([
    {
      name: 'cancel returns the unfilled lots',
      given: [bid(1, ALICE, 5, 100)],
      when: cancel(1, ALICE),
      then: ['done #1 cancelled 5'],
      book: [],
    },
    {
      name: 'cancel after a partial fill cancels the remainder only',
      given: [bid(1, ALICE, 5, 100), ask(2, BOB, 2, 100)],
      when: cancel(1, ALICE),
      then: ['done #1 cancelled 3'],
      book: [],
    },
    {
      name: 'cancel of an unknown order is refused',
      when: cancel(9, ALICE),
      then: ['rejected #9 unknown_order'],
      book: [],
    },
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
    {
      name: 'cancelAll with nothing resting does nothing',
      given: [bid(1, ALICE, 1, 99)],
      when: cancelAll(CAROL),
      then: [],
      book: ['#1 alice buy 1@99'],
    },
  ]);
});

describe('move (cancel-replace at a new price) and reduce', () => {
  scenarios([
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
    {
      name: 'a move to an invalid price is refused',
      given: [bid(1, ALICE, 2, 99)],
      when: move(1, ALICE, 0),
      then: ['rejected #1 invalid_price'],
      book: ['#1 alice buy 2@99'],
    },
    {
      name: 'a move of an unknown order is refused',
      when: move(7, ALICE, 100),
      then: ['rejected #7 unknown_order'],
      book: [],
    },
    {
      name: 'a move of another user’s order is refused',
      given: [bid(1, ALICE, 2, 99)],
      when: move(1, BOB, 100),
      then: ['rejected #1 not_owner'],
      book: ['#1 alice buy 2@99'],
    },
    {
      name: 'reduce keeps time priority',
      given: [bid(1, ALICE, 5, 100), bid(2, BOB, 5, 100)],
      when: reduce(1, ALICE, 2),
      then: ['reduced #1 by 2 to 3'],
      book: ['#1 alice buy 3@100', '#2 bob buy 5@100'],
    },
    {
      name: 'reduce by everything left cancels',
      given: [bid(1, ALICE, 5, 100)],
      when: reduce(1, ALICE, 9),
      then: ['done #1 cancelled 5'],
      book: [],
    },
    {
      name: 'reduce by nothing is refused',
      given: [bid(1, ALICE, 5, 100)],
      when: reduce(1, ALICE, 0),
      then: ['rejected #1 invalid_quantity'],
      book: ['#1 alice buy 5@100'],
    },
  ]);
});

describe('order ids', () => {
  scenarios([
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
    [
      'a quote budget on a market sell',
      market(5, ALICE, 'sell', 1, { quoteBudget: 100 }),
      'rejected #5 invalid_quote_budget',
    ],
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
