import type { MerchantState, OtcOrderState, OtcPriceType, OtcSide } from '../../isomorphic/contract/otc.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable, type Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** A merchant application and, once approved, the merchant's standing; the deposit is held as `otc-dep:<userId>`. */
export interface MerchantRow {
  userId: number;
  state: Exclude<MerchantState, 'none'>;
  deposit: bigint;
  note: string | null;
  appliedAt: number;
  reviewedAt: number | null;
}

/** An ad; a sell ad's untaken coins are held as `otc-ad:<id>` on the merchant account. Prices in cents. */
export interface AdRow {
  id: number;
  merchantId: number;
  side: OtcSide;
  asset: string;
  fiat: string;
  priceType: OtcPriceType;
  /** Fixed price in cents per coin (0 for a floating price). */
  price: bigint;
  /** Floating: basis points over the index (negative under it). */
  floatBps: number;
  total: bigint;
  remaining: bigint;
  minFiat: bigint;
  maxFiat: bigint;
  payWindow: number;
  payments: number[];
  terms: string;
  online: boolean;
  closed: boolean;
  createdAt: number;
  updatedAt: number;
}

export type EndReason = 'released' | 'buyerCancelled' | 'expired' | 'ruledRelease' | 'ruledRefund';

/** An order; its escrow is held as `otc:<id>` on the seller's account (OTC 4 for users, merchant 8 for merchants). */
export interface OrderRow {
  id: number;
  adId: number;
  merchantId: number;
  buyerId: number;
  sellerId: number;
  buyerAccount: number;
  sellerAccount: number;
  asset: string;
  fiat: string;
  price: bigint;
  amount: bigint;
  fiatAmount: bigint;
  /** The seller's payment methods the buyer may pay to. */
  payments: number[];
  terms: string;
  state: OtcOrderState;
  createdAt: number;
  payDeadline: number;
  paidAt: number | null;
  paidWith: number | null;
  proof: string | null;
  appealBy: 'buyer' | 'seller' | null;
  appealReason: string | null;
  appealProof: string | null;
  appealAt: number | null;
  ruling: 'release' | 'refund' | null;
  ruleNote: string | null;
  ruledBy: number | null;
  ruledAt: number | null;
  endedAt: number | null;
  endReason: EndReason | null;
}

const big = (v: unknown) => BigInt(v as bigint);
const nullableNum = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const nullableText = (v: unknown) => (v === null || v === undefined ? null : String(v));

function merchantOf(r: Row): MerchantRow {
  return {
    userId: num(r.user_id),
    state: r.state as MerchantRow['state'],
    deposit: big(r.deposit),
    note: nullableText(r.note),
    appliedAt: num(r.applied_at),
    reviewedAt: nullableNum(r.reviewed_at),
  };
}

