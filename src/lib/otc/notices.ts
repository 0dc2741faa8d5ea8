/**
 * The OTC notification stack of the site shell (docs/requirements.md §4): order notices arrive on the STOMP refresh
 * topics; at most four show at once, a fifth closes the oldest, and each stays until it is clicked. Clicking one opens
 * its order: on the merchant's order page when the notice says `link_merchant`, otherwise on the user's order page.
 */
import type { OtcNotice, RefreshMessage } from '../../../isomorphic/contract/private-feed.ts';

/** docs/requirements.md §9: at most 4 notifications at once. */
export const MAX_NOTICES = 4;

export interface ShownNotice extends OtcNotice {
  /**
   * The message's time, which with the order and what happened tells a notice pushed twice (user and merchant topic).
   */
  ts: number;
}

const sameNotice = (a: ShownNotice, b: ShownNotice) =>
  a.orderId === b.orderId && a.content === b.content && a.ts === b.ts;

/** The stack after a notice arrives: the newest last, the oldest closed beyond `max`, a repeat ignored. */
export function pushNotice(stack: readonly ShownNotice[], notice: ShownNotice, max = MAX_NOTICES): ShownNotice[] {
  if (stack.some((n) => sameNotice(n, notice))) return [...stack];
  return [...stack, notice].slice(-max);
}

/** The stack after a notice is clicked away. */
export function dropNotice(stack: readonly ShownNotice[], notice: ShownNotice): ShownNotice[] {
  return stack.filter((n) => !sameNotice(n, notice));
}

/** The notice a refresh message carries, or null (a plain "load again" message). */
export function noticeOf(m: RefreshMessage): ShownNotice | null {
  return m.kind === 'otc' && m.notice ? { ...m.notice, ts: m.ts } : null;
}

/** Where a notice leads: the merchant's order page (its orders, this one first) or the user's order page. */
export function noticeHref(n: OtcNotice): string {
  return n.link_merchant ? `/merchant/deal?id=${n.orderId}` : `/otc/order?id=${n.orderId}`;
}

/** The dictionary key of a notice's sentence: a new order for the merchant, or what happened to the order. */
export function noticeKey(n: OtcNotice): string {
  if (n.isNew === 1) return 'otc.notice.new';
  return `otc.notice.${n.content}`;
}
