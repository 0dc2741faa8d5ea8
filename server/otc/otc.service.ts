import type { z } from 'zod';
import type {
  adBody,
  adListQuery,
  MerchantStatus,
  OtcAd,
  OtcOrder,
  OtcOwnAd,
  takeBody,
} from '../../isomorphic/contract/otc.ts';
import { FLOATING_MAX_PCT, MERCHANT_DEPOSIT, OTC_COINS } from '../../isomorphic/contract/otc.ts';
import type { TradingCore } from '../core/core.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { kycStanding } from '../identity/kyc.repo.ts';
import { paymentsByIds } from '../identity/payment.repo.ts';
import { fail } from '../outcome.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Db } from '../storage/db.ts';
import { coinRates } from '../wallet/wallet.service.ts';
import { money } from '../wallet/amounts.ts';
import { requireFundPassword } from '../user/fund-password.ts';
import type { OtcBook } from './otc-book.ts';
import * as cmd from './otc-commands.ts';
import { coinUnits, fiatOf, fiatText, fiatUnits, floatBps, floatingPrice } from './fiat.ts';
import { findMerchant, findOrder, merchantAds, orderRows, type AdRow, type OrderRow } from './otc.repo.ts';
import { adView, merchantCards, orderViews } from './views.ts';
import { requireOwnUpload } from '../wallet/uploads.ts';
import { grantUpload } from '../wallet/uploads.repo.ts';

export interface OtcDeps {
  db: Db;
  core: TradingCore;
  markets: SpotMarkets;
  prices: PriceIndex;
  /** The clock's time (the merchants' 30-day records). */
  now: () => number;
}

/** Verification level a merchant needs (advanced: ID photos checked). */
const MERCHANT_LEVEL = 2;

const bookOf = (core: TradingCore) => core.part<OtcBook>('otc');

function requireCoin(coin: string): void {
  if (!(OTC_COINS as readonly string[]).includes(coin)) fail('otcUnknownCoin');
}

async function rateOf(db: Db, fiat: string): Promise<string> {
  const r = (await coinRates(db)).find((x) => x.exchange_code === fiat);
  if (!r) fail('otcUnknownFiat');
  return r.rate;
}

type Priced = Pick<AdRow, 'priceType' | 'price' | 'floatBps' | 'asset' | 'fiat'>;

/**
 * The price an order on the ad would take now, in cents, or undefined while a floating ad's coin has no fresh index.
 */
async function quote(d: OtcDeps, ad: Priced): Promise<bigint | undefined> {
  return ad.priceType === 'fixed' ? ad.price : floatingNow(d, ad, await rateOf(d.db, ad.fiat));
}

/**
 * The price an order on the ad would take now, in cents: the fixed price, or the index moved by the ad's percentage.
 */
export async function priceNow(d: OtcDeps, ad: Priced): Promise<bigint> {
  return (await quote(d, ad)) ?? fail('otcNoPrice');
}

/** A floating price now, or undefined while the coin has no fresh index. */
function floatingNow(d: OtcDeps, ad: Pick<AdRow, 'floatBps' | 'asset'>, rate: string): bigint | undefined {
  if (ad.asset === 'USDT') return floatingPrice(1n, 0, rate, ad.floatBps);
  const symbol = `${ad.asset.toLowerCase()}usdt`;
  const index = d.prices.fresh(symbol);
  const market = d.markets.get(symbol);
  return index && market ? floatingPrice(index.price, market.priceScale, rate, ad.floatBps) : undefined;
}

/** The ad market: online ads with coins left on the other side of the user's, best price first. */
export async function listAds(d: OtcDeps, q: z.output<typeof adListQuery>) {
  requireCoin(q.coin);
  const rate = await rateOf(d.db, q.fiat);
  const adSide = q.side === 'buy' ? 'sell' : 'buy';
  const priced: Array<{ ad: AdRow; price: bigint }> = [];
  for (const ad of bookOf(d.core).ads.values()) {
    if (!ad.online || ad.side !== adSide || ad.asset !== q.coin || ad.fiat !== q.fiat || ad.remaining <= 0n) continue;
    // Without an index a floating ad cannot be priced, so it is not offered until one comes.
    const price = ad.priceType === 'fixed' ? ad.price : floatingNow(d, ad, rate);
    if (price !== undefined && fiatOf(ad.remaining, price) >= ad.minFiat) priced.push({ ad, price });
  }
  // A buyer wants the lowest price, a seller the highest; older ads first among equals.
  priced.sort((a, b) =>
    a.price === b.price ? a.ad.id - b.ad.id : (a.price < b.price ? -1 : 1) * (q.side === 'buy' ? 1 : -1),
  );
  const page = priced.slice((q.page - 1) * q.size, q.page * q.size);
  const cards = await merchantCards(
    d.db,
    page.map((p) => p.ad.merchantId),
    d.now(),
  );
  const records: OtcAd[] = [];
  for (const p of page) records.push(await adView(d.db, p.ad, p.price, cards.get(p.ad.merchantId)!));
  return { total: priced.length, page: q.page, size: q.size, records };
}

