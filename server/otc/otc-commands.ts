import { jsonCommand, type CommandContext } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { PostingMeta } from '../ledger/ledger.ts';
import { fail } from '../outcome.ts';
import { MERCHANT_DEPOSIT, OTC_ACTIVE_ORDER_CAP } from '../../isomorphic/contract/otc.ts';
import { adHoldId, depositHoldId, escrowHoldId, type OtcBook } from './otc-book.ts';
import type { AdRow, EndReason, MerchantRow, OrderRow } from './otc.repo.ts';

const bookOf = (ctx: CommandContext) => ctx.part<OtcBook>('otc');

/** What changed on an order and who changed it (0: an operator or the platform), for the notifications once durable. */
export const OTC_ORDER_CHANGED = 'otc.order';
export interface OrderChange {
  order: OrderRow;
  by: number;
  what: 'created' | 'paid' | 'released' | 'cancelled' | 'expired' | 'appealed' | 'ruled';
}
/** A merchant's standing changed (applied, approved, rejected): their screens reload. */
export const OTC_MERCHANT_CHANGED = 'otc.merchant';

const metaOf = (billType: PostingMeta['billType'], refType: string, refId: number): PostingMeta => ({
  billType,
  refType,
  refId,
});
const depositUnits = () => BigInt(MERCHANT_DEPOSIT.amount) * 100_000_000n;

function approvedMerchant(book: OtcBook, userId: number): MerchantRow {
  const m = book.merchants.get(userId);
  if (m?.state !== 'approved') fail('otcNotMerchant');
  return m;
}

function ownAd(book: OtcBook, merchantId: number, id: number): AdRow {
  approvedMerchant(book, merchantId);
  const a = book.ads.get(id);
  if (!a || a.merchantId !== merchantId) fail('otcAdUnknown');
  return a;
}

/**
 * An order of the caller's, not yet ended. One that has ended has left memory: the edge has already checked that
 * the caller is one of its sides, so it is refused as no longer in a state to act on.
 */
function openOrder(book: OtcBook, id: number, userId: number | null): OrderRow {
  const o = book.orders.get(id);
  if (!o) fail(book.issued(id) ? 'otcOrderState' : 'otcOrderUnknown');
  if (userId !== null && o.buyerId !== userId && o.sellerId !== userId) fail('otcOrderUnknown');
  return o;
}

function changed(ctx: CommandContext, order: OrderRow, by: number, what: OrderChange['what']): OrderRow {
  bookOf(ctx).orderChanged(order);
  const copy = structuredClone(order);
  ctx.emit(OTC_ORDER_CHANGED, { order: copy, by, what } satisfies OrderChange);
  return copy;
}

export const applyMerchant = jsonCommand('otc.apply', (ctx, p: { userId: number }): MerchantRow => {
  const book = bookOf(ctx);
  if (book.merchants.has(p.userId)) fail('otcMerchantApplied');
  const m: MerchantRow = {
    userId: p.userId,
    state: 'pending',
    deposit: depositUnits(),
    note: null,
    appliedAt: ctx.now,
    reviewedAt: null,
  };
  ctx.risk.hold(
    depositHoldId(p.userId),
    p.userId,
    ACCOUNT.otc,
    MERCHANT_DEPOSIT.coin,
    m.deposit,
    metaOf('otc_deposit', 'otc_merchant', p.userId),
  );
  book.merchantChanged(m);
  ctx.emit(OTC_MERCHANT_CHANGED, p.userId);
  return { ...m };
});

