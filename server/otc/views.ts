import type { OtcAd, OtcMerchantCard, OtcOrder, OtcOwnAd } from '../../isomorphic/contract/otc.ts';
import type { PaymentKind } from '../../isomorphic/contract/identity.ts';
import { paymentsByIds } from '../identity/payment.repo.ts';
import { toPayment } from '../identity/payment.service.ts';
import type { Db } from '../storage/db.ts';
import { nicknames } from '../user/user.repo.ts';
import { unreadOf } from './chat.repo.ts';
import { coinText, fiatText } from './fiat.ts';
import { merchantStats, type AdRow, type OrderRow } from './otc.repo.ts';

const MONTH_MS = 30 * 86_400_000;

/** Order numbers as shown: the id padded, so they sort and read alike. */
export const orderCode = (id: number) => `OTC${String(id).padStart(10, '0')}`;
export const orderChat = (id: number) => `order-${id}`;

/**
 * Each merchant's name and last 30 days: orders ended, the share released, and the mean minutes from paid to released.
 */
export async function merchantCards(
  db: Db,
  ids: readonly number[],
  now: number,
): Promise<Map<number, OtcMerchantCard>> {
  const unique = [...new Set(ids)];
  const [names, stats] = await Promise.all([nicknames(db, unique), merchantStats(db, unique, now - MONTH_MS)]);
  const out = new Map<number, OtcMerchantCard>();
  for (const id of unique) {
    const s = stats.get(id);
    const ended = (s?.released ?? 0) + (s?.cancelled ?? 0);
    out.set(id, {
      id,
      nickname: names.get(id) ?? '',
      orders30d: s?.released ?? 0,
      completionRate: ended ? (s!.released / ended).toFixed(4) : null,
      avgReleaseMinutes: s?.releaseMs === null || s?.releaseMs === undefined ? null : (s.releaseMs / 60_000).toFixed(1),
    });
  }
  return out;
}

/**
 * An ad at the price an order would take now; with none (a floating ad whose coin has no fresh index, shown to its
 * merchant only), no price and the ad's own maximum.
 */
export async function adView(db: Db, ad: AdRow, price: bigint, merchant: OtcMerchantCard): Promise<OtcAd>;
export async function adView(
  db: Db,
  ad: AdRow,
  price: bigint | undefined,
  merchant: OtcMerchantCard,
): Promise<Omit<OtcOwnAd, 'payments'>>;
export async function adView(
  db: Db,
  ad: AdRow,
  price: bigint | undefined,
  merchant: OtcMerchantCard,
): Promise<Omit<OtcOwnAd, 'payments'>> {
  const kinds = [...new Set((await paymentsByIds(db, ad.merchantId, ad.payments)).map((p) => p.kind as PaymentKind))];
  const remainingFiat = price === undefined ? ad.maxFiat : (ad.remaining * price) / 100_000_000n;
  return {
    id: ad.id,
    side: ad.side,
    coin: ad.asset,
    fiat: ad.fiat,
    priceType: ad.priceType,
    price: price === undefined ? null : fiatText(price),
    floatPct: ad.priceType === 'floating' ? (ad.floatBps / 100).toFixed(2) : null,
    total: coinText(ad.total),
    remaining: coinText(ad.remaining),
    minFiat: fiatText(ad.minFiat),
    maxFiat: fiatText(remainingFiat < ad.maxFiat ? remainingFiat : ad.maxFiat),
    payWindow: ad.payWindow,
    payKinds: kinds,
    terms: ad.terms,
    online: ad.online,
    closed: ad.closed,
    merchant,
    createdAt: ad.createdAt,
  };
}

/**
 * Orders as `viewerId` sees them (0 for an operator): their side, the names, the seller's payment details, unread chat
 * lines.
 */
export async function orderViews(db: Db, orders: readonly OrderRow[], viewerId: number): Promise<OtcOrder[]> {
  const names = await nicknames(
    db,
    orders.flatMap((o) => [o.buyerId, o.sellerId]),
  );
  const out: OtcOrder[] = [];
  for (const o of orders) {
    const payments = (await paymentsByIds(db, o.sellerId, o.payments)).map((r) => toPayment(r, { unmasked: true }));
    const chatId = orderChat(o.id);
    out.push({
      id: o.id,
      orderCode: orderCode(o.id),
      adId: o.adId,
      side: viewerId === o.sellerId ? 'sell' : 'buy',
      role: viewerId === 0 ? 'operator' : viewerId === o.merchantId ? 'merchant' : 'user',
      coin: o.asset,
      fiat: o.fiat,
      price: fiatText(o.price),
      amount: coinText(o.amount),
      fiatAmount: fiatText(o.fiatAmount),
      state: o.state,
      buyer: { id: o.buyerId, nickname: names.get(o.buyerId) ?? '' },
      seller: { id: o.sellerId, nickname: names.get(o.sellerId) ?? '' },
      merchantId: o.merchantId,
      payments,
      paidWith: o.paidWith,
      proof: o.proof,
      terms: o.terms,
      createdAt: o.createdAt,
      payDeadline: o.payDeadline,
      paidAt: o.paidAt,
      endedAt: o.endedAt,
      endReason: o.endReason,
      appeal:
        o.appealBy === null
          ? null
          : {
              by: o.appealBy,
              reason: o.appealReason ?? '',
              proof: o.appealProof,
              at: o.appealAt ?? 0,
              ruling: o.ruling,
              note: o.ruleNote,
              ruledAt: o.ruledAt,
            },
      chatId,
      unread: await unreadOf(db, chatId, viewerId),
    });
  }
  return out;
}
