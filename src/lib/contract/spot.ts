/**
 * Wire contract of spot trading and market data. Amounts and prices are decimal strings; the server parses
 * them at the market's scales (src/lib/money/units.ts) and refuses any that do not fit.
 */
import { z } from 'zod';

const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const symbol = text().regex(/^[a-zA-Z0-9]{2,20}$/, { error: 'validation.symbol' }).transform((s) => s.toLowerCase());
const decimal = text().max(40, { error: 'validation.amount' });

export const submitOrderBody = z.object({
  symbol,
  side: z.enum(['buy', 'sell'], { error: 'validation.side' }),
  type: z.enum(['limit', 'market'], { error: 'validation.orderType' }),
  price: decimal.optional(),
  /** Base quantity: required for limit orders and market sells. */
  quantity: decimal.optional(),
  /** Quote to spend: market buys. */
  quoteAmount: decimal.optional(),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY'], { error: 'validation.timeInForce' }).default('GTC'),
});
export type SubmitOrderBody = z.input<typeof submitOrderBody>;

export const orderIdQuery = z.object({ id: z.coerce.number({ error: 'validation.orderId' }).int({ error: 'validation.orderId' }).positive({ error: 'validation.orderId' }).max(Number.MAX_SAFE_INTEGER) });
export const symbolQuery = z.object({ symbol });
export const optionalSymbolQuery = z.object({ symbol: symbol.optional() });

export const orderListQuery = z.object({
  symbol: symbol.optional(),
  /** open: resting orders; history: finished ones. */
  state: z.enum(['open', 'history'], { error: 'validation.invalidValue' }).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(15),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const klineQuery = z.object({
  symbol,
  interval: z.enum(KLINE_INTERVALS, { error: 'validation.interval' }).default('1m'),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
});
export const depthQuery = z.object({
  symbol,
  /** Price step to group levels by, as a decimal string ('0.01', '1', '10'); the tick when absent. */
  step: decimal.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const spotGoodsBody = z.object({ symbolNameList: z.array(symbol).max(200).default([]), type: z.coerce.number().int().optional() });

export type OrderStatus = 'open' | 'partial' | 'filled' | 'cancelled' | 'rejected';

/** An order as the user sees it. */
export interface SpotOrder {
  id: number;
  symbol: string;
  symbol_name: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce: string;
  price: string;
  quantity: string;
  quoteAmount: string;
  tradedQuantity: string;
  tradedAmount: string;
  /** Average deal price. */
  avgPrice: string;
  fee: string;
  feeAsset: string;
  status: OrderStatus;
  doneReason: string | null;
  createTime: number;
  updateTime: number;
}

/** spec §3 coin/market entry. */
export interface MarketEntry {
  symbol: string;
  symbol_name: string;
  showSymbol: string;
  baseCoin: string;
  coin: string;
  base_symbol: string;
  market: string;
  coinType: number;
  customizeFlag: number;
  /** Price decimals. */
  part_cou: number;
  /** Quantity decimals. */
  full_cou: number;
  plate: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  optional: boolean;
  /** Latest price (spec §3). */
  amount: string;
  /** 24-hour turnover in the quote currency. */
  turnover: string;
  close: string;
  open: string;
  change: string;
  zdf: string;
}

/** spec §3 price info: the 24-hour ticker. */
export interface PriceInfo {
  symbol: string;
  close: string;
  openPrice: string;
  change: string;
  priceChangePercent: string;
  high: string;
  low: string;
  volume: string;
  volume24: string;
  high24: string;
  low24: string;
}

export interface PublicTrade {
  id: number;
  price: string;
  quantity: string;
  side: 'buy' | 'sell';
  time: number;
}

export interface DepthSnapshot {
  symbol: string;
  step: string;
  bids: Array<[price: string, quantity: string]>;
  asks: Array<[price: string, quantity: string]>;
}

/** A candle: [open time ms, open, high, low, close, volume, quote volume, trades]. */
export type Kline = [number, string, string, string, string, string, string, number];
