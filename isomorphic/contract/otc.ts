/**
 * Wire contract of OTC trading with merchants (docs/requirements.md §1 over-the-counter trading with appeals, §2
 * /otc/common,
 * /otc/order, /otc/ordinary, /merchant/index, /merchant/deal and the account centre's merchant tab, §3 chat message
 * and notification, §4 order notifications, §5 chat rules, §6 merchants, §7 the chat calls).
 *
 * Merchants (is_merchant 2) post ads; users take them. A `sell` ad sells coins to users (the merchant's coins are
 * held for the ad and move into the order's escrow when it is taken); a `buy` ad buys coins from users (the user's
 * coins go into escrow when they take it). The buyer pays fiat outside the platform, marks the order paid, and the
 * seller releases the escrow; either side may appeal a paid order and an operator rules. Coin amounts are decimal
 * strings at 8 decimals; fiat amounts and prices at 2 decimals; times are milliseconds since the epoch.
 */
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { CHAT_MAX_CHARS } from './private-feed.ts';
import type { PaymentKind, PaymentMethod } from './identity.ts';
import { FLOATING_MAX_PCT, OTC_COINS, PAY_WINDOW_MINUTES } from './otc.values.ts';

export { FLOATING_MAX_PCT, OTC_COINS, PAY_WINDOW_MINUTES };

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const coin = text()
  .regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
const fiat = text()
  .regex(/^[a-zA-Z]{3}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
const decimal = text().max(40, { error: 'validation.amount' });
const id = bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' });
const idQuery = queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' });
const uploadId = text().regex(/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/, { error: 'validation.uploadId' });
/** Free text shown to the other side: trimmed, at most `max` characters, shown as text. */
const note = (max: number) =>
  text()
    .transform((s) => s.trim())
    .pipe(z.string().max(max, { error: 'validation.tooLong' }));

export const OTC_SIDES = ['buy', 'sell'] as const;
/** An ad's side as its merchant sees it: `sell` ads sell coins to users, `buy` ads buy coins from them. */
export type OtcSide = (typeof OTC_SIDES)[number];
export const OTC_PRICE_TYPES = ['fixed', 'floating'] as const;
export type OtcPriceType = (typeof OTC_PRICE_TYPES)[number];
/** Orders a user may have open (not yet released, cancelled or ruled) at once. */
export const OTC_ACTIVE_ORDER_CAP = 3;
/** The merchant deposit: held from the applicant's OTC account while they are a merchant. */
export const MERCHANT_DEPOSIT = { coin: 'USDT', amount: '1000' } as const;
/** Chat pages (docs/requirements.md §9 page size 15). */
export const CHAT_PAGE_SIZE = 15;

/**
 * POST /api/otc/merchant/ad: a new ad (no id) or a change to one of the caller's own (id: price, limits, window,
 * payment methods, terms; side, coin, fiat and total stay as posted).
 */
export const adBody = z.object({
  id: id.optional(),
  side: z.enum(OTC_SIDES, { error: 'validation.invalidValue' }),
  coin,
  fiat,
  priceType: z.enum(OTC_PRICE_TYPES, { error: 'validation.invalidValue' }),
  /** Fiat per coin, for a fixed price. */
  price: decimal.optional(),
  /** Percent over (or under, negative) the index price, for a floating price: "1.5", "-2". */
  floatPct: decimal.optional(),
  /** Coins the ad offers or asks for in all. */
  total: decimal,
  /** Fiat limits of one order. */
  minFiat: decimal,
  maxFiat: decimal,
  payWindow: bodyInt({ min: PAY_WINDOW_MINUTES.min, max: PAY_WINDOW_MINUTES.max, error: 'validation.otcPayWindow' }),
  /** The merchant's own payment methods (account centre) the ad takes: at least one. */
  payments: z.array(id, { error: 'validation.invalidType' }).max(5, { error: 'validation.tooLong' }),
  terms: note(1000).default(''),
  online: z.boolean({ error: 'validation.invalidType' }).default(true),
});
export type AdBody = z.input<typeof adBody>;

export const adIdBody = z.object({ id });
export const adOnlineBody = z.object({ id, online: z.boolean({ error: 'validation.invalidType' }) });

/** GET /api/otc/ads: the ads a user can take. `side` is the user's: `buy` lists merchants' sell ads. */
export const adListQuery = z.object({
  side: z.enum(OTC_SIDES, { error: 'validation.invalidValue' }),
  coin,
  fiat,
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 50 }).default(10),
});