/** Takes an ad at the price the user was shown; a price that has moved is refused with the new one. */
export async function take(d: OtcDeps, userId: number, body: z.output<typeof takeBody>): Promise<OtcOrder> {
  const ad = bookOf(d.core).ads.get(body.adId);
  if (!ad || !ad.online) fail('otcAdUnavailable');
  if (ad.merchantId === userId) fail('otcOwnAd');
  const amount = coinUnits(body.amount, 'otc.field.amount');
  const shown = fiatUnits(body.price, 'otc.field.price');
  const price = await priceNow(d, ad);
  if (shown !== price) fail('otcPriceChanged', { price: fiatText(price) });
  const fiatAmount = fiatOf(amount, price);
  const max = fiatOf(ad.remaining, price) < ad.maxFiat ? fiatOf(ad.remaining, price) : ad.maxFiat;
  if (fiatAmount < ad.minFiat || fiatAmount > max || amount > ad.remaining)
    fail('otcOutsideLimits', { min: fiatText(ad.minFiat), max: fiatText(max), fiat: ad.fiat });
  let payment: number | null = null;
  if (ad.side === 'buy') {
    if (body.payment === undefined) fail('otcPaymentRequired');
    if (!(await paymentsByIds(d.db, userId, [body.payment])).length) fail('otcPaymentUnknown');
    payment = body.payment;
  }
  const order = await d.core.submit(cmd.takeAd, { userId, adId: ad.id, amount, price, fiatAmount, payment });
  await showPaymentCodes(d.db, order);
  return (await orderViews(d.db, [order], userId))[0]!;
}

/** The buyer must see the seller's payment QR codes to pay. */
async function showPaymentCodes(db: Db, o: OrderRow): Promise<void> {
  for (const p of await paymentsByIds(db, o.sellerId, o.payments))
    if (p.qr_upload) await grantUpload(db, String(p.qr_upload), [o.buyerId]);
}

/** An order the caller is a side of: from the core while it is open, from the table once ended. */
export async function orderOf(d: OtcDeps, userId: number | null, id: number): Promise<OrderRow> {
  const open = bookOf(d.core).orders.get(id);
  if (!open) await d.core.settled();
  const o = open ?? (await findOrder(d.db, id));
  if (!o || (userId !== null && o.buyerId !== userId && o.sellerId !== userId)) fail('otcOrderUnknown');
  return o;
}

export async function detail(d: OtcDeps, userId: number, id: number): Promise<OtcOrder> {
  return (await orderViews(d.db, [await orderOf(d, userId, id)], userId))[0]!;
}

export async function list(
  d: OtcDeps,
  userId: number,
  isMerchant: boolean,
  q: { role: 'user' | 'merchant'; state: 'active' | 'done'; page: number; size: number },
) {
  if (q.role === 'merchant' && !isMerchant) fail('otcNotMerchant');
  await d.core.settled();
  const { total, rows } = await orderRows(d.db, userId, q.role, q.state, q);
  return { total, page: q.page, size: q.size, records: await orderViews(d.db, rows, userId) };
}

/**
 * The buyer's "paid": the method must be one of the order's, the proof one of the buyer's own uploads (shown to the
 * seller).
 */
export async function paid(
  d: OtcDeps,
  userId: number,
  body: { id: number; payment: number; proof?: string },
): Promise<OtcOrder> {
  const o = await orderOf(d, userId, body.id);
  if (body.proof) await requireOwnUpload(d.db, userId, body.proof);
  const order = await d.core.submit(cmd.markPaid, {
    userId,
    id: body.id,
    payment: body.payment,
    proof: body.proof ?? null,
  });
  if (body.proof) await grantUpload(d.db, body.proof, [o.sellerId]);
  return (await orderViews(d.db, [order], userId))[0]!;
}

export async function cancel(d: OtcDeps, userId: number, id: number): Promise<OtcOrder> {
  await orderOf(d, userId, id);
  const order = await d.core.submit(cmd.cancelOrder, { userId, id });
  return (await orderViews(d.db, [order], userId))[0]!;
}

/** The seller's release, behind the fund password: the coins leave for good. */
export async function release(
  d: OtcDeps,
  userId: number,
  body: { id: number; fundPassword: string },
): Promise<OtcOrder> {
  const o = await orderOf(d, userId, body.id);
  if (o.sellerId !== userId) fail('otcNotSeller');
  await requireFundPassword(d.db, userId, body.fundPassword);
  const order = await d.core.submit(cmd.releaseOrder, { userId, id: body.id });
  return (await orderViews(d.db, [order], userId))[0]!;
}

