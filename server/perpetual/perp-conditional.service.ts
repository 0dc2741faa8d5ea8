/**
 * Conditional orders with a quantity, as trading-core commands: the wire's decimal strings become integers at the
 * contract's scales (refused with the form's field names), then the core decides (perp-conditional.ts).
 */
import type { ConditionalBody, PerpConditional } from '../../isomorphic/contract/perpetual.ts';
import type { TradingCore } from '../core/core.ts';
import { fail } from '../outcome.ts';
import { orderUnits, positiveUnits } from '../spot/order-checks.ts';
import type { Db } from '../storage/db.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { cancelConditional, isLimitKind, setConditional, type PerpConditionalRow } from './perp-conditional.ts';
import { findConditional, userConditionals } from './perp-conditional.repo.ts';
import { price, qty } from './views.ts';

interface Deps {
  db: Db;
  core: TradingCore;
}

const bookOf = (core: TradingCore) => core.part<PerpBook>('perpetual');

/** Places one; `algo` and `clientId` are the Binance door's (an algo call, the client's own id). */
export function placeConditional(
  { core }: Deps,
  userId: number,
  body: ConditionalBody,
  door: { algo: boolean; clientId: string } = { algo: false, clientId: '' },
): Promise<PerpConditionalRow> {
  const c = bookOf(core).contract(body.symbol);
  const limit = isLimitKind(body.type);
  return core.submit(setConditional, {
    userId,
    symbol: c.symbol,
    side: body.side,
    type: body.type,
    quantity: orderUnits(body.quantity, c.qtyScale, 'quantity'),
    price: limit ? orderUnits(body.price, c.priceScale, 'price') : 0n,
    stopPrice: positiveUnits(body.stopPrice, c.priceScale, 'trade.field.stopPrice'),
    by: body.triggerBy ?? 'last',
    tif: body.timeInForce ?? 'GTC',
    reduceOnly: body.reduceOnly ?? false,
    algo: door.algo,
    clientId: door.clientId,
  });
}

/** Cancels an active one of the caller's; any other id (another user's, an ended one) is not found. */
export function cancelConditionalOrder({ core }: Deps, userId: number, id: number): Promise<PerpConditionalRow> {
  const live = bookOf(core).conditional.byId.get(id);
  if (!live || live.userId !== userId) fail('perpConditionalNotFound');
  return core.submit(cancelConditional, { userId, id });
}

/** The caller's conditional orders, newest first: the active ones as the core holds them, then ended ones. */
export async function conditionalList(
  { db, core }: Deps,
  userId: number,
  o: { symbol?: string; fromId?: number; limit?: number } = {},
): Promise<PerpConditionalRow[]> {
  await core.settled();
  const live = bookOf(core).conditional;
  return (await userConditionals(db, userId, o)).map((r) => (r.status === 'active' ? (live.byId.get(r.id) ?? r) : r));
}

export async function ownConditional(
  { db, core }: Deps,
  userId: number,
  id: number,
): Promise<PerpConditionalRow | undefined> {
  const live = bookOf(core).conditional.byId.get(id);
  if (live) return live.userId === userId ? live : undefined;
  await core.settled();
  const row = await findConditional(db, id);
  return row && row.userId === userId ? row : undefined;
}

export function conditionalView(c: Contract, o: PerpConditionalRow): PerpConditional {
  return {
    id: o.id,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    quantity: qty(c, o.quantity),
    price: isLimitKind(o.type) ? price(c, o.price) : null,
    stopPrice: price(c, o.stopPrice),
    triggerBy: o.by,
    timeInForce: o.tif,
    reduceOnly: o.reduceOnly,
    status: o.status,
    reason: o.reason,
    orderId: o.orderId,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}
