import type { Contract } from '../../perpetual/contracts.ts';
import { feeOf } from '../../spot/market.ts';
import { fillValue } from '../../perpetual/position-math.ts';
import { price, qty } from '../../perpetual/views.ts';
import { money } from '../../wallet/amounts.ts';
import type { Door } from '../door.ts';
import * as e from './futures.endpoints.ts';
import { userFills, type UserFill } from './futures.repo.ts';
import { integer, required } from './params.ts';
import { binanceSymbol, contractFor } from './symbols.ts';

/**
 * GET /fapi/v1/userTrades (developers.binance.com, "Account Trade List"): the caller's fills, oldest first.
 */
export function futuresUserTrades({ route, ctx }: Door): void {
  const { core, db } = ctx;
  route(e.userTrades, async ({ params, signed }) => {
    const c = contractFor(core, required(params, 'symbol'));
    const limit = integer(params, 'limit', 500, 1, 1000);
    const fromId = integer(params, 'fromId', 0, 0, Number.MAX_SAFE_INTEGER);
    const start = params.startTime ? Number(params.startTime) : 0;
    const end = params.endTime ? Number(params.endTime) : Infinity;
    await core.settled();
    const fills = await userFills(db, signed!.user.id, c.symbol, fromId, 1000);
    return fills
      .filter((f) => f.time >= start && f.time <= end)
      .slice(0, limit)
      .map((f) => tradeView(c, f));
  });
}

/**
 * One fill as userTrades answers it (and the futures user stream's TRADE step). The commission is the fee the fill
 * was charged, as its trade row records it (perp-fills.ts: the user's VIP level rate for the role, capped by the
 * contract's; none for liquidation and auto-deleveraging orders); a trade from before fees were recorded was
 * charged the contract's rate. `realizedPnl` is what the fill realised, before fees, as settled (perp-fills.ts
 * settleSide); a trade from before it was recorded leaves it out rather than guess it.
 */
export function tradeView(c: Contract, f: UserFill) {
  const value = fillValue(c, f.quantity, f.price);
  const paysNone = f.source === 'liquidation' || f.source === 'adl';
  const fee = f.fee ?? (paysNone ? 0n : feeOf(value, f.maker ? c.makerFeeBps : c.takerFeeBps));
  return {
    symbol: binanceSymbol(c),
    id: f.id,
    orderId: f.orderId,
    side: f.side === 'buy' ? 'BUY' : 'SELL',
    price: price(c, f.price),
    qty: qty(c, f.quantity),
    quoteQty: money(value),
    commission: money(fee),
    commissionAsset: c.marginAsset,
    ...(f.realised === null ? {} : { realizedPnl: money(f.realised) }),
    time: f.time,
    positionSide: 'BOTH',
    buyer: f.side === 'buy',
    maker: f.maker,
  };
}
