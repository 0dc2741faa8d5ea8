/**
 * The private live feed `/ws/coin/{userId}` (docs/requirements.md §4, §7) and the payloads of the STOMP topics: one
 * wire contract for the server and the browser. The socket authenticates with its first message; then the server pushes
 * what happens to that user's accounts, and answers `ping` with `PONG`.
 *
 *   → { "event": "auth", "token": "…" }            ← { "event": "USER_STATUS", "data": { "userId": 42, "status": "active", … } }
 *   ← { "event": "HEARTBEAT", "ts": … }            → { "event": "ping" }   ← { "event": "PONG", "ts": … }
 *   ← { "event": "OWNCOIN", "data": [{ "type": 1, "coin": "USDT", "available": "90.00000000", "frozen": "10.00000000" }], "ts": … }
 */

import type { PriceAlert } from './alerts.ts';
import type { ChainDeposit, PayoutStatus } from './chain.ts';

/** What the browser sends: its token first (never in the URL, which access logs keep), then pings. */
export type PrivateFeedCommand = { event: 'auth'; token: string } | { event: 'ping' };

/**
 * A balance after a change, as the wallet shows it: account type (docs/requirements.md §3: 1 spot, 2 contract, …),
 * coin, 8-decimal strings.
 */
export interface OwnCoin {
  type: number;
  coin: string;
  available: string;
  frozen: string;
}

/** A change of an available balance that no order made (server/feeds/private/account-bus.ts). */
export interface OwnMove {
  type: number;
  coin: string;
  /** Signed decimal at the asset scale. */
  delta: string;
  billType: string;
  at: number;
}

/** The user's standing: `active` on connecting; `signedOut` when the session ends (logout, password change, expiry). */
export interface UserStatus {
  userId: number;
  status: 'active' | 'signedOut' | 'disabled';
  /** docs/requirements.md §3: 2 is a merchant. */
  isMerchant: 1 | 2;
}

/** The user's orders in a market changed (placed, filled, cancelled): the order lists are stale. */
export interface OrderChange {
  symbol: string;
}

/** A settled contract (second contract at the end of its countdown, a closed perpetual or margin position). */
export interface SettlementMessage {
  product: 'seconds' | 'perpetual' | 'margin';
  orderId: string;
  symbol: string;
  direction: 'up' | 'down' | 'long' | 'short';
  /** Amount staked or margin, in `coin`. */
  amount: string;
  coin: string;
  openPrice: string;
  /** The recorded settlement price (docs/architecture.md, "Prices": every settlement price is recorded). */
  closePrice: string;
  /** Signed: negative is a loss. */
  profit: string;
  settledAt: number;
}

/** A position opened, changed or ended (perpetuals, margin). */
export interface PositionMessage {
  product: 'perpetual' | 'margin';
  positionId: string;
  symbol: string;
  side: 'long' | 'short';
  marginMode: 'cross' | 'isolated';
  leverage: number;
  quantity: string;
  entryPrice: string;
  markPrice: string;
  margin: string;
  unrealizedPnl: string;
  liquidationPrice: string | null;
  status: 'open' | 'closed' | 'liquidated';
  updatedAt: number;
}

/**
 * A margin account's state changed (a loan, interest, a fill) or crossed a level: a margin call at 1.3, a
 * liquidation at 1.1. The screens load the account again; calls and liquidations are also shown as notices.
 */
export interface MarginMessage {
  kind: 'changed' | 'marginCall' | 'liquidation';
  /** Null for `changed` (one or more of the user's margin accounts). */
  mode: 'cross' | 'isolated' | null;
  /** The isolated account's pair; null for cross and for `changed`. */
  symbol: string | null;
  /** The margin level it happened at; null for `changed`. */
  level: string | null;
}

/**
 * One of the user's on-chain movements changed (server/chain): a deposit seen, confirmed further, credited, dropped by
 * a reorg or found to be dust; a withdrawal sent, confirmed or failed. The wallet shows `deposit` as it is and loads
 * its withdrawal records again for `withdrawal`.
 */
