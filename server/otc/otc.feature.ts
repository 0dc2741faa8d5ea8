import type { OtcNotice, RefreshMessage } from '../../isomorphic/contract/private-feed.ts';
import type { FeatureContext, FeatureJob } from '../feature.ts';
import { merchantTopic, userTopics } from '../feeds/topics.ts';
import type { OtcBook } from './otc-book.ts';
import { expireOrders, OTC_MERCHANT_CHANGED, OTC_ORDER_CHANGED, type OrderChange } from './otc-commands.ts';
import { orderCode } from './views.ts';

/** How often the expiry job looks for unpaid orders past their window. */
const EXPIRE_EVERY_MS = 1_000;

/**
 * Who is told of a change (docs/requirements.md §4): a new order only its merchant (isNew 1); a status change the sides
 * that did not make it (isNew 0); an appeal, and its ruling, as type 'appeal'. An expiry or a ruling (made by the
 * platform or an operator) tells both sides.
 */
function noticesOf(c: OrderChange): Array<{ userId: number; notice: OtcNotice }> {
  const o = c.order;
  const recipients = c.what === 'created' ? [o.merchantId] : [o.buyerId, o.sellerId].filter((id) => id !== c.by);
  return recipients.map((userId) => ({
    userId,
    notice: {
      type: c.what === 'appealed' || c.what === 'ruled' ? 'appeal' : 'otc',
      isNew: c.what === 'created' ? 1 : 0,
      content: c.what,
      orderId: o.id,
      orderCode: orderCode(o.id),
      changeUser: c.by,
      serviceType: userId === o.sellerId ? 'sell' : 'buy',
      link_merchant: userId === o.merchantId,
    },
  }));
}

/**
 * Once a batch is durable: each side of a changed order gets a refresh of kind 'otc' (on the merchant topic for the
 * ad's merchant), carrying the notification where §4 says they are told; a merchant whose standing changed reloads.
 */
export async function startOtc({ core, bus, clock }: FeatureContext): Promise<void> {
  core.on(OTC_ORDER_CHANGED, (payloads) => {
    const ts = clock.now();
    for (const c of payloads as OrderChange[]) {
      const notices = new Map(noticesOf(c).map((n) => [n.userId, n.notice]));
      for (const userId of new Set([c.order.buyerId, c.order.sellerId])) {
        const notice = notices.get(userId);
        const message: RefreshMessage = { kind: 'otc', ts, ...(notice ? { notice } : {}) };
        bus.publish(userId === c.order.merchantId ? merchantTopic(userId) : userTopics.refresh(userId), message);
      }
    }
  });
  core.on(OTC_MERCHANT_CHANGED, (payloads) => {
    for (const userId of payloads as number[])
      bus.publish(userTopics.refresh(userId), { kind: 'otc', ts: clock.now() } satisfies RefreshMessage);
  });
}

/** Cancels unpaid orders whose payment window has passed, by the clock; after downtime, at its first turn. */
export function otcJobs({ core, clock }: FeatureContext): FeatureJob[] {
  return [
    {
      name: 'otc.expire',
      everyMs: EXPIRE_EVERY_MS,
      where: 'core',
      run: async () => {
        const now = clock.now();
        const due = [...core.part<OtcBook>('otc').orders.values()].some(
          (o) => o.state === 'created' && o.payDeadline <= now,
        );
        if (due) await core.submit(expireOrders, {});
      },
    },
  ];
}
