import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { FeatureContext } from '../../feature.ts';
import type { Market } from '../../spot/market.ts';
import { WEIGHT_LIMIT_PER_MINUTE } from '../weights.ts';
import { ORDERS_PER_10S, ORDERS_PER_DAY } from './order-count.ts';
import { marketsNamed, symbolOf, type Params } from './params.ts';

/** The largest amount an order field may hold, in its own units (server/spot/order-checks.ts refuses beyond). */
export const MAX_UNITS = 10n ** 17n;

/** A band in basis points as Binance's multiplier around the price: 500 bps up is "1.0500". */
const multiplier = (bps: bigint) => formatUnits(10_000n + bps, 4);

/**
 * A market's rules as Binance's filters (developers.binance.com, "Filters"): the tick, the lot and its minimum, the
 * minimum notional (market orders too), and the limit-price band around the index price (PERCENT_PRICE_BY_SIDE,
 * the same band on both sides; avgPriceMins 0 because the band is measured from the index price, not an average).
 */
function filtersOf(m: Market) {
  const tick = formatUnits(m.tick, m.priceScale);
  const lot = {
    minQty: formatUnits(m.minQty, m.qtyScale),
    maxQty: formatUnits(MAX_UNITS, m.qtyScale),
    stepSize: formatUnits(m.lot, m.qtyScale),
  };
  const minNotional = formatUnits(m.minNotional, ASSET_SCALE);
  return [
    {
      filterType: 'PRICE_FILTER',
      minPrice: tick,
      maxPrice: formatUnits(MAX_UNITS, m.priceScale),
      tickSize: tick,
    },
    { filterType: 'LOT_SIZE', ...lot },
    { filterType: 'MARKET_LOT_SIZE', ...lot },
    {
      filterType: 'MIN_NOTIONAL',
      minNotional,
      applyToMarket: true,
      avgPriceMins: 0,
    },
    {
      filterType: 'NOTIONAL',
      minNotional,
      applyMinToMarket: true,
      maxNotional: formatUnits(MAX_UNITS, ASSET_SCALE),
      applyMaxToMarket: false,
      avgPriceMins: 0,
    },
    {
      filterType: 'PERCENT_PRICE_BY_SIDE',
      bidMultiplierUp: multiplier(m.priceBandBps),
      bidMultiplierDown: multiplier(-m.priceBandBps),
      askMultiplierUp: multiplier(m.priceBandBps),
      askMultiplierDown: multiplier(-m.priceBandBps),
      avgPriceMins: 0,
    },
  ];
}

/** One market as exchangeInfo lists it: only the order types and permissions this exchange serves. */
function symbolInfo(m: Market) {
  return {
    symbol: symbolOf(m),
    status: m.status === 'active' ? 'TRADING' : 'BREAK',
    baseAsset: m.base,
    baseAssetPrecision: ASSET_SCALE,
    quoteAsset: m.quote,
    quotePrecision: ASSET_SCALE,
    quoteAssetPrecision: ASSET_SCALE,
    baseCommissionPrecision: ASSET_SCALE,
    quoteCommissionPrecision: ASSET_SCALE,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: false,
    ocoAllowed: true,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: filtersOf(m),
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}

/** GET /api/v3/exchangeInfo: the limits and every spot market, or those `symbol`/`symbols`/`permissions` name. */
export function exchangeInfo(ctx: FeatureContext, params: Params) {
  const permissions = params.permissions;
  const wanted = permissions === undefined || /SPOT/.test(permissions) ? marketsNamed(ctx, params) : [];
  return {
    timezone: 'UTC',
    serverTime: ctx.clock.now(),
    rateLimits: [
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: WEIGHT_LIMIT_PER_MINUTE,
      },
      {
        rateLimitType: 'ORDERS',
        interval: 'SECOND',
        intervalNum: 10,
        limit: ORDERS_PER_10S,
      },
      {
        rateLimitType: 'ORDERS',
        interval: 'DAY',
        intervalNum: 1,
        limit: ORDERS_PER_DAY,
      },
      {
        rateLimitType: 'RAW_REQUESTS',
        interval: 'MINUTE',
        intervalNum: 5,
        limit: 61000,
      },
    ],
    exchangeFilters: [],
    symbols: wanted.map(symbolInfo),
  };
}
