import { parseUnits } from '../../../isomorphic/money/units.ts';
import type { RiskEngine } from '../../core/risk/risk-engine.ts';
import { maxNotionalAt, type Contract } from '../../perpetual/contracts.ts';
import type { PerpBook } from '../../perpetual/perp-book.ts';
import { shownLiquidationPrice } from '../../perpetual/perp-positions.ts';
import type { PerpOrderRow, PositionRow } from '../../perpetual/perp-state.ts';
import {
  entryPrice,
  initialMargin,
  notional,
  positionMaintenance,
  unrealisedPnl,
} from '../../perpetual/position-math.ts';
import { accountView, adlRank, price, qty } from '../../perpetual/views.ts';
import { money } from '../../wallet/amounts.ts';
import { binanceSymbol } from './symbols.ts';

/**
 * Binance's order status (developers.binance.com, "Order Status"): an order the book ended without filling whole
 * for its time in force (IOC, FOK, post-only, a market order out of depth) is EXPIRED; one the owner cancelled is
 * CANCELED.
 */
function statusOf(o: PerpOrderRow): string {
  if (o.status === 'open') return 'NEW';
  if (o.status === 'partial') return 'PARTIALLY_FILLED';
  if (o.status === 'filled') return 'FILLED';
  return o.doneReason === 'cancelled' || o.doneReason === null ? 'CANCELED' : 'EXPIRED';
}

const TIF = { GTC: 'GTC', IOC: 'IOC', FOK: 'FOK', POST_ONLY: 'GTX' } as const;

/** An order as Binance's futures order calls answer it; `clientOrderId` is the one sent, when known. */
export function orderView(c: Contract, o: PerpOrderRow, clientOrderId: string) {
  const avg = o.filledQty > 0n ? entryPrice(c, { qty: o.filledQty, cost: o.filledValue }) : null;
  const type = o.kind === 'limit' ? 'LIMIT' : 'MARKET';
  return {
    orderId: o.id,
    symbol: binanceSymbol(c),
    status: statusOf(o),
    clientOrderId,
    // A market order's price is Binance's "0"; ours holds the band limit it could fill to, an internal bound.
    price: o.kind === 'limit' ? price(c, o.price) : '0',
    avgPrice: avg === null ? '0' : price(c, avg),
    origQty: qty(c, o.quantity),
    executedQty: qty(c, o.filledQty),
    cumQuote: money(o.filledValue),
    timeInForce: TIF[o.tif],
    type,
    origType: type,
    reduceOnly: o.reduceOnly,
    closePosition: false,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: o.createdAt,
    updateTime: o.updatedAt,
  };
}

/** GET /fapi/v2|v3/positionRisk: one row a contract, one-way mode (positionSide BOTH); v2's and v3's fields. */
export function positionRiskView(
  risk: RiskEngine,
  b: PerpBook,
  c: Contract,
  p: PositionRow | undefined,
  leverage: number,
  mode: 'cross' | 'isolated',
) {
  const st = b.prices(c.symbol);
  const flat = !p || p.qty === 0n;
  const mark = p && !flat ? b.markOrEntry(c, p) : (st.mark ?? 0n);
  const pnl = flat ? 0n : unrealisedPnl(c, p, mark);
  const im = flat ? 0n : initialMargin(c, p.qty, mark, BigInt(leverage));
  const liq = flat ? null : shownLiquidationPrice({ risk }, b, p);
  let orderMargin = 0n;
  // The value of the open orders on each side, at their limits (developers.binance.com, "Position Information V3").
  const sides = { buy: 0n, sell: 0n };
  if (p)
    for (const o of b.userOrders(p.userId))
      if (o.symbol === c.symbol) {
        orderMargin += o.margin;
        sides[o.side] += notional(c, o.quantity - o.filledQty, o.price);
      }
  const amount = flat ? '0' : (p.qty < 0n ? '-' : '') + qty(c, p.qty);
  const iso = !flat && mode === 'isolated' ? p.isoMargin : 0n;
  return {
    symbol: binanceSymbol(c),
    positionSide: 'BOTH',
    positionAmt: amount,
    entryPrice: flat ? '0' : price(c, entryPrice(c, p) ?? 0n),
    markPrice: price(c, mark),
    unRealizedProfit: money(pnl),
    liquidationPrice: liq === null ? '0' : price(c, liq),
    isolatedMargin: money(iso === 0n ? 0n : iso + pnl),
    isolatedWallet: money(iso),
    // Binance signs the notional as the position: negative for a short (ours is its size).
    notional: money(flat ? 0n : (p.qty < 0n ? -1n : 1n) * notional(c, p.qty, mark)),
    marginAsset: c.marginAsset,
    initialMargin: money(im + orderMargin),
    maintMargin: money(flat ? 0n : positionMaintenance(c, p, mark)),
    positionInitialMargin: money(im),
    openOrderInitialMargin: money(orderMargin),
    adl: flat ? 0 : adlRank(b, c, p, mark),
    bidNotional: money(sides.buy),
    askNotional: money(sides.sell),
    leverage: String(leverage),
    marginType: mode === 'isolated' ? 'isolated' : 'cross',
    maxNotionalValue: money(maxNotionalAt(c, BigInt(leverage))),
    isAutoAddMargin: 'false',
    updateTime: p?.updatedAt ?? 0,
  };
}

/** A non-negative money string of accountView back in units, to add two of its parts. */
function unitsOf(text: string): bigint {
  const parsed = parseUnits(text, 8);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.value;
}

/** The USDT contract account in Binance's asset row (GET /fapi/v2|v3/account `assets`, /balance). */
export function assetRow(risk: RiskEngine, b: PerpBook, userId: number, asset: string, now: number) {
  const a = accountView(risk, b, userId, asset, 'usdt');
  const initial = unitsOf(a.positionMargin) + unitsOf(a.orderMargin);
  return {
    asset,
    walletBalance: a.walletBalance,
    unrealizedProfit: a.unrealizedPnl,
    marginBalance: a.marginBalance,
    maintMargin: a.maintenanceMargin,
    initialMargin: money(initial),
    positionInitialMargin: a.positionMargin,
    openOrderInitialMargin: a.orderMargin,
    crossWalletBalance: a.walletBalance,
    crossUnPnl: a.unrealizedPnl,
    availableBalance: a.availableBalance,
    maxWithdrawAmount: a.maxWithdraw,
    marginAvailable: true,
    // CCXT skips a row whose updateTime is 0 as never used; ours is always live, so it carries the read time.
    updateTime: now,
  };
}
