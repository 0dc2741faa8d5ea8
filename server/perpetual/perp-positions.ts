/**
 * Commands on a position and its settings: leverage and margin mode, isolated margin added or taken back, and
 * take-profit and stop-loss orders set and cancelled.
 */
import { formatUnits } from '../../isomorphic/money/units.ts';
import { jsonCommand, tupleCommand, type CommandContext } from '../core/command.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { maxLeverage, maxNotionalAt, type Contract } from './contracts.ts';
import { crossLiquidationPrices } from './cross-margin.ts';
import { liquidationPrice } from './liquidation-price.ts';
import { book, finish } from './perp-orders.ts';
import type { PerpBook } from './perp-book.ts';
import { positionHoldId, type PositionRow, type StopRow } from './perp-state.ts';
import { initialMargin, notional, unrealisedPnl } from './position-math.ts';
import type { MarginMode, TriggerSource } from '../../isomorphic/contract/perpetual.ts';

interface LeverageChange {
  userId: number;
  symbol: string;
  leverage: number;
  mode: MarginMode;
}

/**
 * The leverage and margin mode for a contract. The mode changes only with no position and no order on it (as on
 * Binance); a leverage change is refused when the position would not fit its brackets, or (lowering it) when the
 * margin would no longer cover the initial margin it asks for.
 */
export const setLeverage = tupleCommand<LeverageChange, PositionRow>(
  'perp.leverage',
  ['userId', 'symbol', 'leverage', 'mode'],
  (ctx, r) => {
    const b = book(ctx);
    const c = b.contract(r.symbol);
    if (r.leverage < 1 || BigInt(r.leverage) > maxLeverage(c)) fail('perpLeverageOutOfRange');
    const current = b.position(r.userId, c.symbol);
    if (
      current &&
      current.mode !== r.mode &&
      (current.qty !== 0n || b.userOrders(r.userId).some((o) => o.symbol === c.symbol))
    )
      fail('perpMarginModeLocked');
    if (current && current.qty !== 0n) {
      const mark = b.markOrEntry(c, current);
      if (notional(c, current.qty, mark) > maxNotionalAt(c, BigInt(r.leverage))) fail('perpSizeOverBracket');
      if (r.leverage < current.leverage) {
        const need =
          initialMargin(c, current.qty, mark, BigInt(r.leverage)) -
          initialMargin(c, current.qty, mark, BigInt(current.leverage));
        const covered =
          current.mode === 'isolated'
            ? current.isoMargin + unrealisedPnl(c, current, mark) >=
              initialMargin(c, current.qty, mark, BigInt(r.leverage))
            : b.free(ctx.risk, r.userId, c.marginAsset) >= need;
        if (!covered) fail('perpLeverageUnsafe');
      }
    }
    const p = b.positionFor(r.userId, c.symbol, ctx.now);
    p.leverage = r.leverage;
    p.mode = r.mode;
    b.touchPosition(p, ctx.now);
    finish(ctx);
    return { ...p };
  },
);

interface MarginChange {
  userId: number;
  positionId: number;
  amount: bigint;
  add: boolean;
}

/** The most margin an isolated position can give back: what exceeds its initial margin at the mark, losses counted. */
function removableMargin(c: Contract, p: PositionRow, mark: bigint): bigint {
  const pnl = unrealisedPnl(c, p, mark);
  const free = p.isoMargin + (pnl < 0n ? pnl : 0n) - initialMargin(c, p.qty, mark, BigInt(p.leverage));
  return free > 0n ? free : 0n;
}

