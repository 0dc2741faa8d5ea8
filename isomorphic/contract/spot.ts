/**
 * Wire contract of spot trading and market data. Amounts and prices are decimal strings; the server parses
 * them at the market's scales (isomorphic/money/units.ts) and refuses any that do not fit.
 */
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { KLINE_INTERVALS, type KlineInterval } from './kline.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const symbol = text()
  .regex(/^[a-zA-Z0-9]{2,20}$/, { error: 'validation.symbol' })
  .transform((s) => s.toLowerCase());
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

export const orderIdQuery = z.object({
  id: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.orderId' }),
});
export const symbolQuery = z.object({ symbol });
export const optionalSymbolQuery = z.object({ symbol: symbol.optional() });

export const orderListQuery = z.object({
  symbol: symbol.optional(),
  /** open: resting orders; history: finished ones. */
  state: z.enum(['open', 'history'], { error: 'validation.invalidValue' }).default('open'),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
});

export { KLINE_INTERVALS, type KlineInterval };
export const klineQuery = z.object({
  symbol,
  interval: z.enum(KLINE_INTERVALS, { error: 'validation.interval' }).default('1m'),
  limit: queryInt({ min: 1, max: 1000 }).default(300),
});
export const depthQuery = z.object({
  symbol,
  /** Price step to group levels by, as a decimal string ('0.01', '1', '10'); the tick when absent. */
  step: decimal.optional(),
  limit: queryInt({ min: 1, max: 200 }).default(20),
});
/** getMt5Amount: a quoted instrument (foreign exchange, metals) by symbol. */
export const mt5Query = z.object({ coin: z.string().min(2).max(20) });
/** market/initData: the product and the symbol a trade screen opens on (the first market when unknown). */
export const initDataQuery = z.object({
  type: z.enum(['spot', 'sec', 'usta']).default('spot'),
  symbol: z.string().max(20).optional(),
});
export const spotGoodsBody = z.object({
  symbolNameList: z.array(symbol).max(200).default([]),
  type: bodyInt({ min: 0, max: 100 }).optional(),
});

/** A coin of a pair in a path (`open/transaction/BTC/USDT`): letters and digits, any case. */
const coinPart = text().regex(/^[a-zA-Z0-9]{2,10}$/, { error: 'validation.symbol' });
const tradeLimit = { min: 1, max: 100 };

/** open/transaction (POST): the latest trades of a market, newest first. */
export const transactionBody = z.object({ symbol, limit: bodyInt(tradeLimit).default(50) });
/** open/transaction/{coin}/{currency} (GET): the same for a pair named by its two coins. */
export const transactionParams = z.object({ coin: coinPart, currency: coinPart });
export const transactionQuery = z.object({ limit: queryInt(tradeLimit).default(50) });

/** transaction/details: the fills of one of the caller's orders, oldest first, paged. */
export const orderFillsQuery = z.object({
  id: orderIdQuery.shape.id,
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(50),
});

/** open/getPriceComparison: all spot markets (`{}`), or the listed ones. */
export const priceComparisonBody = z.object({ symbolNameList: z.array(symbol).max(200).default([]) });

/** One fill (trade) seen from the side of the user who took part in it. */
export interface UserFill {
  id: number;
  symbol: string;
  symbol_name: string;
  orderId: number;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: string;
  quantity: string;
  /** Quote amount of the fill. */
  amount: string;
  fee: string;
  feeAsset: string;
  time: number;
}

/** transaction/details: an order and a page of its fills. */
export interface OrderFills {
  order: SpotOrder;
  total: number;
  page: number;
  size: number;
  records: UserFill[];
}

/** open/getPriceComparison: a market's last trade price against its index price and the order price band. */
export interface PriceComparison {
  symbol: string;
  symbol_name: string;
  /** Last trade (or the listing price before the first trade). */
  last: string;
  /** Index price; null while the index has no price (a feed that never answered). */
  index: string | null;
  indexSource: 'feed' | 'walk' | null;
  indexTime: number | null;
  /** Whether the index is fresh enough to price swaps from (feeds go stale after 60 s; the demo walk does not). */
  indexFresh: boolean;
  /** last − index at the price scale, and in percent of the index (two decimals, truncated); null without an index. */
  deviation: string | null;
  deviationPercent: string | null;
  /** The lowest and highest limit price an order may have now; null without an index. */
  bandMin: string | null;
  bandMax: string | null;
  /** Mark price (the median of index with funding basis, index plus the basis EMA, and last), as last sampled
   * with the index; null while the index has no price. */
  mark: string | null;
}

/** entrust/getEntrustLogCurrency: a pair the caller has orders in. */
export interface OrderSymbol {
  symbol: string;
  symbol_name: string;
  baseCoin: string;
  quoteCoin: string;
  /** Every order the caller placed on the pair, and how many of them still rest on the book. */
  orders: number;
  openOrders: number;
  lastOrderTime: number;
}

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

