import ccxt from 'ccxt';

/**
 * CCXT's own `binanceusdm` class, unchanged but for the URL override (every `fapi` API it calls, v1 to v3) and the
 * options that keep it off Binance-only endpoints (currencies, margin pairs, coin-margined markets).
 */
export function ccxtFutures(base: string, key?: { apiKey: string; secret: string }) {
  const v = (n: number) => `${base}/fapi/v${n}`;
  return new ccxt.pro.binanceusdm({
    ...key,
    urls: {
      api: {
        fapiPublic: v(1),
        fapiPrivate: v(1),
        fapiPublicV2: v(2),
        fapiPrivateV2: v(2),
        fapiPublicV3: v(3),
        fapiPrivateV3: v(3),
        fapiData: `${base}/futures/data`,
      },
    },
    // CCXT paces calls by Binance's weights, 50 ms a unit (positionSide/dual and income cost 30: 1.5 s each). The door
    // counts weights itself, so the tests pace at 5 ms a unit: still never two calls in one millisecond, whose
    // identical signatures the door would refuse as a replay.
    rateLimit: 5,
    options: {
      fetchCurrencies: false,
      fetchMargins: false,
      fetchMarkets: { types: ['linear'] },
    },
  });
}