export type ChainMessage =
  | { kind: 'deposit'; deposit: ChainDeposit }
  | { kind: 'withdrawal'; withdrawalId: number; status: PayoutStatus; txHash: string | null };

/** Every pushed message carries `ts`, the server's clock when it left. */
export type PrivateFeedMessage =
  | { event: 'USER_STATUS'; data: UserStatus; ts: number }
  | { event: 'OWNCOIN'; data: OwnCoin[]; ts: number }
  | { event: 'ORDER'; data: OrderChange; ts: number }
  | { event: 'SETTLEMENT'; data: SettlementMessage; ts: number }
  | { event: 'POSITION'; data: PositionMessage; ts: number }
  | { event: 'MARGIN'; data: MarginMessage; ts: number }
  | { event: 'CHAIN'; data: ChainMessage; ts: number }
  /** One of the user's price alerts fired (server/alerts): the alert as it is now, `state: 'fired'`. */
  | { event: 'ALERT'; data: PriceAlert; ts: number }
  | { event: 'HEARTBEAT'; ts: number }
  | { event: 'PONG'; ts: number }
  | { event: 'ERROR'; msg: string };

/** Close codes of the private feed and the STOMP socket beyond the standard ones. */
export const FEED_CLOSE = {
  /** No token, a dead one, or none sent in time: log in again. */
  unauthorized: 4001,
  /** A valid token for another user id. */
  forbidden: 4003,
  /** The client let too much pile up unsent (as on the public feed). */
  slowConsumer: 4008,
} as const;

/** The embedded STOMP socket's path on the API's origin (subprotocol v12.stomp); the default of `STOMP_URL`. */
export const STOMP_PATH = '/ws/stomp';

/**
 * The STOMP socket's destinations (docs/requirements.md §7 "a refresh topic per user id, per merchant id, a chat topic
 * per user"): `/topic/` and the bus topic, which is also how RabbitMQ Web-STOMP names it.
 */
export const STOMP_DESTINATION = {
  refresh: (userId: number) => `/topic/user.${userId}.refresh`,
  merchant: (merchantId: number) => `/topic/merchant.${merchantId}.refresh`,
  chat: (userId: number) => `/topic/user.${userId}.chat`,
} as const;

/** The body of a refresh message: what to load again. */
export interface RefreshMessage {
  kind: 'assets' | 'orders' | 'otc';
  symbol?: string;
  ts: number;
  /** kind 'otc': the order notification to show, when the change was not the recipient's own. */
  notice?: OtcNotice;
}

/**
 * An OTC order notification (docs/requirements.md §3 notification, §4): a new order (isNew 1) to the merchant of the
 * ad, a status change (isNew 0) to the side that did not make it, an appeal (type 'appeal') to both sides but its
 * author. `link_merchant` sends the recipient to the merchant's order page, otherwise to the user's order page.
 */
export interface OtcNotice {
  type: 'otc' | 'appeal';
  isNew: 1 | 0;
  /** What happened: the order's new state, or 'appealed' / 'ruled' for appeals. */
  content: 'created' | 'paid' | 'released' | 'cancelled' | 'expired' | 'appealed' | 'ruled';
  orderId: number;
  orderCode: string;
  /** Who made the change: a user id, or 0 for an operator or the platform (an expiry). */
  changeUser: number;
  /** The recipient's side of the order. */
  serviceType: 'buy' | 'sell';
  link_merchant: boolean;
}

/** A chat line on a chat topic (docs/requirements.md §3 chat message, §5: 1–400 characters, not only spaces). */
export interface ChatMessage {
  /**
   * The conversation (OTC order or customer service), for lines stored by sendChatRecord; absent on a bare STOMP SEND.
   */
  chatId?: string;
  id?: number;
  content: string;
  /** 1 text, 2 image (the content is then an upload link). */
  contentType: 1 | 2;
  /** Who wrote it: the user, or -1 for the system (docs/requirements.md §3 blade_user_id). */
  from: number;
  ts: number;
}
export const CHAT_MAX_CHARS = 400;
