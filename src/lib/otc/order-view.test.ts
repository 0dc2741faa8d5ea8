import { describe, expect, it } from 'vitest';
import type { OtcOrder } from '../../../isomorphic/contract/otc.ts';
import { actionsOf, countdown, paying, stateNoteKey } from './order-view.ts';

type Part = Pick<OtcOrder, 'side' | 'state' | 'payDeadline' | 'appeal' | 'role' | 'endReason'>;
const order = (patch: Partial<Part>): Part => ({
  side: 'buy',
  state: 'created',
  payDeadline: 10_000,
  appeal: null,
  role: 'user',
  endReason: null,
  ...patch,
});
const appeal = { by: 'buyer' as const, reason: 'x', proof: null, at: 1, ruling: null, note: null, ruledAt: null };

describe('the order page’s buttons by part and state', () => {
  it.each([
    ['buyer, created, in time', order({}), 5_000, ['paid', 'cancel']],
    ['buyer, created, window passed', order({}), 10_001, []],
    ['seller, created', order({ side: 'sell' }), 5_000, []],
    ['seller, paid', order({ side: 'sell', state: 'paid' }), 5_000, ['release', 'appeal']],
    ['buyer, paid', order({ state: 'paid' }), 5_000, ['appeal']],
    ['buyer, paid, appealed once', order({ state: 'paid', appeal }), 5_000, []],
    ['seller, appealed', order({ side: 'sell', state: 'appealed', appeal }), 5_000, []],
    ['released', order({ state: 'released' }), 5_000, []],
    ['operator', order({ role: 'operator', state: 'paid' }), 5_000, []],
  ] as const)('%s', (_name, o, now, actions) => expect(actionsOf(o, now)).toEqual(actions));
});

describe('the payment countdown', () => {
  it('counts down from the server’s deadline in mm:ss, never below zero', () => {
    expect(countdown(15 * 60_000, 0)).toBe('15:00');
    expect(countdown(61_000, 500)).toBe('01:01');
    expect(countdown(3_600_000 + 5_000, 0)).toBe('1:00:05');
    expect(countdown(1_000, 9_000)).toBe('00:00');
  });
  it('shows while the order waits for payment within its window', () => {
    expect(paying(order({}), 9_999)).toBe(true);
    expect(paying(order({}), 10_000)).toBe(false);
    expect(paying(order({ state: 'paid' }), 0)).toBe(false);
  });
  it('names why an order ended, or what the caller waits for', () => {
    expect(stateNoteKey(order({ state: 'cancelled', endReason: 'expired' }))).toBe('otc.order.end.expired');
    expect(stateNoteKey(order({}))).toBe('otc.order.note.payNow');
    expect(stateNoteKey(order({ side: 'sell', state: 'paid' }))).toBe('otc.order.note.checkRelease');
  });
});
