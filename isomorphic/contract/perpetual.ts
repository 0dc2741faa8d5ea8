/**
 * Wire contract of perpetual futures (docs/requirements.md §1 margin / U-standard contracts, §3 orders and positions,
 * §4 position transitions, §7 `contract/order/*`, `contract/position/*`, `contract/loss/*` and the coin family's
 * contract calls). USDT-margined (linear) contracts are `btcusdt_perp`, `ethusdt_perp`; coin-margined (inverse) ones
 * are `btcusd_perp`, `ethusd_perp`. Prices are decimal strings at the contract's price scale, quantities at its
 * quantity scale (whole contracts for coin-margined), money in the margin asset at 8 decimals; rates are decimal
 * strings of a fraction ("0.0001" = 0.01%); times are milliseconds since the epoch.
 */
import { z } from './zod.ts';
import { bodyInt, bodyIntIn, queryInt } from './integers.ts';
import { KLINE_INTERVALS, type Candle } from './kline.ts';
import type { Page } from './wallet.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
const symbol = text()
  .regex(/^[a-zA-Z0-9]{2,16}_perp$/i, { error: 'validation.symbol' })
  .transform((s) => s.toLowerCase());
const decimal = text().max(40, { error: 'validation.amount' });
const id = queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.orderId' });

export const MARGIN_MODES = ['cross', 'isolated'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];
/** usdt: USDT-margined (linear); coin: coin-margined (inverse). The entrust tabs future/u and future/coin. */
export const CONTRACT_KINDS = ['usdt', 'coin'] as const;
export type ContractKindName = (typeof CONTRACT_KINDS)[number];
export const TRIGGER_SOURCES = ['mark', 'last'] as const;
export type TriggerSource = (typeof TRIGGER_SOURCES)[number];

const marginMode = z.enum(MARGIN_MODES, { error: 'validation.invalidValue' });
const kind = z.enum(CONTRACT_KINDS, { error: 'validation.invalidValue' });

/**
 * contract/order/submit. A limit order needs a price; a market order fills now within the price band around the
 * mark. `reduceOnly` orders may only shrink the position; `closePosition` closes the whole position at market
 * (quantity is then ignored). `clientKey` makes a repeated submission answer the first order instead of a second.
 */
export const perpOrderBody = z.object({
  symbol,
  side: z.enum(['buy', 'sell'], { error: 'validation.side' }),
  type: z.enum(['limit', 'market'], { error: 'validation.orderType' }),
  price: decimal.optional(),
  quantity: decimal.optional(),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY'], { error: 'validation.timeInForce' }).default('GTC'),
  reduceOnly: z.boolean({ error: 'validation.invalidType' }).default(false),
  closePosition: z.boolean({ error: 'validation.invalidType' }).default(false),
  clientKey: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'validation.invalidValue' })
    .optional(),
});
export type PerpOrderBody = z.input<typeof perpOrderBody>;

/** coin/contract/open and coin/contract/close: direction 1 open long, 2 open short, 3 close long, 4 close short. */
export const directionOrderBody = perpOrderBody.omit({ side: true, reduceOnly: true, closePosition: true }).extend({
  direction: bodyIntIn([1, 2, 3, 4]),
});
export type DirectionOrderBody = z.input<typeof directionOrderBody>;

export const perpIdQuery = z.object({ id });

/** contract/order/list: open orders, or finished ones, newest first. */
export const perpOrderListQuery = z.object({
  state: z.enum(['open', 'history'], { error: 'validation.invalidValue' }).default('open'),
  kind: kind.optional(),
  symbol: symbol.optional(),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
});

/** contract/position/list and the contract account: one kind of contract, or all. */
export const perpKindQuery = z.object({ kind: kind.optional() });

/** contract/position/adjustAmount: flag 1 adds margin to an isolated position, 2 takes it back. */
export const adjustMarginQuery = z.object({
  id,
  money: text().max(40, { error: 'validation.amount' }),
  flag: queryInt({ min: 1, max: 2, error: 'validation.invalidValue' }),
});

/** contract/loss/sett: a take-profit or stop-loss on a position, triggered by the mark or the last price. */
export const stopOrderBody = z.object({
  symbol,
  kind: z.enum(['takeProfit', 'stopLoss'], { error: 'validation.invalidValue' }),
  triggerPrice: decimal,
  triggerBy: z.enum(TRIGGER_SOURCES, { error: 'validation.invalidValue' }).default('mark'),
});
export type StopOrderBody = z.input<typeof stopOrderBody>;

