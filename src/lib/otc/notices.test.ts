import { describe, expect, it } from 'vitest';
import type { OtcNotice } from '../../../isomorphic/contract/private-feed.ts';
import { dropNotice, MAX_NOTICES, noticeHref, noticeKey, noticeOf, pushNotice, type ShownNotice } from './notices.ts';

const notice = (orderId: number, patch: Partial<OtcNotice> = {}, ts = orderId): ShownNotice => ({
  type: 'otc',
  isNew: 0,
  content: 'paid',
  orderId,
  orderCode: `C${orderId}`,
  changeUser: 7,
  serviceType: 'sell',
  link_merchant: false,
  ts,
  ...patch,
});

describe('the notification stack (docs/requirements.md §4)', () => {
  it('shows at most four: a fifth closes the oldest', () => {
    let stack: ShownNotice[] = [];
    for (let i = 1; i <= 5; i++) stack = pushNotice(stack, notice(i));
    expect(MAX_NOTICES).toBe(4);
    expect(stack.map((n) => n.orderId)).toEqual([2, 3, 4, 5]);
  });
  it('keeps each until it is clicked, and shows a notice pushed on both topics once', () => {
    let stack = pushNotice([], notice(1));
    stack = pushNotice(stack, notice(1));
    stack = pushNotice(stack, notice(2));
    expect(stack).toHaveLength(2);
    expect(dropNotice(stack, notice(1)).map((n) => n.orderId)).toEqual([2]);
  });
  it('reads notices from refresh messages of kind otc only', () => {
    expect(noticeOf({ kind: 'otc', ts: 5, notice: notice(3) })).toMatchObject({ orderId: 3, ts: 5 });
    expect(noticeOf({ kind: 'otc', ts: 5 })).toBeNull();
    expect(noticeOf({ kind: 'assets', ts: 5 })).toBeNull();
  });
  it('leads to the merchant’s order page with link_merchant, else to the user’s order page', () => {
    expect(noticeHref(notice(9, { link_merchant: true }))).toBe('/merchant/deal?id=9');
    expect(noticeHref(notice(9))).toBe('/otc/order?id=9');
  });
  it('says a new order for the merchant, otherwise what happened', () => {
    expect(noticeKey(notice(1, { isNew: 1, content: 'created' }))).toBe('otc.notice.new');
    expect(noticeKey(notice(1, { type: 'appeal', content: 'appealed' }))).toBe('otc.notice.appealed');
  });
});