export const adjustMargin = jsonCommand<MarginChange, PositionRow>('perp.margin', (ctx, r) => {
  const b = book(ctx);
  const p = b.positionsById.get(r.positionId);
  if (!p || p.userId !== r.userId || p.qty === 0n) fail('perpNoPosition');
  if (p.mode !== 'isolated') fail('perpNotIsolated');
  const c = b.contract(p.symbol);
  const meta = { billType: 'perp_margin' as const, refType: 'perp_position', refId: p.id };
  if (r.add) {
    ctx.risk.hold(positionHoldId(p.id), p.userId, ACCOUNT.contract, c.marginAsset, r.amount, meta, { grow: true });
    p.isoMargin += r.amount;
  } else {
    const max = removableMargin(c, p, b.markOrEntry(c, p));
    if (r.amount > max) fail('perpMarginReduceTooMuch', { max: formatUnits(max, 8), coin: c.marginAsset });
    ctx.risk.release(positionHoldId(p.id), meta, r.amount);
    p.isoMargin -= r.amount;
  }
  b.touchPosition(p, ctx.now);
  finish(ctx);
  return { ...p };
});

/** A position's liquidation price as its owner sees it (cross: the other positions held at their marks). */
export function shownLiquidationPrice(ctx: Pick<CommandContext, 'risk'>, b: PerpBook, p: PositionRow): bigint | null {
  const c = b.contract(p.symbol);
  if (p.qty === 0n) return null;
  if (p.mode === 'isolated') return liquidationPrice(c, p, p.isoMargin);
  const holdings = b.crossHoldings(p.userId, c.marginAsset);
  const i = holdings.findIndex((h) => h.row === p);
  return crossLiquidationPrices(b.crossWallet(ctx.risk, p.userId, c.marginAsset), holdings)[i] ?? null;
}

interface StopSet {
  userId: number;
  symbol: string;
  kind: StopRow['kind'];
  trigger: bigint;
  by: TriggerSource;
}

/**
 * Sets a position's take-profit or stop-loss (replacing the one it had). The trigger must be on the right side of
 * the price it watches, and a stop-loss may not lie beyond the liquidation price, where it would never fire first.
 */
export const setStop = jsonCommand<StopSet, StopRow>('perp.stop', (ctx, r) => {
  const b = book(ctx);
  const c = b.contract(r.symbol);
  const p = b.position(r.userId, c.symbol);
  if (!p || p.qty === 0n) fail('perpNoPosition');
  const st = b.prices(c.symbol);
  const ref = r.by === 'mark' ? st.mark : (st.last ?? st.mark);
  if (ref === undefined) fail('perpNoPrice');
  const long = p.qty > 0n;
  const above = r.trigger > ref;
  if (r.trigger === ref || (r.kind === 'takeProfit') !== (above === long)) fail('perpStopWrongSide');
  if (r.kind === 'stopLoss') {
    const liq = shownLiquidationPrice(ctx, b, p);
    if (liq !== null && (long ? r.trigger <= liq : r.trigger >= liq))
      fail('perpStopBeyondLiquidation', { price: formatUnits(liq, c.priceScale) });
  }
  for (const s of b.stopsOf(r.userId, c.symbol)) {
    if (s.kind !== r.kind) continue;
    s.status = 'cancelled';
    b.touchStop(s, ctx.now);
  }
  const stop: StopRow = {
    id: b.nextId('stop'),
    userId: r.userId,
    symbol: c.symbol,
    kind: r.kind,
    trigger: r.trigger,
    by: r.by,
    positionSide: long ? 'long' : 'short',
    status: 'active',
    orderId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  b.addStop(stop);
  b.touchStop(stop, ctx.now);
  finish(ctx);
  return { ...stop };
});

export const cancelStop = tupleCommand<{ userId: number; stopId: number }, StopRow>(
  'perp.stopCancel',
  ['userId', 'stopId'],
  (ctx, { userId, stopId }) => {
    const b = book(ctx);
    const s = b.stops.get(stopId);
    if (!s || s.userId !== userId) fail('perpStopNotFound');
    s.status = 'cancelled';
    b.touchStop(s, ctx.now);
    finish(ctx);
    return { ...s };
  },
);

export const POSITION_COMMANDS = [setLeverage, adjustMargin, setStop, cancelStop];