/** Approval moves the deposit from the OTC account to the merchant account, still held; rejection releases it. */
export const reviewMerchant = jsonCommand(
  'otc.review',
  (ctx, p: { userId: number; approve: boolean; note: string }): MerchantRow => {
    const book = bookOf(ctx);
    const m = book.merchants.get(p.userId);
    if (m?.state !== 'pending') fail('otcApplicationUnknown');
    const meta = metaOf('otc_deposit', 'otc_merchant', p.userId);
    const coin = MERCHANT_DEPOSIT.coin;
    ctx.risk.release(depositHoldId(p.userId), meta);
    if (p.approve) {
      ctx.risk.post(
        [
          { owner: p.userId, type: ACCOUNT.otc, asset: coin, available: -m.deposit },
          { owner: p.userId, type: ACCOUNT.merchant, asset: coin, available: m.deposit },
        ],
        meta,
      );
      ctx.risk.hold(depositHoldId(p.userId), p.userId, ACCOUNT.merchant, coin, m.deposit, meta);
    }
    const next: MerchantRow = {
      ...m,
      state: p.approve ? 'approved' : 'rejected',
      note: p.note || null,
      reviewedAt: ctx.now,
    };
    book.merchantChanged(next);
    ctx.emit(OTC_MERCHANT_CHANGED, p.userId);
    return { ...next };
  },
);

/** An ad as the edge checked it (coin, fiat, payment methods the merchant's own, limits well formed). */
type AdCommand = Omit<AdRow, 'id' | 'remaining' | 'closed' | 'createdAt' | 'updatedAt'> & { id?: number };

/** Posts an ad (a sell ad holds its total from the merchant account) or changes the terms of one still open. */
export const saveAd = jsonCommand('otc.ad', (ctx, p: AdCommand): AdRow => {
  const book = bookOf(ctx);
  approvedMerchant(book, p.merchantId);
  const terms = {
    priceType: p.priceType,
    price: p.price,
    floatBps: p.floatBps,
    minFiat: p.minFiat,
    maxFiat: p.maxFiat,
    payWindow: p.payWindow,
    payments: p.payments,
    terms: p.terms,
    online: p.online,
    updatedAt: ctx.now,
  };
  if (p.id !== undefined) {
    const before = ownAd(book, p.merchantId, p.id);
    if (before.side !== p.side || before.asset !== p.asset || before.fiat !== p.fiat || before.total !== p.total)
      fail('otcAdChange');
    const next = { ...before, ...terms };
    book.adChanged(next);
    return structuredClone(next);
  }
  const ad: AdRow = {
    id: 0,
    merchantId: p.merchantId,
    side: p.side,
    asset: p.asset,
    fiat: p.fiat,
    total: p.total,
    remaining: p.total,
    closed: false,
    createdAt: ctx.now,
    ...terms,
  };
  if (p.side === 'sell' && ctx.risk.available(p.merchantId, ACCOUNT.merchant, p.asset) < p.total)
    fail('insufficientBalance');
  ad.id = book.takeAdId();
  if (p.side === 'sell')
    ctx.risk.hold(
      adHoldId(ad.id),
      p.merchantId,
      ACCOUNT.merchant,
      p.asset,
      p.total,
      metaOf('otc_escrow', 'otc_ad', ad.id),
    );
  book.adChanged(ad);
  return structuredClone(ad);
});

export const setAdOnline = jsonCommand(
  'otc.adOnline',
  (ctx, p: { merchantId: number; id: number; online: boolean }): AdRow => {
    const book = bookOf(ctx);
    const next = { ...ownAd(book, p.merchantId, p.id), online: p.online, updatedAt: ctx.now };
    book.adChanged(next);
    return structuredClone(next);
  },
);

/** Closes an ad: a sell ad's untaken coins go back to the merchant account; orders already taken go on. */
export const closeAd = jsonCommand('otc.adClose', (ctx, p: { merchantId: number; id: number }): AdRow => {
  const book = bookOf(ctx);
  const a = ownAd(book, p.merchantId, p.id);
  if (a.side === 'sell' && a.remaining > 0n) ctx.risk.release(adHoldId(a.id), metaOf('otc_refund', 'otc_ad', a.id));
  const next = { ...a, closed: true, online: false, updatedAt: ctx.now };
  book.adChanged(next);
  return structuredClone(next);
});

/**
 * Taking an ad, with the price and fiat amount the edge worked out from the price the user was shown (a floating
 * price from the index it read: journaled here, so a replay decides alike). The seller's coins go into escrow now:
 * from the ad's hold for a sell ad, from the user's OTC account for a buy ad.
 */
