import { formatUnits } from '../../../isomorphic/money/units.ts';
import type { TradingCore } from '../../core/core.ts';
import { maxLeverage, type Contract } from '../../perpetual/contracts.ts';
import { PRICE_BAND_BPS } from '../../perpetual/perp-orders.ts';
import { price, qty } from '../../perpetual/views.ts';
import { WEIGHT_LIMIT_PER_MINUTE } from '../weights.ts';
import { binanceSymbol, bookOf, linearContracts } from './symbols.ts';
import { CONDITIONAL_TYPES } from './conditional.ts';

/** The order kinds the door takes: plain orders and the conditional ones of conditional.ts. */
const ORDER_TYPES = ['LIMIT', 'MARKET', ...CONDITIONAL_TYPES];
/** GTX is Binance's post-only (our POST_ONLY). */
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'GTX'];

/**
 * The largest quantity the leverage brackets allow at the mark: the top bracket's notional cap over the price,
 * on the lot (developers.binance.com, "Notional and Leverage Brackets"). Zero before the first mark.
 */
function maxQtyUnits(core: TradingCore, c: Contract): bigint {
  const mark = bookOf(core).prices(c.symbol).mark;
  if (!mark) return 0n;
  const cap = c.brackets.at(-1)!.cap;
  // cap is at 8 decimals; qty units × price units / 10^(priceScale+qtyScale) × 10^8 = notional units.
  return (cap * 10n ** BigInt(c.priceScale + c.qtyScale)) / (mark * 10n ** 8n);
}

function symbolInfo(core: TradingCore, c: Contract) {
  const band = formatUnits(PRICE_BAND_BPS, 4);
  const maxQty = qty(c, maxQtyUnits(core, c));
  return {
    symbol: binanceSymbol(c),
    pair: binanceSymbol(c),
    contractType: 'PERPETUAL',
    // Binance's perpetuals carry this far-future delivery date (developers.binance.com, "Exchange Information").
    deliveryDate: 4133404800000,
    onboardDate: 0,
    status: 'TRADING',
    baseAsset: c.base,
    quoteAsset: c.quote,
    marginAsset: c.marginAsset,
    pricePrecision: c.priceScale,
    quantityPrecision: c.qtyScale,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    settlePlan: 0,
    maxLeverage: Number(maxLeverage(c)),
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: price(c, 1n),
        // The perpetual service refuses a price above 10^15 ticks (perp.service.ts, MAX_UNITS).
        maxPrice: price(c, 10n ** 15n),
        tickSize: price(c, 1n),
      },
      {
        filterType: 'LOT_SIZE',
        minQty: qty(c, 1n),
        maxQty,
        stepSize: qty(c, 1n),
      },
      {
        filterType: 'MARKET_LOT_SIZE',
        minQty: qty(c, 1n),
        maxQty,
        stepSize: qty(c, 1n),
      },
      // We set no smallest order value; Binance's filter field is `notional`.
      { filterType: 'MIN_NOTIONAL', notional: '0' },
      {
        filterType: 'PERCENT_PRICE',
        multiplierUp: formatUnits(10_000n + PRICE_BAND_BPS, 4),
        multiplierDown: formatUnits(10_000n - PRICE_BAND_BPS, 4),
        multiplierDecimal: String(band.split('.')[1]!.length),
      },
    ],
    orderTypes: ORDER_TYPES,
    timeInForce: TIME_IN_FORCE,
  };
}

/** GET /fapi/v1/exchangeInfo (developers.binance.com, "Exchange Information"). */
export function exchangeInfo(core: TradingCore, now: number) {
  return {
    timezone: 'UTC',
    serverTime: now,
    futuresType: 'U_MARGINED',
    rateLimits: [
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: WEIGHT_LIMIT_PER_MINUTE,
      },
    ],
    exchangeFilters: [],
    assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
    symbols: linearContracts(core).map((c) => symbolInfo(core, c)),
  };
}