/**
 * POST /api/otc/order/take. `price` is the price the user was shown: a price that has moved since is refused
 * with the new one, never applied unseen. A user who sells (takes a buy ad) names the payment method the fiat is
 * to be paid to.
 */
export const takeBody = z.object({
  adId: id,
  amount: decimal,
  price: decimal,
  payment: id.optional(),
});
export type TakeBody = z.input<typeof takeBody>;

export const orderIdBody = z.object({ id });
export const orderIdQuery = z.object({ id: idQuery });
/**
 * POST /api/otc/order/paid: the buyer says the fiat went out, by which of the seller's methods, with an optional proof
 * image.
 */
export const paidBody = z.object({ id, payment: id, proof: uploadId.optional() });
/** POST /api/otc/order/release: the seller confirms the fiat arrived; the fund password guards the coins. */
export const releaseBody = z.object({
  id,
  fundPassword: text().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
});
export const appealBody = z.object({
  id,
  reason: note(500).pipe(z.string().min(1, { error: 'validation.required' })),
  proof: uploadId.optional(),
});

export const OTC_ORDER_LIST_STATES = ['active', 'done'] as const;
export const orderListQuery = z.object({
  /** `merchant`: the orders on the caller's own ads (merchants only). */
  role: z.enum(['user', 'merchant'], { error: 'validation.invalidValue' }).default('user'),
  state: z.enum(OTC_ORDER_LIST_STATES, { error: 'validation.invalidValue' }).default('active'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 50 }).default(10),
});

