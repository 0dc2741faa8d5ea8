import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';
import { MERCHANT_DEPOSIT, OTC_TERMINAL } from '../../isomorphic/contract/otc.ts';
import { markMerchants } from '../user/user.repo.ts';
import { loadOtc, writeOtc, type AdRow, type MerchantRow, type OrderRow } from './otc.repo.ts';

export const adHoldId = (adId: number) => `otc-ad:${adId}`;
export const escrowHoldId = (orderId: number) => `otc:${orderId}`;
export const depositHoldId = (userId: number) => `otc-dep:${userId}`;

/** The account a merchant's deposit is held on: the OTC account while pending, the merchant account once approved. */
const depositAccount = (m: MerchantRow) => (m.state === 'approved' ? ACCOUNT.merchant : ACCOUNT.otc);

interface Rows {
  merchants: MerchantRow[];
  ads: AdRow[];
  orders: OrderRow[];
}

const bigFields = {
  merchant: ['deposit'],
  ad: ['price', 'total', 'remaining', 'minFiat', 'maxFiat'],
  order: ['price', 'amount', 'fiatAmount'],
} as const;

/** A row with its bigints as strings (snapshots are JSON), and back. */
function toPlain<T extends object>(row: T, fields: readonly string[]): unknown {
  const r = row as Record<string, unknown>;
  // Keys in a fixed order: rows built by commands and rows read from the tables hash alike.
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(r).sort()) out[k] = fields.includes(k) ? String(r[k]) : r[k];
  return out;
}
function fromPlain<T>(row: unknown, fields: readonly string[]): T {
  const out = { ...(row as Record<string, unknown>) };
  for (const f of fields) out[f] = BigInt(out[f] as string);
  return out as T;
}

/**
 * OTC inside the trading core: merchants (pending or approved, with their deposits held), ads still open (a sell
 * ad's untaken coins held), and orders not yet ended (their escrow held). Every move of coins is a command, so an
 * order ends exactly once and escrow is spent or returned exactly once. Ended orders and closed ads leave memory;
 * the projector writes every change.
 */
export class OtcBook implements CorePart {
  readonly name = 'otc';
  merchants = new Map<number, MerchantRow>();
  ads = new Map<number, AdRow>();
  orders = new Map<number, OrderRow>();
  private nextAdId = 1;
  private nextOrderId = 1;
  private touched: { merchants: Map<number, MerchantRow>; ads: Map<number, AdRow>; orders: Map<number, OrderRow> } = {
    merchants: new Map(),
    ads: new Map(),
    orders: new Map(),
  };

  takeAdId(): number {
    return this.nextAdId++;
  }

  /** Whether an order id has been given out (the order may have ended since). */
  issued(orderId: number): boolean {
    return orderId > 0 && orderId < this.nextOrderId;
  }

  peekOrderId(): number {
    return this.nextOrderId;
  }

  takeOrderId(): number {
    return this.nextOrderId++;
  }

  /** Orders a user has open as the taker (not on their own ads): what the active-order cap counts. */
  activeTaken(userId: number): number {
    let n = 0;
    for (const o of this.orders.values())
      if (o.merchantId !== userId && (o.buyerId === userId || o.sellerId === userId)) n++;
    return n;
  }

  merchantChanged(m: MerchantRow): void {
    if (m.state === 'rejected') this.merchants.delete(m.userId);
    else this.merchants.set(m.userId, m);
    this.touched.merchants.set(m.userId, m);
  }

  adChanged(a: AdRow): void {
    if (a.closed) this.ads.delete(a.id);
    else this.ads.set(a.id, a);
    this.touched.ads.set(a.id, a);
  }

  orderChanged(o: OrderRow): void {
    if (OTC_TERMINAL.includes(o.state)) this.orders.delete(o.id);
    else this.orders.set(o.id, o);
    this.touched.orders.set(o.id, o);
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const s = await loadOtc(q);
    this.rebuild(s.merchants, s.ads, s.orders, s.lastAdId + 1, s.lastOrderId + 1);
    for (const m of s.merchants)
      risk.adopt({
        id: depositHoldId(m.userId),
        owner: m.userId,
        type: depositAccount(m),
        asset: MERCHANT_DEPOSIT.coin,
        amount: m.deposit,
      });
    for (const a of s.ads)
      if (a.side === 'sell' && a.remaining > 0n)
        risk.adopt({
          id: adHoldId(a.id),
          owner: a.merchantId,
          type: ACCOUNT.merchant,
          asset: a.asset,
          amount: a.remaining,
        });
    for (const o of s.orders)
      risk.adopt({
        id: escrowHoldId(o.id),
        owner: o.sellerId,
        type: o.sellerAccount as typeof ACCOUNT.otc,
        asset: o.asset,
        amount: o.amount,
      });
  }

  snapshot(): unknown {
    return {
      nextAdId: this.nextAdId,
      nextOrderId: this.nextOrderId,
      merchants: [...this.merchants.values()].map((m) => toPlain(m, bigFields.merchant)),
      ads: [...this.ads.values()].map((a) => toPlain(a, bigFields.ad)),
      orders: [...this.orders.values()].map((o) => toPlain(o, bigFields.order)),
    };
  }

  restore(data: unknown): void {
    const s = data as {
      nextAdId: number;
      nextOrderId: number;
      merchants: unknown[];
      ads: unknown[];
      orders: unknown[];
    };
    this.rebuild(
      s.merchants.map((m) => fromPlain<MerchantRow>(m, bigFields.merchant)),
      s.ads.map((a) => fromPlain<AdRow>(a, bigFields.ad)),
      s.orders.map((o) => fromPlain<OrderRow>(o, bigFields.order)),
      s.nextAdId,
      s.nextOrderId,
    );
  }

  takeRows(): Rows | undefined {
    const t = this.touched;
    if (!t.merchants.size && !t.ads.size && !t.orders.size) return undefined;
    this.touched = { merchants: new Map(), ads: new Map(), orders: new Map() };
    const copy = <T>(m: Map<number, T>) => [...m.values()].map((r) => structuredClone(r));
    return { merchants: copy(t.merchants), ads: copy(t.ads), orders: copy(t.orders) };
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    const merchants = new Map<number, MerchantRow>();
    const ads = new Map<number, AdRow>();
    const orders = new Map<number, OrderRow>();
    for (const b of batches as Rows[]) {
      for (const m of b.merchants) merchants.set(m.userId, m);
      for (const a of b.ads) ads.set(a.id, a);
      for (const o of b.orders) orders.set(o.id, o);
    }
    await writeOtc(q, merchants.values(), ads.values(), orders.values());
    await markMerchants(
      q,
      [...merchants.values()].filter((m) => m.state === 'approved').map((m) => m.userId),
    );
  }

  private rebuild(
    merchants: MerchantRow[],
    ads: AdRow[],
    orders: OrderRow[],
    nextAdId: number,
    nextOrderId: number,
  ): void {
    this.merchants = new Map(merchants.map((m) => [m.userId, m]));
    this.ads = new Map(ads.map((a) => [a.id, a]));
    this.orders = new Map(orders.map((o) => [o.id, o]));
    this.nextAdId = nextAdId;
    this.nextOrderId = nextOrderId;
    this.touched = { merchants: new Map(), ads: new Map(), orders: new Map() };
  }
}
