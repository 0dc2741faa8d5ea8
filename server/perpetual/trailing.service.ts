/**
 * Closing from the position row and trailing stops, as trading-core commands: the wire's decimal strings become
 * integers at the contract's scales (refused with the form's field names), then the core decides
 * (position-close.ts, trailing.ts).
 */
import type { PositionCloseBody, TrailingBody, TrailingStop } from '../../isomorphic/contract/perpetual.ts';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { TradingCore } from '../core/core.ts';
import { fail } from '../outcome.ts';
import { orderUnits } from '../spot/order-checks.ts';
import type { Db } from '../storage/db.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { findPerpOrder } from './perp.repo.ts';
import type { PerpOrderRow, TrailingRow } from './perp-state.ts';
import { closePart } from './position-close.ts';
import { cancelTrailing, setTrailing, workingPrice } from './trailing.ts';
import { findTrailing, userTrailing } from './trailing.repo.ts';
import { price, qty } from './views.ts';

interface Deps {
  db: Db;
  core: TradingCore;
}

const bookOf = (core: TradingCore) => core.part<PerpBook>('perpetual');

/** Closes part or all of a position by its id: a reduce-only limit at the price given, or at market. */
export async function closeFromRow({ db, core }: Deps, userId: number, body: PositionCloseBody): Promise<PerpOrderRow> {
  const b = bookOf(core);
  const p = b.positionsById.get(body.id);
  if (!p || p.userId !== userId || p.qty === 0n) fail('perpNoPosition');
  const c = b.contract(p.symbol);
  const result = await core.submit(closePart, {
    userId,
    positionId: p.id,
    kind: body.type,
    price: body.type === 'limit' ? orderUnits(body.price, c.priceScale, 'price') : 0n,
    quantity: orderUnits(body.quantity, c.qtyScale, 'quantity'),
  });
  if (result.order) return result.order;
  await core.settled();
  return (await findPerpOrder(db, result.id))!;
}

/** Tenths of a percent (the callback rate's one decimal) in basis points. */
function callbackBps(text: string): number {
  const parsed = parseUnits(text, 1, 1000n);
  if (!parsed.ok) {
    if (parsed.problem === 'precision' || parsed.problem === 'range') fail('perpTrailingCallbackRange');
    fail('invalidNumber', { field: 'perp.field.callbackRate', decimals: 1 });
  }
  return Number(parsed.value) * 10;
}

export function placeTrailing({ core }: Deps, userId: number, body: TrailingBody): Promise<TrailingRow> {
  const c = bookOf(core).contract(body.symbol);
  return core.submit(setTrailing, {
    userId,
    symbol: c.symbol,
    side: body.side,
    quantity: orderUnits(body.quantity, c.qtyScale, 'quantity'),
    callbackBps: callbackBps(body.callbackRate),
    activation: body.activationPrice ? orderUnits(body.activationPrice, c.priceScale, 'price') : null,
    by: body.triggerBy ?? 'mark',
  });
}

/** Cancels an active trailing stop of the caller's; any other id (another user's, an ended one) is not found. */
export function cancelTrailingStop({ core }: Deps, userId: number, id: number): Promise<TrailingRow> {
  if (!bookOf(core).trailing.byId.has(id)) fail('perpTrailingNotFound');
  return core.submit(cancelTrailing, { userId, id });
}

/** The caller's trailing stops: the active ones from the core (their best price is live), then ended ones. */
export async function trailingList({ db, core }: Deps, userId: number, symbol?: string): Promise<TrailingRow[]> {
  await core.settled();
  const live = bookOf(core).trailing;
  return (await userTrailing(db, userId, symbol)).map((t) => (t.status === 'active' ? (live.byId.get(t.id) ?? t) : t));
}

export async function ownTrailing({ db, core }: Deps, userId: number, id: number): Promise<TrailingRow | undefined> {
  const live = bookOf(core).trailing.byId.get(id);
  if (live) return live.userId === userId ? live : undefined;
  await core.settled();
  const row = await findTrailing(db, id);
  return row && row.userId === userId ? row : undefined;
}

export function trailingView(c: Contract, t: TrailingRow): TrailingStop {
  const working = workingPrice(t);
  return {
    id: t.id,
    symbol: t.symbol,
    side: t.side,
    quantity: qty(c, t.quantity),
    callbackRate: formatUnits(BigInt(t.callbackBps / 10), 1),
    activationPrice: t.activation === null ? null : price(c, t.activation),
    triggerBy: t.by,
    bestPrice: t.best === null ? null : price(c, t.best),
    workingPrice: working === null ? null : price(c, working),
    status: t.status,
    orderId: t.orderId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}