export async function appeal(
  d: OtcDeps,
  userId: number,
  body: { id: number; reason: string; proof?: string },
): Promise<OtcOrder> {
  const o = await orderOf(d, userId, body.id);
  if (body.proof) await requireOwnUpload(d.db, userId, body.proof);
  const order = await d.core.submit(cmd.appealOrder, {
    userId,
    id: body.id,
    reason: body.reason,
    proof: body.proof ?? null,
  });
  if (body.proof) await grantUpload(d.db, body.proof, [o.buyerId === userId ? o.sellerId : o.buyerId]);
  return (await orderViews(d.db, [order], userId))[0]!;
}

export async function merchantStatus(d: OtcDeps, userId: number): Promise<MerchantStatus> {
  const live = bookOf(d.core).merchants.get(userId);
  if (!live) await d.core.settled();
  const m = live ?? (await findMerchant(d.db, userId));
  const { level } = await kycStanding(d.db, userId);
  const cards = m?.state === 'approved' ? await merchantCards(d.db, [userId], d.now()) : undefined;
  return {
    state: m?.state ?? 'none',
    deposit: { coin: MERCHANT_DEPOSIT.coin, amount: MERCHANT_DEPOSIT.amount },
    requiredLevel: MERCHANT_LEVEL,
    level,
    otcAvailable: money(d.core.risk.available(userId, ACCOUNT.otc, MERCHANT_DEPOSIT.coin)),
    note: m?.note ?? null,
    appliedAt: m?.appliedAt ?? null,
    reviewedAt: m?.reviewedAt ?? null,
    card: cards?.get(userId) ?? null,
  };
}

export async function apply(d: OtcDeps, userId: number): Promise<MerchantStatus> {
  const { level } = await kycStanding(d.db, userId);
  if (level < MERCHANT_LEVEL) fail('otcMerchantLevel', { level: MERCHANT_LEVEL });
  await d.core.submit(cmd.applyMerchant, { userId });
  return merchantStatus(d, userId);
}

function requireMerchant(d: OtcDeps, userId: number): void {
  if (bookOf(d.core).merchants.get(userId)?.state !== 'approved') fail('otcNotMerchant');
}

/** An ad as the merchant wrote it, checked: coin, fiat, price, limits, and payment methods of their own. */
export async function saveAd(d: OtcDeps, merchantId: number, b: z.output<typeof adBody>): Promise<OtcOwnAd> {
  requireMerchant(d, merchantId);
  requireCoin(b.coin);
  const rate = await rateOf(d.db, b.fiat);
  const fixed = b.priceType === 'fixed';
  if (fixed && !b.price) fail('otcPriceRequired');
  const price = fixed ? fiatUnits(b.price, 'otc.field.price') : 0n;
  const bps = fixed ? 0 : floatBps(b.floatPct, FLOATING_MAX_PCT);
  // A floating ad posted blind would be offered at whatever the index says when it comes back.
  if (!fixed && floatingNow(d, { asset: b.coin, floatBps: bps }, rate) === undefined)
    fail('otcFloatingNoIndex', { coin: b.coin });
  const total = coinUnits(b.total, 'otc.field.total');
  const minFiat = fiatUnits(b.minFiat, 'otc.field.minFiat');
  const maxFiat = fiatUnits(b.maxFiat, 'otc.field.maxFiat');
  if (minFiat > maxFiat) fail('otcLimitsInvalid');
  const payments = [...new Set(b.payments)];
  if (!payments.length) fail('otcPaymentRequired');
  if ((await paymentsByIds(d.db, merchantId, payments)).length !== payments.length) fail('otcPaymentUnknown');
  const ad = await d.core.submit(cmd.saveAd, {
    merchantId,
    ...(b.id === undefined ? {} : { id: b.id }),
    side: b.side,
    asset: b.coin,
    fiat: b.fiat,
    priceType: b.priceType,
    price,
    floatBps: bps,
    total,
    minFiat,
    maxFiat,
    payWindow: b.payWindow,
    payments,
    terms: b.terms,
    online: b.online,
  });
  return ownAdView(d, ad);
}

export async function ownAdView(d: OtcDeps, ad: AdRow): Promise<OtcOwnAd> {
  const cards = await merchantCards(d.db, [ad.merchantId], d.now());
  return { ...(await adView(d.db, ad, await quote(d, ad), cards.get(ad.merchantId)!)), payments: ad.payments };
}

export async function ownAds(d: OtcDeps, merchantId: number): Promise<OtcOwnAd[]> {
  requireMerchant(d, merchantId);
  await d.core.settled();
  const out: OtcOwnAd[] = [];
  for (const ad of await merchantAds(d.db, merchantId))
    out.push(await ownAdView(d, bookOf(d.core).ads.get(ad.id) ?? ad));
  return out;
}