export const stopListQuery = z.object({ symbol: symbol.optional() });

/**
 * contract/position/close: close part or all of a position (by its id) from its row, at a limit or at market. The
 * order is reduce-only; a quantity above the position is refused.
 */
export const positionCloseBody = z.object({
  id: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.invalidValue' }),
  type: z.enum(['limit', 'market'], { error: 'validation.orderType' }),
  price: decimal.optional(),
  quantity: decimal,
});
export type PositionCloseBody = z.input<typeof positionCloseBody>;

/**
 * contract/trailing/sett: a trailing stop (Binance's TRAILING_STOP_MARKET). `callbackRate` is a percent with one
 * decimal, 0.1 to 5; without `activationPrice` it trails from the watched price of the moment.
 */
export const trailingBody = z.object({
  symbol,
  side: z.enum(['buy', 'sell'], { error: 'validation.side' }),
  quantity: decimal,
  callbackRate: decimal,
  activationPrice: decimal.optional(),
  triggerBy: z.enum(TRIGGER_SOURCES, { error: 'validation.invalidValue' }).default('mark'),
});
export type TrailingBody = z.input<typeof trailingBody>;

/**
 * contract/conditional/sett: a conditional order with a quantity (Binance's STOP and TAKE_PROFIT, a limit at `price`
 * once the trigger is reached, and STOP_MARKET and TAKE_PROFIT_MARKET). It holds nothing while it waits; margin is
 * checked when it fires. A buy STOP and a sell TAKE_PROFIT trigger when the price rises to `stopPrice`, the others
 * when it falls to it.
 */
export const conditionalBody = z.object({
  symbol,
  side: z.enum(['buy', 'sell'], { error: 'validation.side' }),
  type: z.enum(['STOP', 'TAKE_PROFIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'], { error: 'validation.orderType' }),
  quantity: decimal,
  price: decimal.optional(),
  stopPrice: decimal,
  triggerBy: z.enum(TRIGGER_SOURCES, { error: 'validation.invalidValue' }).default('last'),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK'], { error: 'validation.timeInForce' }).default('GTC'),
  reduceOnly: z.boolean({ error: 'validation.invalidType' }).default(false),
});
export type ConditionalBody = z.input<typeof conditionalBody>;

/** coin/contract/updateLeverageRadio: the leverage and margin mode of one contract for your next orders. */
export const leverageBody = z.object({
  symbol,
  leverage: bodyInt({ min: 1, max: 125, error: 'validation.leverage' }),
  marginMode,
});
export type LeverageBody = z.input<typeof leverageBody>;

/**
 * coin/close/onekey: close every position of the listed contracts, or of one kind (1 USDT-margined, 2 coin-margined).
 */
export const closeAllBody = z.object({
  oneKeySymbolNameList: z.array(symbol).max(20).default([]),
  contractType: bodyIntIn([1, 2]).optional(),
});
export type CloseAllBody = z.input<typeof closeAllBody>;

export const contractDetailBody = z.object({
  symbolNameList: z.array(symbol).max(20).default([]),
  type: bodyIntIn([1, 2]).optional(),
});
export const contractSymbolQuery = z.object({ symbolName: symbol });
export const contractKindQuery = z.object({ type: kind.optional() });

/** The form's "cost" and "max": what an order of this size would hold, and the most the account can open. */
export const previewBody = z.object({
  symbol,
  side: z.enum(['buy', 'sell'], { error: 'validation.side' }),
  type: z.enum(['limit', 'market'], { error: 'validation.orderType' }),
  price: decimal.optional(),
  quantity: decimal.optional(),
});
export type PreviewBody = z.input<typeof previewBody>;

export const perpBookQuery = z.object({ symbol, limit: queryInt({ min: 1, max: 100 }).default(20) });
export const perpKlineQuery = z.object({
  symbol,
  interval: z.enum(KLINE_INTERVALS, { error: 'validation.invalidValue' }).default('1m'),
  /** Candles of the last trade price, or of the mark price. */
  price: z.enum(['last', 'mark'], { error: 'validation.invalidValue' }).default('last'),
  limit: queryInt({ min: 1, max: 1000 }).default(300),
});

