/**
 * The matching engine's wire: commands in, events out, and the resting-order record that persistence stores.
 * Every number is an integer: prices in ticks, quantities in lots, quote amounts in tick×lot units, all safe
 * integers (< 2^53). The service converts from its bigint fixed-point amounts at the boundary, because bigint
 * arithmetic in the matching loop would cost more than the whole rest of a command. The service also keeps
 * lot sizes such that the lots resting on one side stay below 2^53 (level totals are plain numbers).
 */

export type SideName = 'buy' | 'sell';
type OrderKind = 'limit' | 'market';
type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
/** What happens when a taker meets a resting order of the same user (self-trade prevention). */
export type StpMode = 'cancel_taker' | 'cancel_maker' | 'cancel_both';

export interface PlaceCommand {
  type: 'place';
  orderId: number;
  userId: number;
  side: SideName;
  kind: OrderKind;
  /** Limit price in ticks; ignored for market orders. */
  price: number;
  /** Lots. A market buy that only means to spend a budget may pass Number.MAX_SAFE_INTEGER. */
  quantity: number;
  /** Market buy only: the most quote (tick×lot units) it may spend; it stops before the lot that would exceed it. */
  quoteBudget?: number;
  tif: TimeInForce;
  /** Default 'cancel_taker'. */
  stp?: StpMode;
}
export interface CancelCommand {
  type: 'cancel';
  orderId: number;
  userId: number;
}
export interface CancelAllCommand {
  type: 'cancelAll';
  userId: number;
}
/** exchange-core's move: cancel-replace at a new price; the order loses time priority and may trade. */
export interface MoveCommand {
  type: 'move';
  orderId: number;
  userId: number;
  price: number;
}
/** Shrinks a resting order by `quantity` lots, keeping its time priority; reducing it to nothing cancels it. */
export interface ReduceCommand {
  type: 'reduce';
  orderId: number;
  userId: number;
  quantity: number;
}
export type Command = PlaceCommand | CancelCommand | CancelAllCommand | MoveCommand | ReduceCommand;

/** Why a command was refused. A refused command changes nothing. Listed once so a test can check uniqueness. */
export const REJECT_REASONS = [
  'unknown_command',
  'invalid_order_id',
  'invalid_user_id',
  'invalid_side',
  'invalid_kind',
  'invalid_tif',
  'invalid_stp',
  'invalid_price',
  'invalid_quantity',
  'invalid_quote_budget',
  'duplicate_order_id',
  'unknown_order',
  'not_owner',
  /** Only for `move`: a post-only order moved across the spread stays where it was. */
  'post_only_would_take',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Why an order left the book (or never rested). Exactly one `done` or `rested` closes every accepted place. */
export const DONE_REASONS = [
  'filled',
  'cancelled',
  'ioc_expired',
  'fok_killed',
  'post_only_rejected',
  'stp',
  'market_exhausted',
] as const;
export type DoneReason = (typeof DONE_REASONS)[number];

interface AcceptedEvent {
  type: 'accepted';
  orderId: number;
  userId: number;
}
/** `orderId` is 0 for a refused cancelAll. */
interface RejectedEvent {
  type: 'rejected';
  orderId: number;
  reason: RejectReason;
}
export interface TradeEvent {
  type: 'trade';
  makerOrderId: number;
  makerUserId: number;
  takerOrderId: number;
  takerUserId: number;
  /** The maker's price. */
  price: number;
  quantity: number;
  takerSide: SideName;
  makerRemaining: number;
  takerRemaining: number;
}
interface RestedEvent {
  type: 'rested';
  orderId: number;
  userId: number;
  side: SideName;
  price: number;
  remaining: number;
}
interface ReducedEvent {
  type: 'reduced';
  orderId: number;
  userId: number;
  reducedBy: number;
  remaining: number;
}
export interface DoneEvent {
  type: 'done';
  orderId: number;
  userId: number;
  reason: DoneReason;
  /** Lots that were never traded (0 when filled); the service releases their hold. */
  remaining: number;
  /** Only on market buys with a quoteBudget: quote spent, never above the budget (so always a safe integer). */
  quoteSpent?: number;
}
/** Events are fresh objects owned by the caller; the engine never reuses or mutates one after appending it. */
export type EngineEvent = AcceptedEvent | RejectedEvent | TradeEvent | RestedEvent | ReducedEvent | DoneEvent;

/** A resting order as persistence stores it; `load` takes these back in time-priority order. */
export interface RestingOrder {
  orderId: number;
  userId: number;
  side: SideName;
  price: number;
  remaining: number;
  /** Only these two rest: IOC and FOK orders and market orders never do. */
  tif: 'GTC' | 'POST_ONLY';
  stp: StpMode;
}

export interface Depth {
  /** [price, total lots] per price, best first. */
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
}
