/**
 * What the order page shows and offers, from the order as the server sent it: the caller's part (buyer pays,
 * seller releases), the buttons their part and the order's state allow, and the time left to pay.
 */
import type { OtcOrder } from '../../../isomorphic/contract/otc.ts';

export type OrderAction = 'paid' | 'cancel' | 'release' | 'appeal';

/**
 * The buttons of the caller's part: the buyer pays or cancels before the deadline; the seller releases a paid order;
 * either side appeals a paid one once.
 */
export function actionsOf(
  o: Pick<OtcOrder, 'side' | 'state' | 'payDeadline' | 'appeal' | 'role'>,
  now: number,
): OrderAction[] {
  if (o.role === 'operator') return [];
  const buyer = o.side === 'buy';
  const out: OrderAction[] = [];
  if (o.state === 'created' && buyer && now <= o.payDeadline) out.push('paid', 'cancel');
  if (o.state === 'paid' && !buyer) out.push('release');
  if (o.state === 'paid' && !o.appeal) out.push('appeal');
  return out;
}

/** Time left to pay as "mm:ss" (hours added when longer), "00:00" once passed: countdown(deadline, now). */
export function countdown(deadline: number, now: number): string {
  const total = Math.max(0, Math.ceil((deadline - now) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** Whether the payment window is still open: the countdown shows only then. */
export function paying(o: Pick<OtcOrder, 'state' | 'payDeadline'>, now: number): boolean {
  return o.state === 'created' && now < o.payDeadline;
}

/** The dictionary key of the line under the state: why an ended order ended, or what the caller waits for. */
export function stateNoteKey(o: Pick<OtcOrder, 'side' | 'state' | 'endReason'>): string {
  if (o.endReason) return `otc.order.end.${o.endReason}`;
  const buyer = o.side === 'buy';
  if (o.state === 'created') return buyer ? 'otc.order.note.payNow' : 'otc.order.note.waitPay';
  if (o.state === 'paid') return buyer ? 'otc.order.note.waitRelease' : 'otc.order.note.checkRelease';
  return 'otc.order.note.appealed';
}
