/**
 * The public market feed `/ws/{id}` (docs/requirements.md §7). The client sends JSON commands; the server answers each
 * subscription with a snapshot, then pushes updates.
 *
 *   → { "event": "subscribe", "topic": "depth", "symbol": "btcusdt", "step": "10" }
 *   ← { "event": "DEPTH", "symbol": "btcusdt", "data": DepthSnapshot }
 */
import type { DepthSnapshot, Kline, KlineInterval, PriceInfo, PublicTrade } from './spot.ts';
import type { PerpBook } from './perpetual.ts';

/** `perpetual`: a contract's book, latest trades and prices (the perpetual screen), pushed as they change. */
export const FEED_TOPICS = ['detail', 'kline', 'trade', 'depth', 'all_symbol_detail', 'perpetual'] as const;
export type FeedTopic = (typeof FEED_TOPICS)[number];

export interface FeedSubscription {
  topic: FeedTopic;
  symbol?: string;
  /** kline only. */
  interval?: KlineInterval;
  /** depth only: the price step to group by (decimal string); the tick when absent. */
  step?: string;
}

/**
 * Depth can be grouped by the market's tick times one of these, and by nothing else (docs/requirements.md §3 grouping).
 */
export const DEPTH_STEP_MULTIPLES = [1, 10, 100, 1000, 10000] as const;

export type FeedCommand = ({ event: 'subscribe' | 'unsubscribe' } & FeedSubscription) | { event: 'ping' };

/** One market's line of `all_symbol_detail`; `amount` here is the 24-hour turnover in the quote currency. */
export interface SymbolDetail {
  symbolName: string;
  close: string;
  zdf: string;
  amount: string;
}

/** Every pushed message also carries `ts`, the server's clock when it left, so a client can see the lag. */
export type FeedMessage =
  | { event: 'DETAIL'; symbol: string; data: PriceInfo }
  | { event: 'KLINE'; symbol: string; interval: KlineInterval; data: Kline }
  | { event: 'TRADE'; symbol: string; data: PublicTrade[] }
  | { event: 'DEPTH'; symbol: string; step: string; data: DepthSnapshot }
  | { event: 'ALL_SYMBOL_DETAIL'; data: SymbolDetail[] }
  | { event: 'PERPETUAL'; symbol: string; data: PerpBook }
  | { event: 'HEARTBEAT'; ts: number }
  | { event: 'PONG'; ts: number }
  | { event: 'ERROR'; msg: string };

/** The key a subscription is filed under, the same on both sides: 'depth:btcusdt:10'. */
export function topicKey(s: FeedSubscription): string {
  return [s.topic, s.symbol ?? '', s.interval ?? s.step ?? ''].join(':');
}