interface TakeCommand {
  userId: number;
  adId: number;
  amount: bigint;
  price: bigint;
  fiatAmount: bigint;
  /** Selling to a buy ad: the user's own payment method the fiat goes to. */
  payment: number | null;
}

export const takeAd = jsonCommand('otc.take', (ctx, p: TakeCommand): OrderRow => {
  const book = bookOf(ctx);
  const ad = book.ads.get(p.adId);
  if (!ad || !ad.online) fail('otcAdUnavailable');
  if (ad.merchantId === p.userId) fail('otcOwnAd');
  if (ad.priceType === 'fixed' && ad.price !== p.price) fail('otcPriceChanged', { price: p.price });
  // The edge prices a floating ad from a fresh index or refuses; a price of nothing never reaches an order.
  if (p.price <= 0n) fail('otcNoPrice');
  if (p.fiatAmount < ad.minFiat || p.fiatAmount > ad.maxFiat || p.amount > ad.remaining) fail('otcOutsideLimits');
  if (book.activeTaken(p.userId) >= OTC_ACTIVE_ORDER_CAP) fail('otcActiveCap', { max: OTC_ACTIVE_ORDER_CAP });
  const userSells = ad.side === 'buy';
  if (userSells && p.payment === null) fail('otcPaymentRequired');
  const id = book.peekOrderId();
  if (userSells)
    ctx.risk.hold(escrowHoldId(id), p.userId, ACCOUNT.otc, ad.asset, p.amount, metaOf('otc_escrow', 'otc_order', id));
  else ctx.risk.moveHold(adHoldId(ad.id), escrowHoldId(id), p.amount);
  book.takeOrderId();
  const order: OrderRow = {
    id,
    adId: ad.id,
    merchantId: ad.merchantId,
    buyerId: userSells ? ad.merchantId : p.userId,
    sellerId: userSells ? p.userId : ad.merchantId,
    buyerAccount: userSells ? ACCOUNT.merchant : ACCOUNT.otc,
    sellerAccount: userSells ? ACCOUNT.otc : ACCOUNT.merchant,
    asset: ad.asset,
    fiat: ad.fiat,
    price: p.price,
    amount: p.amount,
    fiatAmount: p.fiatAmount,
    payments: userSells ? [p.payment!] : [...ad.payments],
    terms: ad.terms,
    state: 'created',
    createdAt: ctx.now,
    payDeadline: ctx.now + ad.payWindow * 60_000,
    paidAt: null,
    paidWith: null,
    proof: null,
    appealBy: null,
    appealReason: null,
    appealProof: null,
    appealAt: null,
    ruling: null,
    ruleNote: null,
    ruledBy: null,
    ruledAt: null,
    endedAt: null,
    endReason: null,
  };
  book.adChanged({ ...ad, remaining: ad.remaining - p.amount, updatedAt: ctx.now });
  return changed(ctx, order, p.userId, 'created');
});

export const markPaid = jsonCommand(
  'otc.paid',
  (ctx, p: { userId: number; id: number; payment: number; proof: string | null }): OrderRow => {
    const o = openOrder(bookOf(ctx), p.id, p.userId);
    if (o.buyerId !== p.userId) fail('otcNotBuyer');
    if (o.state !== 'created' || ctx.now > o.payDeadline) fail('otcOrderState');
    if (!o.payments.includes(p.payment)) fail('otcPaymentUnknown');
    return changed(
      ctx,
      { ...o, state: 'paid', paidAt: ctx.now, paidWith: p.payment, proof: p.proof },
      p.userId,
      'paid',
    );
  },
);

/**
 * Returns the escrow: into its ad's hold while a sell ad is open (its coins can be taken again), otherwise to the
 * seller.
 */
function refund(ctx: CommandContext, o: OrderRow): void {
  const book = bookOf(ctx);
  const ad = book.ads.get(o.adId);
  if (ad && ad.side === 'sell') ctx.risk.moveHold(escrowHoldId(o.id), adHoldId(ad.id), o.amount);
  else ctx.risk.release(escrowHoldId(o.id), metaOf('otc_refund', 'otc_order', o.id));
  if (ad) book.adChanged({ ...ad, remaining: ad.remaining + o.amount, updatedAt: ctx.now });
}

