import type { SubmitOrderBody } from '../../src/lib/contract/spot.ts';
import { parseUnits, type ParseProblem } from '../../src/lib/money/units.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../http/errors.ts';
import type { Job } from './market-runner.ts';
import { baseUnits, notional, type Market } from './market.ts';
import type { OrderRow } from './order.repo.ts';

/** What an order asks for, in the market's integer units, after every check that needs no balance. */
export type PlaceRequest = Pick<OrderRow, 'userId' | 'side' | 'kind' | 'tif' | 'price' | 'quantity' | 'quoteBudget'>;

const MAX_UNITS = 10n ** 17n;
const PROBLEM: Record<ParseProblem, 'invalidNumber' | 'tooPrecise' | 'tooLarge'> = { format: 'invalidNumber', precision: 'tooPrecise', range: 'tooLarge' };

function units(value: string | undefined, scale: number, field: 'price' | 'quantity' | 'quoteAmount'): bigint {
  if (value === undefined || value === '') fail('orderFieldRequired', { field });
  const parsed = parseUnits(value, scale, MAX_UNITS);
  if (!parsed.ok) fail(PROBLEM[parsed.problem], { field, decimals: scale });
  if (parsed.value <= 0n) fail('mustBePositive', { field });
  return parsed.value;
}

/**
 * Checks an order against its market: price on the tick, quantity on the lot, minimum quantity and notional,
 * and the fields each type needs (limit: price and quantity; market buy: quoteAmount; market sell: quantity).
 */
export function checkOrder(m: Market, userId: number, body: SubmitOrderBody): PlaceRequest {
  if (m.status !== 'active' || m.market !== 'spot') fail('marketClosed');
  const side = body.side;
  const kind = body.type;
  const tif = body.timeInForce ?? 'GTC';
  if (kind === 'market' && tif === 'POST_ONLY') fail('postOnlyMarket');
  let price = 0n;
  let quantity = 0n;
  let quoteBudget = 0n;
  if (kind === 'limit') {
    price = units(body.price, m.priceScale, 'price');
    quantity = units(body.quantity, m.qtyScale, 'quantity');
    if (price % m.tick !== 0n) fail('offTick');
    if (quantity % m.lot !== 0n) fail('offLot');
    if (quantity < m.minQty) fail('belowMinQty');
    if (notional(m, price, quantity) < m.minNotional) fail('belowMinNotional');
    if (notional(m, price, quantity) > MAX_UNITS) fail('tooLarge', { field: 'quantity', decimals: m.qtyScale });
  } else if (side === 'buy') {
    quoteBudget = units(body.quoteAmount, 8, 'quoteAmount');
    if (quoteBudget < m.minNotional) fail('belowMinNotional');
  } else {
    quantity = units(body.quantity, m.qtyScale, 'quantity');
    if (quantity % m.lot !== 0n) fail('offLot');
    if (quantity < m.minQty) fail('belowMinQty');
  }
  // A market order never rests: it is IOC unless it asked to fill entirely or not at all.
  return { userId, side, kind, tif: kind === 'market' && tif !== 'FOK' ? 'IOC' : tif, price, quantity, quoteBudget };
}

/** The asset and amount an order holds while it lives. */
export function holdOf(m: Market, r: PlaceRequest): { asset: string; amount: bigint } {
  if (r.side === 'sell') return { asset: m.base, amount: baseUnits(m, r.quantity) };
  return { asset: m.quote, amount: r.kind === 'limit' ? notional(m, r.price, r.quantity) : r.quoteBudget };
}

/** Places an order: hold the funds, match, settle; answers the order as it stands after matching. */
export function placeJob(r: PlaceRequest): Job<OrderRow> {
  return {
    holder: r.userId,
    run({ market: m, now, available, orderId, post, match }) {
      const hold = holdOf(m, r);
      if (available(r.userId, hold.asset) < hold.amount) fail('insufficientBalance');
      const order: OrderRow = {
        id: orderId(), symbol: m.symbol, userId: r.userId, side: r.side, kind: r.kind, tif: r.tif, price: r.price, quantity: r.quantity,
        quoteBudget: r.quoteBudget, filledQty: 0n, filledQuote: 0n, fee: 0n, frozen: hold.amount, status: 'open', doneReason: null, createdAt: now, updatedAt: now,
      };
      post([{ owner: r.userId, type: ACCOUNT.spot, asset: hold.asset, available: -hold.amount, frozen: hold.amount }], { billType: 'order_freeze', refType: 'order', refId: order.id });
      // One step of the quote in the engine's units (tick × lot) in quote-asset units, for a market buy's budget.
      const quoteStep = notional(m, m.tick, m.lot);
      match(
        {
          type: 'place',
          orderId: order.id,
          userId: r.userId,
          side: r.side,
          kind: r.kind,
          price: Number(r.price / m.tick),
          quantity: r.kind === 'market' && r.side === 'buy' ? Number.MAX_SAFE_INTEGER : Number(r.quantity / m.lot),
          ...(r.kind === 'market' && r.side === 'buy' ? { quoteBudget: Number(r.quoteBudget / quoteStep) } : {}),
          tif: r.tif,
        },
        order,
      );
      return { ...order };
    },
  };
}

/** Cancels one of the user's own resting orders; `orderNotOpen` when it has just left the book. */
export function cancelJob(userId: number, orderId: number): Job<OrderRow> {
  return {
    run({ live, match }) {
      const o = live(orderId);
      if (!o) fail('orderNotOpen');
      if (o.userId !== userId) fail('orderNotFound');
      match({ type: 'cancel', orderId, userId });
      return { ...o };
    },
  };
}

/** Cancels every resting order of the user in this market; answers how many. */
export function cancelAllJob(userId: number): Job<number> {
  return {
    run({ match }) {
      return match({ type: 'cancelAll', userId }).filter((e) => e.type === 'done').length;
    },
  };
}