/** One leverage bracket: notional in the margin asset, rates as fractions. */
export interface BracketView {
  bracket: number;
  notionalFloor: string;
  notionalCap: string;
  maxLeverage: number;
  maintMarginRatio: string;
  cum: string;
}

/** A contract with its live prices (getContract, the contract list). */
export interface ContractView {
  symbol: string;
  /** "BTCUSDT Perpetual". */
  showSymbol: string;
  kind: ContractKindName;
  base: string;
  quote: string;
  marginAsset: string;
  priceScale: number;
  qtyScale: number;
  tickSize: string;
  stepSize: string;
  /** Coin-margined: USD per contract; "0" for USDT-margined. */
  contractSize: string;
  maxLeverage: number;
  makerFee: string;
  takerFee: string;
  last: string | null;
  mark: string | null;
  index: string | null;
  /** 24 h change of the last price in percent, two decimals; "0.00" without trades. */
  change: string;
  /** 24 h volume in quantity units. */
  volume: string;
  /** The rate the next funding would apply from the premium samples so far. */
  fundingRate: string;
  nextFundingTime: number;
  fundingIntervalMs: number;
  /** Open interest: the quantity of all long positions. */
  openInterest: string;
}

export interface ContractDetail extends ContractView {
  brackets: BracketView[];
  /** Liquidation fee on the closed notional, as a fraction. */
  liquidationFee: string;
  /** Orders are refused further than this from the mark, as a fraction. */
  priceBand: string;
}

export interface FundingInfo {
  symbol: string;
  /** The rate the last funding applied (0 before the first). */
  lastRate: string;
  /** The rate the next funding would apply from the premium samples so far. */
  predictedRate: string;
  nextFundingTime: number;
  intervalMs: number;
  mark: string | null;
  index: string | null;
  history: Array<{ time: number; rate: string; mark: string }>;
}

export interface PerpOrder {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  price: string;
  quantity: string;
  filledQty: string;
  /** Average fill price; null before the first fill. */
  avgPrice: string | null;
  fee: string;
  /** Margin the order holds until it fills or ends, in the margin asset. */
  margin: string;
  marginMode: MarginMode;
  leverage: number;
  reduceOnly: boolean;
  /** Who placed it: the user, a triggered take-profit or stop-loss, the liquidation engine, or auto-deleveraging. */
  source: 'user' | 'takeProfit' | 'stopLoss' | 'trailingStop' | 'conditional' | 'liquidation' | 'adl';
  status: 'open' | 'partial' | 'filled' | 'cancelled';
  realizedPnl: string;
  marginAsset: string;
  createdAt: number;
  updatedAt: number;
}

export interface PerpPosition {
  /** Stable per user and contract (contract/position/stopOrder and adjustAmount take it). */
  id: number;
  symbol: string;
  kind: ContractKindName;
  side: 'long' | 'short';
  marginMode: MarginMode;
  leverage: number;
  /** Open interest of the position, unsigned. */
  quantity: string;
  entryPrice: string;
  markPrice: string;
  /** Value at the mark, margin asset. */
  notional: string;
  /** Isolated: the position's own margin; cross: its initial margin at the mark. */
  margin: string;
  maintenanceMargin: string;
  /** Maintenance over margin balance, percent with two decimals; "100.00" or more is liquidation. */
  marginRatio: string;
  unrealizedPnl: string;
  /** Unrealized PnL over margin, percent with two decimals. */
  roe: string;
  realizedPnl: string;
  /** Funding received (positive) or paid (negative) on this contract. */
  funding: string;
  liquidationPrice: string | null;
  takeProfit: StopOrder | null;
  stopLoss: StopOrder | null;
  /** Auto-deleveraging queue: 1 (last to be deleveraged) to 5 (first). */
  adlRank: number;
  marginAsset: string;
  updatedAt: number;
}