/** The escrow goes to the buyer's account. */
function release(ctx: CommandContext, o: OrderRow): void {
  ctx.risk.post(
    [{ owner: o.buyerId, type: o.buyerAccount as typeof ACCOUNT.otc, asset: o.asset, available: o.amount }],
    metaOf('otc_release', 'otc_order', o.id),
    [{ hold: escrowHoldId(o.id), amount: o.amount }],
  );
}

const ended = (o: OrderRow, now: number, state: 'released' | 'cancelled', endReason: EndReason): OrderRow => ({
  ...o,
  state,
  endedAt: now,
  endReason,
});

export const cancelOrder = jsonCommand('otc.cancel', (ctx, p: { userId: number; id: number }): OrderRow => {
  const o = openOrder(bookOf(ctx), p.id, p.userId);
  if (o.buyerId !== p.userId) fail('otcNotBuyer');
  if (o.state !== 'created') fail('otcOrderState');
  refund(ctx, o);
  return changed(ctx, ended(o, ctx.now, 'cancelled', 'buyerCancelled'), p.userId, 'cancelled');
});

/** The seller releases a paid order (also while it is appealed: the seller gives in). */
export const releaseOrder = jsonCommand('otc.release', (ctx, p: { userId: number; id: number }): OrderRow => {
  const o = openOrder(bookOf(ctx), p.id, p.userId);
  if (o.sellerId !== p.userId) fail('otcNotSeller');
  if (o.state !== 'paid' && o.state !== 'appealed') fail('otcOrderState');
  release(ctx, o);
  return changed(ctx, ended(o, ctx.now, 'released', 'released'), p.userId, 'released');
});

export const appealOrder = jsonCommand(
  'otc.appeal',
  (ctx, p: { userId: number; id: number; reason: string; proof: string | null }): OrderRow => {
    const o = openOrder(bookOf(ctx), p.id, p.userId);
    if (o.appealBy !== null) fail('otcAppealExists');
    if (o.state !== 'paid') fail('otcOrderState');
    const by = o.buyerId === p.userId ? 'buyer' : 'seller';
    return changed(
      ctx,
      { ...o, state: 'appealed', appealBy: by, appealReason: p.reason, appealProof: p.proof, appealAt: ctx.now },
      p.userId,
      'appealed',
    );
  },
);

export const ruleAppeal = jsonCommand(
  'otc.rule',
  (ctx, p: { operatorId: number; id: number; ruling: 'release' | 'refund'; note: string }): OrderRow => {
    const o = openOrder(bookOf(ctx), p.id, null);
    if (o.state !== 'appealed') fail('otcOrderState');
    const ruled = { ...o, ruling: p.ruling, ruleNote: p.note, ruledBy: p.operatorId, ruledAt: ctx.now };
    if (p.ruling === 'release') release(ctx, o);
    else refund(ctx, o);
    const next =
      p.ruling === 'release'
        ? ended(ruled, ctx.now, 'released', 'ruledRelease')
        : ended(ruled, ctx.now, 'cancelled', 'ruledRefund');
    return changed(ctx, next, 0, 'ruled');
  },
);

/** Every unpaid order whose window has passed by the command's time is cancelled and its escrow returned. */
export const expireOrders = jsonCommand('otc.expire', (ctx, _p: Record<string, never>): number => {
  const book = bookOf(ctx);
  const due = [...book.orders.values()].filter((o) => o.state === 'created' && o.payDeadline <= ctx.now);
  for (const o of due) {
    refund(ctx, o);
    changed(ctx, ended(o, ctx.now, 'cancelled', 'expired'), 0, 'expired');
  }
  return due.length;
});

export const OTC_COMMANDS = [
  applyMerchant,
  reviewMerchant,
  saveAd,
  setAdOnline,
  closeAd,
  takeAd,
  markPaid,
  cancelOrder,
  releaseOrder,
  appealOrder,
  ruleAppeal,
  expireOrders,
];