/** docs/requirements.md §3 coin/market entry. */
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
  /**
   * Display decimals of the base and quote assets (the wallet's), so visitors see amounts as signed-in users do;
   * on spot and quoted markets' rows (a contract's rows leave them out: its quote is not a wallet asset's row).
   */
  baseDecimals?: number;
  quoteDecimals?: number;
  plate: string;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  makerFee: string;
  takerFee: string;
  optional: boolean;
  /** Latest price (docs/requirements.md §3). */
  amount: string;
  /** 24-hour turnover in the quote currency; a coin-margined contract's (coinType 5) in its base coin. */
  turnover: string;
  close: string;
  open: string;
  change: string;
  zdf: string;
}

/** common/getCoinList: market entries by product (second contracts, spot, perpetuals, quoted instruments). */
export interface CoinList {
  coinList: MarketEntry[];
  currencyList: MarketEntry[];
  contractList: MarketEntry[];
  mt5List: MarketEntry[];
}

/** market/initData: everything a trade screen starts with. */
export interface InitData {
  markets: MarketEntry[];
  symbol: string | undefined;
  ticker: PriceInfo | null;
}

/** docs/requirements.md §3 price info: the 24-hour ticker. */
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

/** Binance's conditional order types (docs/products/spot.md, "Conditional orders"). */
export const STOP_TYPES = ['STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'] as const;
export type StopOrderType = (typeof STOP_TYPES)[number];
const side = z.enum(['buy', 'sell'], { error: 'validation.side' });
const stopTif = z.enum(['GTC', 'IOC', 'FOK'], { error: 'validation.timeInForce' }).default('GTC');

/** A stop order: placed on the book (at `price`, or at market) once the last trade price reaches `stopPrice`. */
export const submitStopBody = z.object({
  symbol,
  side,
  type: z.enum(STOP_TYPES, { error: 'validation.orderType' }),
  stopPrice: decimal.optional(),
  /** The limit price of a *_LIMIT type. */
  price: decimal.optional(),
  quantity: decimal.optional(),
  /** A stop-market buy may give the quote to spend instead of a quantity. */
  quoteAmount: decimal.optional(),
  timeInForce: stopTif,
});
export type SubmitStopBody = z.input<typeof submitStopBody>;

/** An OCO: a LIMIT_MAKER at `price` and a stop-loss at `stopPrice` (a limit at `stopLimitPrice`, or market). */
export const submitOcoBody = z.object({
  symbol,
  side,
  quantity: decimal.optional(),
  price: decimal.optional(),
  stopPrice: decimal.optional(),
  stopLimitPrice: decimal.optional(),
  stopLimitTimeInForce: stopTif,
});
export type SubmitOcoBody = z.input<typeof submitOcoBody>;

/** A limit buy with a take-profit and a stop-loss: a sell OCO for what it buys, placed once it ends filled. */
export const submitTpSlBody = z.object({
  symbol,
  price: decimal.optional(),
  quantity: decimal.optional(),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY'], { error: 'validation.timeInForce' }).default('GTC'),
  takeProfitPrice: decimal.optional(),
  stopLossStopPrice: decimal.optional(),
  /** The stop-loss's limit price; without it the stop-loss sells at market. */
  stopLossPrice: decimal.optional(),
});
export type SubmitTpSlBody = z.input<typeof submitTpSlBody>;

export const orderListIdQuery = z.object({
  listId: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.orderId' }),
});
export const stopListQuery = orderListQuery;

/** A conditional order's state: waiting for its buy (TP/SL), for its trigger, or ended. */
export type ConditionalState = 'waiting' | 'pending' | 'triggered' | 'cancelled' | 'expired';

/** A conditional order (a stop order, an OCO's stop leg, a limit buy's TP/SL) as the API shows it. */
export interface SpotConditional {
  id: number;
  /** Its OCO (order list); 0 for a lone stop order. */
  listId: number;
  symbol: string;
  symbol_name: string;
  side: 'buy' | 'sell';
  type: StopOrderType;
  stopPrice: string;
  /** Its limit price; '0' for a stop-market order. */
  price: string;
  quantity: string;
  quoteAmount: string;
  timeInForce: string;
  /** What it holds by itself (an OCO's stop leg: beyond its limit leg's hold). */
  frozen: string;
  status: ConditionalState;
  /** An OCO's limit leg, an order on the book; 0 for none. */
  limitOrderId: number;
  /** A TP/SL: the limit buy it waits for, and the take-profit price of its sell OCO. */
  parentOrderId: number;
  takeProfitPrice: string;
  /** The order it was placed as when triggered; 0 before. */
  orderId: number;
  createTime: number;
  updateTime: number;
}

/** An OCO as placed: its stop leg (pending) and its limit leg (on the book). */
export interface PlacedOcoView {
  listId: number;
  stop: SpotConditional;
  limit: SpotOrder;
}

/** A limit buy with its TP/SL as placed. */
export interface PlacedTpSlView {
  listId: number;
  stop: SpotConditional;
  order: SpotOrder;
}
