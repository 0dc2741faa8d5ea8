/** The rows of perpetual futures as the core keeps them in memory and the projector writes them. */
import type { MarginMode, TriggerSource } from '../../isomorphic/contract/perpetual.ts';

export type PerpSide = 'buy' | 'sell';
type PerpTif = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
type OrderSource = 'user' | 'takeProfit' | 'stopLoss' | 'trailingStop' | 'conditional' | 'liquidation' | 'adl';

export interface PerpOrderRow {
  id: number;
  symbol: string;
  userId: number;
  side: PerpSide;
  kind: 'limit' | 'market';
  tif: PerpTif;
  /** The limit; a market order's is the worst price it may fill at (the band around the mark). */
  price: bigint;
  quantity: bigint;
  filledQty: bigint;
  /** Σ fill value, margin-asset units: with filledQty it gives the average price. */
  filledValue: bigint;
  fee: bigint;
  /** Margin the order still holds (hold `perp:o:<id>`). */
  margin: bigint;
  reduceOnly: boolean;
  mode: MarginMode;
  leverage: number;
  source: OrderSource;
  /** PnL its fills realised, before fees. */
  realised: bigint;
  status: 'open' | 'partial' | 'filled' | 'cancelled';
  doneReason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A user's position on a contract, and their leverage and margin mode there (kept while flat too). */
export interface PositionRow {
  id: number;
  userId: number;
  symbol: string;
  /** Signed: long > 0. */
  qty: bigint;
  cost: bigint;
  mode: MarginMode;
  leverage: number;
  /** Isolated: the position's own margin (hold `perp:p:<id>`); 0 for cross. */
  isoMargin: bigint;
  /** Realised PnL of the user's trading on this contract, before fees and funding. */
  realised: bigint;
  /** Funding received (> 0) or paid (< 0) on this contract. */
  funding: bigint;
  updatedAt: number;
}

export interface StopRow {
  id: number;
  userId: number;
  symbol: string;
  kind: 'takeProfit' | 'stopLoss';
  trigger: bigint;
  by: TriggerSource;
  positionSide: 'long' | 'short';
  status: 'active' | 'triggered' | 'cancelled';
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * A trailing stop (Binance's TRAILING_STOP_MARKET): once the watched price reaches the activation price (at once
 * without one) it follows the best price since (the highest for a sell, the lowest for a buy) and fires a reduce-only
 * market order when the price falls back from that best by the callback rate (server/perpetual/trailing.ts).
 */
export interface TrailingRow {
  /** Numbered with the orders (`nextId('order')`), so an order id names one thing on the Binance door too. */
  id: number;
  userId: number;
  symbol: string;
  /** sell trails a long, buy a short. */
  side: PerpSide;
  /** At the contract's quantity scale; clipped to the position when it fires. */
  quantity: bigint;
  /** Basis points: 10 (0.1%) to 500 (5%). */
  callbackBps: number;
  activation: bigint | null;
  by: TriggerSource;
  /** The best price since activation; null until activated. */
  best: bigint | null;
  status: 'active' | 'triggered' | 'cancelled';
  /** The market order it placed when it fired. */
  orderId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PerpTradeRow {
  id: number;
  symbol: string;
  price: bigint;
  quantity: bigint;
  takerSide: PerpSide;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  /** The fees each side was charged, in the margin asset (null on trades recorded before they were kept). */
  makerFee: bigint | null;
  takerFee: bigint | null;
  /**
   * The profit each side realised, before fees, in the margin asset: what settleSide paid for the part of the
   * position the fill closed (null on trades recorded before it was kept).
   */
  makerRealised: bigint | null;
  takerRealised: bigint | null;
  createdAt: number;
}

export interface FundingRow {
  symbol: string;
  time: number;
  rate: bigint;
  mark: bigint;
  positions: number;
}

export interface LiquidationRow {
  id: number;
  userId: number;
  symbol: string;
  side: 'long' | 'short';
  kind: 'liquidation' | 'adl';
  quantity: bigint;
  price: bigint;
  mark: bigint;
  fee: bigint;
  createdAt: number;
}

/** A contract's prices and funding state inside the core. */
export interface ContractState {
  mark: bigint | undefined;
  index: bigint | undefined;
  last: bigint | undefined;
  /** EMA of the impact basis (server/perpetual/marks.ts), at the price scale × EMA_SUBUNITS. */
  basisEma: bigint;
  lastRate: bigint;
  /** The funding time last settled (0 before the first). */
  lastFunding: number;
  /**
   * The interval's non-zero premium samples, oldest first: [place in the interval, premium] (funding.ts
   * averagePremium).
   */
  samples: Array<[i: number, premium: bigint]>;
  /** The 5-second bucket of the last sample. */
  sampleBucket: number;
}

export const orderHoldId = (orderId: number) => `perp:o:${orderId}`;
export const positionHoldId = (positionId: number) => `perp:p:${positionId}`;
export const positionKey = (userId: number, symbol: string) => `${userId}:${symbol}`;