/** The operators' calls. */
export const reviewBody = z.object({
  userId: id,
  approve: z.boolean({ error: 'validation.invalidType' }),
  note: note(300).default(''),
});
export const ruleBody = z.object({
  id,
  ruling: z.enum(['release', 'refund'], { error: 'validation.invalidValue' }),
  note: note(500).pipe(z.string().min(1, { error: 'validation.required' })),
});
export const merchantQueueQuery = z.object({
  state: z.enum(['pending', 'approved', 'rejected'], { error: 'validation.invalidValue' }).default('pending'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(20),
});
export const appealQueueQuery = z.object({
  state: z.enum(['open', 'ruled'], { error: 'validation.invalidValue' }).default('open'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(20),
});

/**
 * Chat (docs/requirements.md §7 coin/buy/sendChatRecord and getChatRecord, §5). `chatId` names a conversation:
 * `order-<id>` between an order's two sides (operators read it when ruling an appeal), `service-<userId>` between a
 * user and customer service. Text is 1–400 characters with at least one that is not a space; an image is an upload id.
 */
export const chatKey = text().regex(/^(order|service)-[1-9]\d{0,14}$/, { error: 'validation.chatKey' });
export const sendChatBody = z.discriminatedUnion(
  'contentType',
  [
    z.object({
      chatId: chatKey,
      contentType: z.literal(1),
      content: text()
        .max(CHAT_MAX_CHARS, { error: 'validation.chatTooLong' })
        .refine((s) => s.trim().length > 0, { error: 'validation.chatEmpty' }),
    }),
    z.object({ chatId: chatKey, contentType: z.literal(2), content: uploadId }),
  ],
  { error: 'validation.chatContentType' },
);
export type SendChatBody = z.input<typeof sendChatBody>;
export const chatKeyParams = z.object({ x: chatKey });
export const chatPageBody = z.object({
  current: bodyInt({ min: 1, max: 100_000 }).default(1),
  size: bodyInt({ min: 1, max: 50 }).default(CHAT_PAGE_SIZE),
});

export type OtcOrderState = 'created' | 'paid' | 'appealed' | 'released' | 'cancelled';
export const OTC_TERMINAL: readonly OtcOrderState[] = ['released', 'cancelled'];

export interface OtcMerchantCard {
  id: number;
  nickname: string;
  /** Orders completed in the last 30 days, and released ÷ (released + cancelled) over them; null with none. */
  orders30d: number;
  completionRate: string | null;
  /** Mean minutes from paid to released over the last 30 days; null with none. */
  avgReleaseMinutes: string | null;
}

export interface OtcAd {
  id: number;
  side: OtcSide;
  coin: string;
  fiat: string;
  priceType: OtcPriceType;
  /** The price an order would take now (fiat per coin). */
  price: string;
  floatPct: string | null;
  total: string;
  /** Coins not yet taken. */
  remaining: string;
  minFiat: string;
  /** The most one order may take now: the ad's maximum, or what remains at the price if less. */
  maxFiat: string;
  payWindow: number;
  payKinds: PaymentKind[];
  terms: string;
  online: boolean;
  closed: boolean;
  merchant: OtcMerchantCard;
  createdAt: number;
}

/**
 * An own ad, with the payment methods it names. `price` is null while a floating ad's coin has no fresh index: no
 * order can take it then, and the market does not list it.
 */
export interface OtcOwnAd extends Omit<OtcAd, 'price'> {
  price: string | null;
  payments: number[];
}

export interface OtcAppeal {
  by: 'buyer' | 'seller';
  reason: string;
  proof: string | null;
  at: number;
  ruling: 'release' | 'refund' | null;
  note: string | null;
  ruledAt: number | null;
}

export interface OtcOrder {
  id: number;
  /** The order number shown and searched for. */
  orderCode: string;
  adId: number;
  /** The caller's side and part: the buyer pays fiat, the seller releases coins. */
  side: OtcSide;
  role: 'user' | 'merchant' | 'operator';
  coin: string;
  fiat: string;
  price: string;
  amount: string;
  fiatAmount: string;
  state: OtcOrderState;
  buyer: { id: number; nickname: string };
  seller: { id: number; nickname: string };
  merchantId: number;
  /** Where the fiat goes: the seller's methods for this order (account numbers unmasked for the buyer only). */
  payments: PaymentMethod[];
  paidWith: number | null;
  proof: string | null;
  terms: string;
  createdAt: number;
  payDeadline: number;
  paidAt: number | null;
  endedAt: number | null;
  /** Why it ended: released by the seller, cancelled by the buyer, expired, or ruled by an operator. */
  endReason: 'released' | 'buyerCancelled' | 'expired' | 'ruledRelease' | 'ruledRefund' | null;
  appeal: OtcAppeal | null;
  chatId: string;
  unread: number;
}

export type MerchantState = 'none' | 'pending' | 'approved' | 'rejected';

export interface MerchantStatus {
  state: MerchantState;
  deposit: { coin: string; amount: string };
  /** What applying needs: verification level 2 (advanced) and the deposit free in the OTC account. */
  requiredLevel: number;
  level: number;
  otcAvailable: string;
  note: string | null;
  appliedAt: number | null;
  reviewedAt: number | null;
  card: OtcMerchantCard | null;
}

export interface MerchantApplication {
  userId: number;
  nickname: string;
  email: string | null;
  level: number;
  state: MerchantState;
  deposit: string;
  appliedAt: number;
  reviewedAt: number | null;
  note: string | null;
}

/** The operators' view of an appealed order: both sides' views plus the chat key to read. */
export type OtcAppealCase = OtcOrder;

export interface ChatLine {
  id: number;
  chatId: string;
  /** docs/requirements.md §3 blade_user_id: the author; -1 for the system, 0 for customer service. */
  blade_user_id: number;
  content_type: 1 | 2;
  /** Text, or for an image the upload's address. */
  content: string;
  create_time: number;
  /**
   * The author's name as shown: a nickname, or "customer service" / "system" (translated by the client when 0 or -1).
   */
  name: string;
}

export interface ChatUnread {
  chatId: string;
  unread: number;
  /** The last line's time (the inbox sorts by it). */
  lastAt: number;
  /** The other side: an order's counterparty, or the user for an operator. */
  title: string;
}

/**
 * getCustomerService's entries: configured links, or (with none) the in-platform chat, `service-<your id>` once signed
 * in.
 */
export type CustomerServiceEntry = { url: string; kind: 'link' | 'chat' };
