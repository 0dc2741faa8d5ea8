import type { SubmitOrderBody } from '../../isomorphic/contract/spot.ts';
import { formatUnits, parseUnits, type ParseProblem } from '../../isomorphic/money/units.ts';
import { fail } from '../outcome.ts';
import { notional, priceBand, type Market } from './market.ts';
import type { OrderRow } from './orders.repo.ts';

/** What an order asks for, in the market's integer units, after every check that needs no balance. */
export type PlaceRequest = Pick<OrderRow, 'userId' | 'side' | 'kind' | 'tif' | 'price' | 'quantity' | 'quoteBudget'>;

/** A checked order with its market's exact symbol: what the spot.place command takes as it is. */
export interface PlaceCommand extends PlaceRequest {
  symbol: string;
}

const MAX_UNITS = 10n ** 17n;
const PROBLEM: Record<ParseProblem, 'invalidNumber' | 'tooPrecise' | 'tooLarge'> = {
  format: 'invalidNumber',
  precision: 'tooPrecise',
  range: 'tooLarge',
};

/** The order form's name of each field, as its message key, so a refusal names it as the form does. */
const FIELD = { price: 'trade.field.price', quantity: 'trade.field.amount', quoteAmount: 'trade.field.total' } as const;

/**
 * A positive order amount at a scale, refused with the order form's name of the field (perpetual orders use it too).
 */
export function orderUnits(value: string | undefined, scale: number, name: keyof typeof FIELD): bigint {
  return positiveUnits(value, scale, FIELD[name]);
}

/** A positive amount at a scale, refused naming `field` (an i18n key of the form's label). */
export function positiveUnits(value: string | undefined, scale: number, field: string): bigint {
  if (value === undefined || value === '') fail('orderFieldRequired', { field });
  const parsed = parseUnits(value, scale, MAX_UNITS);
  if (!parsed.ok) fail(PROBLEM[parsed.problem], { field, decimals: scale });
  if (parsed.value <= 0n) fail('mustBePositive', { field });
  return parsed.value;
}

/**
 * Checks an order against its market: price on the tick and within the band around the index price, quantity on the
 * lot, minimum quantity and notional, and the fields each type needs (limit: price and quantity; market buy:
 * quoteAmount, or quantity once there is an index; market sell: quantity). Because every resting price was inside the
 * band when placed, a market order cannot be swept into a price printed far away either.
 */
export function checkOrder(m: Market, userId: number, body: SubmitOrderBody, reference?: bigint): PlaceCommand {
  if (m.status !== 'active' || m.market !== 'spot') fail('marketClosed');
  const side = body.side;
  const kind = body.type;
  const tif = body.timeInForce ?? 'GTC';
  if (kind === 'market' && tif === 'POST_ONLY') fail('postOnlyMarket');
  let price = 0n;
  let quantity = 0n;
  let quoteBudget = 0n;
  if (kind === 'limit') {
    price = orderUnits(body.price, m.priceScale, 'price');
    quantity = orderUnits(body.quantity, m.qtyScale, 'quantity');
    if (price % m.tick !== 0n) fail('offTick');
    if (reference) {
      const band = priceBand(m, reference);
      if (price < band.min || price > band.max)
        fail('priceOutOfBand', { min: formatUnits(band.min, m.priceScale), max: formatUnits(band.max, m.priceScale) });
    }
    if (quantity % m.lot !== 0n) fail('offLot');
    if (quantity < m.minQty) fail('belowMinQty');
    if (notional(m, price, quantity) < m.minNotional) fail('belowMinNotional');
    if (notional(m, price, quantity) > MAX_UNITS) fail('tooLarge', { field: FIELD.quantity, decimals: m.qtyScale });
  } else if (side === 'buy' && (body.quoteAmount !== undefined || body.quantity === undefined || !reference)) {
    quoteBudget = orderUnits(body.quoteAmount, 8, 'quoteAmount');
    if (quoteBudget < m.minNotional) fail('belowMinNotional');
  } else {
    quantity = orderUnits(body.quantity, m.qtyScale, 'quantity');
    if (quantity % m.lot !== 0n) fail('offLot');
    if (quantity < m.minQty) fail('belowMinQty');
    if (side === 'buy' && reference) {
      // A market buy of a quantity holds what it could cost at the top of the band (no fill may print above it),
      // stops at the quantity and gives the rest of the hold back: Binance's MARKET BUY by `quantity`. Without an
      // index there is no band, so such a buy needs its total instead (the branch above).
      quoteBudget = notional(m, priceBand(m, reference).max, quantity);
      if (quoteBudget > MAX_UNITS) fail('tooLarge', { field: FIELD.quantity, decimals: m.qtyScale });
    }
  }
  // A market order never rests: it is IOC unless it asked to fill entirely or not at all.
  const orderTif = kind === 'market' && tif !== 'FOK' ? 'IOC' : tif;
  return { symbol: m.symbol, userId, side, kind, tif: orderTif, price, quantity, quoteBudget };
}