export interface StopOrder {
  id: number;
  symbol: string;
  kind: 'takeProfit' | 'stopLoss';
  triggerPrice: string;
  triggerBy: TriggerSource;
  /** The position side it closes. */
  positionSide: 'long' | 'short';
  status: 'active' | 'triggered' | 'cancelled';
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A trailing stop as its owner sees it. */
export interface TrailingStop {
  id: number;
  symbol: string;
  /** sell closes a long, buy a short. */
  side: 'buy' | 'sell';
  quantity: string;
  /** Percent: "1.5" is 1.5%. */
  callbackRate: string;
  activationPrice: string | null;
  triggerBy: TriggerSource;
  /** The best price since activation; null until activated. */
  bestPrice: string | null;
  /** The price at which it fires now: best less (sell) or plus (buy) the callback rate; null until activated. */
  workingPrice: string | null;
  status: 'active' | 'triggered' | 'cancelled';
  /** The market order it placed when it fired. */
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A conditional order with a quantity, waiting or ended (contract/conditional/list). */
export interface PerpConditional {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'STOP' | 'TAKE_PROFIT' | 'STOP_MARKET' | 'TAKE_PROFIT_MARKET';
  quantity: string;
  /** The limit once triggered; null for the market kinds. */
  price: string | null;
  stopPrice: string;
  triggerBy: TriggerSource;
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  reduceOnly: boolean;
  status: 'active' | 'triggered' | 'cancelled' | 'expired';
  /** Why a triggered order could not be placed (an error name: perpInsufficientMargin, …); null otherwise. */
  reason: string | null;
  /** The order it placed when it fired. */
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One margin asset's contract account (the wallet's contract assets). */
export interface PerpAccount {
  asset: string;
  kind: ContractKindName;
  /** Wallet balance: what transfers in, realised PnL, funding and fees leave; order margin included. */
  walletBalance: string;
  unrealizedPnl: string;
  /** Wallet balance + unrealised PnL of cross positions + isolated margins. */
  marginBalance: string;
  positionMargin: string;
  orderMargin: string;
  maintenanceMargin: string;
  /** Cross: maintenance over margin balance, percent with two decimals. */
  marginRatio: string;
  /** What new orders can use. */
  availableBalance: string;
  /** What can be transferred out now. */
  maxWithdraw: string;
}

export interface LeverageSetting {
  symbol: string;
  leverage: number;
  marginMode: MarginMode;
  /** The largest position notional this leverage allows, margin asset. */
  maxNotional: string;
}

export interface OrderPreview {
  /** Margin the order would hold, margin asset. */
  cost: string;
  /** The largest quantity the account could open on this side at this price. */
  maxQty: string;
  available: string;
  leverage: number;
  marginMode: MarginMode;
}

export interface PerpLevel {
  price: string;
  quantity: string;
}

export interface PerpBook {
  symbol: string;
  bids: PerpLevel[];
  asks: PerpLevel[];
  trades: Array<{ id: number; price: string; quantity: string; side: 'buy' | 'sell'; time: number }>;
  last: string | null;
  mark: string | null;
  index: string | null;
}

/** A contract's candle (last or mark price). */
export type PerpCandle = Candle;

export interface Liquidation {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  kind: 'liquidation' | 'adl';
  quantity: string;
  price: string;
  markPrice: string;
  fee: string;
  createdAt: number;
}

/** GET /api/perpetual/insurance-fund: the fund's movements in one margin asset, or in every one, newest first. */
export const insuranceFundQuery = z.object({
  asset: text()
    .regex(/^[A-Z0-9]{2,10}$/, { error: 'validation.invalidValue' })
    .optional(),
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(20),
});

/**
 * Why the insurance fund moved, the bill type of its ledger line. In: `insurance_funding` (the platform's seed or a
 * top-up), `perp_liquidation_fee`, `perp_funding` (a funding settlement's rounding remainder). Out: `perp_insurance`
 * (a loss past what backed a position, or funding a payer could not pay), `margin_insurance` (what a liquidated
 * spot-margin account still owed).
 */
export const INSURANCE_REASONS = [
  'insurance_funding',
  'perp_liquidation_fee',
  'perp_funding',
  'perp_insurance',
  'margin_insurance',
] as const;
export type InsuranceReason = (typeof INSURANCE_REASONS)[number];

export interface InsuranceFundRecord {
  id: number;
  asset: string;
  reason: InsuranceReason;
  /** Signed, at 8 decimals: positive in, negative out. */
  amount: string;
  /** The fund's balance in the asset after it. */
  balance: string;
  time: number;
}

/** The fund's balance per asset it holds, and a page of its movements. */
export interface InsuranceFund {
  balances: Array<{ asset: string; balance: string }>;
  history: Page<InsuranceFundRecord>;
}