function adOf(r: Row): AdRow {
  return {
    id: num(r.id),
    merchantId: num(r.merchant_id),
    side: r.side as OtcSide,
    asset: String(r.asset),
    fiat: String(r.fiat),
    priceType: r.price_type as OtcPriceType,
    price: big(r.price),
    floatBps: num(r.float_bps),
    total: big(r.total),
    remaining: big(r.remaining),
    minFiat: big(r.min_fiat),
    maxFiat: big(r.max_fiat),
    payWindow: num(r.pay_window),
    payments: JSON.parse(String(r.payments)) as number[],
    terms: String(r.terms),
    online: num(r.online) === 1,
    closed: num(r.closed) === 1,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

function orderOf(r: Row): OrderRow {
  return {
    id: num(r.id),
    adId: num(r.ad_id),
    merchantId: num(r.merchant_id),
    buyerId: num(r.buyer_id),
    sellerId: num(r.seller_id),
    buyerAccount: num(r.buyer_account),
    sellerAccount: num(r.seller_account),
    asset: String(r.asset),
    fiat: String(r.fiat),
    price: big(r.price),
    amount: big(r.amount),
    fiatAmount: big(r.fiat_amount),
    payments: JSON.parse(String(r.payments)) as number[],
    terms: String(r.terms),
    state: r.state as OtcOrderState,
    createdAt: num(r.created_at),
    payDeadline: num(r.pay_deadline),
    paidAt: nullableNum(r.paid_at),
    paidWith: nullableNum(r.paid_with),
    proof: nullableText(r.proof),
    appealBy: nullableText(r.appeal_by) as OrderRow['appealBy'],
    appealReason: nullableText(r.appeal_reason),
    appealProof: nullableText(r.appeal_proof),
    appealAt: nullableNum(r.appeal_at),
    ruling: nullableText(r.ruling) as OrderRow['ruling'],
    ruleNote: nullableText(r.rule_note),
    ruledBy: nullableNum(r.ruled_by),
    ruledAt: nullableNum(r.ruled_at),
    endedAt: nullableNum(r.ended_at),
    endReason: nullableText(r.end_reason) as EndReason | null,
  };
}

const MERCHANT_UPSERT = {
  head: 'INSERT INTO otc_merchants (user_id, state, deposit, note, applied_at, reviewed_at)',
  tail: 'ON CONFLICT (user_id) DO UPDATE SET state = excluded.state, deposit = excluded.deposit, note = excluded.note, applied_at = excluded.applied_at, reviewed_at = excluded.reviewed_at',
};
const AD_UPSERT = {
  head: `INSERT INTO otc_ads (id, merchant_id, side, asset, fiat, price_type, price, float_bps, total, remaining, min_fiat, max_fiat, pay_window, payments, terms, online, closed, created_at, updated_at)`,
  tail: `ON CONFLICT (id) DO UPDATE SET price_type = excluded.price_type, price = excluded.price, float_bps = excluded.float_bps, remaining = excluded.remaining,
         min_fiat = excluded.min_fiat, max_fiat = excluded.max_fiat, pay_window = excluded.pay_window, payments = excluded.payments, terms = excluded.terms,
         online = excluded.online, closed = excluded.closed, updated_at = excluded.updated_at`,
};
const ORDER_UPSERT = {
  head: `INSERT INTO otc_orders (id, ad_id, merchant_id, buyer_id, seller_id, buyer_account, seller_account, asset, fiat, price, amount, fiat_amount, payments, terms, state,
         created_at, pay_deadline, paid_at, paid_with, proof, appeal_by, appeal_reason, appeal_proof, appeal_at, ruling, rule_note, ruled_by, ruled_at, ended_at, end_reason)`,
  tail: `ON CONFLICT (id) DO UPDATE SET state = excluded.state, paid_at = excluded.paid_at, paid_with = excluded.paid_with, proof = excluded.proof, appeal_by = excluded.appeal_by,
         appeal_reason = excluded.appeal_reason, appeal_proof = excluded.appeal_proof, appeal_at = excluded.appeal_at, ruling = excluded.ruling, rule_note = excluded.rule_note,
         ruled_by = excluded.ruled_by, ruled_at = excluded.ruled_at, ended_at = excluded.ended_at, end_reason = excluded.end_reason`,
};

/** The core's projection: merchants, ads and orders as they now stand. */
export async function writeOtc(
  q: Queryable,
  merchants: Iterable<MerchantRow>,
  ads: Iterable<AdRow>,
  orders: Iterable<OrderRow>,
): Promise<void> {
  await writeRows(
    q,
    MERCHANT_UPSERT,
    [...merchants].map((m) => [m.userId, m.state, m.deposit, m.note, m.appliedAt, m.reviewedAt]),
  );
  await writeRows(
    q,
    AD_UPSERT,
    [...ads].map((a) => [
      a.id,
      a.merchantId,
      a.side,
      a.asset,
      a.fiat,
      a.priceType,
      a.price,
      a.floatBps,
      a.total,
      a.remaining,
      a.minFiat,
      a.maxFiat,
      a.payWindow,
      JSON.stringify(a.payments),
      a.terms,
      a.online ? 1 : 0,
      a.closed ? 1 : 0,
      a.createdAt,
      a.updatedAt,
    ]),
  );
  await writeRows(
    q,
    ORDER_UPSERT,
    [...orders].map((o) => [
      o.id,
      o.adId,
      o.merchantId,
      o.buyerId,
      o.sellerId,
      o.buyerAccount,
      o.sellerAccount,
      o.asset,
      o.fiat,
      o.price,
      o.amount,
      o.fiatAmount,
      JSON.stringify(o.payments),
      o.terms,
      o.state,
      o.createdAt,
      o.payDeadline,
      o.paidAt,
      o.paidWith,
      o.proof,
      o.appealBy,
      o.appealReason,
      o.appealProof,
      o.appealAt,
      o.ruling,
      o.ruleNote,
      o.ruledBy,
      o.ruledAt,
      o.endedAt,
      o.endReason,
    ]),
  );
}

/**
 * What a core rebuilds from the tables: pending and approved merchants, open ads, orders not yet ended, and the last
 * ids.
 */
export async function loadOtc(q: Queryable) {
  const merchants = (await q.all("SELECT * FROM otc_merchants WHERE state <> 'rejected' ORDER BY user_id")).map(
    merchantOf,
  );
  const ads = (await q.all('SELECT * FROM otc_ads WHERE closed = 0 ORDER BY id')).map(adOf);
  const orders = (await q.all("SELECT * FROM otc_orders WHERE state NOT IN ('released', 'cancelled') ORDER BY id")).map(
    orderOf,
  );
  const last = await q.get<{ ad: unknown; ord: unknown }>(
    'SELECT (SELECT MAX(id) FROM otc_ads) AS ad, (SELECT MAX(id) FROM otc_orders) AS ord',
  );
  return { merchants, ads, orders, lastAdId: num(last?.ad), lastOrderId: num(last?.ord) };
}

export async function findMerchant(q: Queryable, userId: number): Promise<MerchantRow | undefined> {
  const r = await q.get('SELECT * FROM otc_merchants WHERE user_id = ?', [userId]);
  return r ? merchantOf(r) : undefined;
}

export async function merchantRows(q: Queryable, state: MerchantRow['state'], page: PageRequest) {
  const res = await pageOf<Row>(
    q,
    {
      select: '*',
      from: 'FROM otc_merchants WHERE state = ?',
      order: state === 'pending' ? 'applied_at, user_id' : 'reviewed_at DESC, user_id',
      params: [state],
    },
    page,
  );
  return { total: res.total, rows: res.rows.map(merchantOf) };
}

export async function merchantAds(q: Queryable, merchantId: number): Promise<AdRow[]> {
  return (await q.all('SELECT * FROM otc_ads WHERE merchant_id = ? ORDER BY id DESC LIMIT 200', [merchantId])).map(
    adOf,
  );
}

export async function findOrder(q: Queryable, id: number): Promise<OrderRow | undefined> {
  const r = await q.get('SELECT * FROM otc_orders WHERE id = ?', [id]);
  return r ? orderOf(r) : undefined;
}

const ACTIVE = "('created', 'paid', 'appealed')";

/** A user's orders as buyer or seller (role user), or the orders on a merchant's ads (role merchant). */
export async function orderRows(
  q: Queryable,
  userId: number,
  role: 'user' | 'merchant',
  state: 'active' | 'done',
  page: PageRequest,
) {
  const who = role === 'merchant' ? 'merchant_id = ?' : '(buyer_id = ? OR seller_id = ?) AND merchant_id <> ?';
  const params = role === 'merchant' ? [userId] : [userId, userId, userId];
  const res = await pageOf<Row>(
    q,
    {
      select: '*',
      from: `FROM otc_orders WHERE ${who} AND state ${state === 'active' ? 'IN' : 'NOT IN'} ${ACTIVE}`,
      order: 'id DESC',
      params,
    },
    page,
  );
  return { total: res.total, rows: res.rows.map(orderOf) };
}

export async function appealRows(q: Queryable, state: 'open' | 'ruled', page: PageRequest) {
  const where = state === 'open' ? "state = 'appealed'" : 'appeal_by IS NOT NULL AND state <> ?';
  const res = await pageOf<Row>(
    q,
    {
      select: '*',
      from: `FROM otc_orders WHERE ${where}`,
      order: state === 'open' ? 'appeal_at, id' : 'id DESC',
      params: state === 'open' ? [] : ['appealed'],
    },
    page,
  );
  return { total: res.total, rows: res.rows.map(orderOf) };
}

/**
 * Per merchant over orders created since `since`: released and cancelled counts and the mean minutes from paid to
 * released.
 */
export async function merchantStats(
  q: Queryable,
  merchantIds: readonly number[],
  since: number,
): Promise<Map<number, { released: number; cancelled: number; releaseMs: number | null }>> {
  const out = new Map<number, { released: number; cancelled: number; releaseMs: number | null }>();
  if (!merchantIds.length) return out;
  const rows = await q.all<Row>(
    `SELECT merchant_id,
            SUM(CASE WHEN state = 'released' THEN 1 ELSE 0 END) AS released,
            SUM(CASE WHEN state = 'cancelled' THEN 1 ELSE 0 END) AS cancelled,
            AVG(CASE WHEN state = 'released' AND paid_at IS NOT NULL THEN ended_at - paid_at END) AS release_ms
       FROM otc_orders WHERE merchant_id IN (${merchantIds.map(() => '?').join(', ')}) AND created_at >= ? GROUP BY merchant_id`,
    [...merchantIds, since],
  );
  for (const r of rows)
    out.set(num(r.merchant_id), {
      released: num(r.released),
      cancelled: num(r.cancelled),
      releaseMs: r.release_ms === null || r.release_ms === undefined ? null : Number(r.release_ms),
    });
  return out;
}
