import type { Db } from '../storage/db.ts';

/** The coins of a fresh install: every one at 8 decimals, so int64 holds 92 billion of any of them. */
const ASSETS: Array<[code: string, name: string, displayDecimals: number]> = [
  ['USDT', 'Tether USD', 2],
  ['BTC', 'Bitcoin', 6],
  ['ETH', 'Ethereum', 5],
  ['BNB', 'BNB', 4],
  ['SOL', 'Solana', 4],
  ['XRP', 'XRP', 2],
  ['DOGE', 'Dogecoin', 2],
  ['ADA', 'Cardano', 2],
  ['TRX', 'TRON', 2],
  ['LTC', 'Litecoin', 4],
  ['DOT', 'Polkadot', 3],
];

/**
 * Spot markets against USDT: [base, price decimals, quantity decimals, reference price]. Price and quantity
 * decimals add up to at most 8, the quote's scale, so every notional is an exact number of quote units.
 */
const SPOT: Array<[base: string, priceScale: number, qtyScale: number, refPrice: string]> = [
  ['BTC', 2, 5, '96500.00'],
  ['ETH', 2, 4, '3450.00'],
  ['BNB', 2, 3, '640.00'],
  ['SOL', 2, 2, '185.00'],
  ['XRP', 4, 1, '2.3500'],
  ['DOGE', 5, 0, '0.32000'],
  ['ADA', 4, 1, '0.8800'],
  ['TRX', 5, 0, '0.24500'],
  ['LTC', 2, 3, '98.00'],
  ['DOT', 3, 2, '6.800'],
];

/** Foreign exchange and international gold of the home page (market mt5, coin type 3): quoted, not traded on spot. */
const MT5: Array<[symbol: string, base: string, quote: string, priceScale: number, refPrice: string]> = [
  ['EURUSD', 'EUR', 'USD', 5, '1.08500'],
  ['GBPUSD', 'GBP', 'USD', 5, '1.27000'],
  ['USDJPY', 'USD', 'JPY', 3, '151.200'],
  ['AUDUSD', 'AUD', 'USD', 5, '0.66000'],
  ['XAUUSD', 'XAU', 'USD', 2, '2650.00'],
  ['XAGUSD', 'XAG', 'USD', 3, '31.200'],
];

/** Inserts the coins and markets of a fresh install; existing rows (an operator's changes) are left alone. */
export async function seedMarkets(db: Db): Promise<void> {
  const now = Date.now();
  await db.tx(async (q) => {
    for (const [i, [code, name, display]] of ASSETS.entries()) {
      await q.run(
        'INSERT INTO assets (code, name, scale, display_decimals, sort, created_at) VALUES (?, ?, 8, ?, ?, ?) ON CONFLICT DO NOTHING',
        [code, name, display, i, now],
      );
    }
    for (const [i, [base, priceScale, qtyScale, ref]] of SPOT.entries()) {
      // Minimums: the smallest lot, and a notional of 5 USDT.
      await q.run(
        `INSERT INTO markets (symbol, market, coin_type, base, quote, price_scale, qty_scale, tick, lot, min_qty, min_notional, maker_fee_bps, taker_fee_bps, ref_price, plate, sort, created_at)
         VALUES (?, 'spot', 1, ?, 'USDT', ?, ?, 1, 1, 1, 500000000, 10, 10, ?, 'main', ?, ?) ON CONFLICT DO NOTHING`,
        [`${base.toLowerCase()}usdt`, base, priceScale, qtyScale, ref, i, now],
      );
    }
    for (const [i, [symbol, base, quote, priceScale, ref]] of MT5.entries()) {
      await q.run(
        `INSERT INTO markets (symbol, market, coin_type, base, quote, price_scale, qty_scale, tick, lot, min_qty, min_notional, maker_fee_bps, taker_fee_bps, ref_price, plate, sort, created_at)
         VALUES (?, 'mt5', 3, ?, ?, ?, 2, 1, 1, 1, 0, 0, 0, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          symbol.toLowerCase(),
          base,
          quote,
          priceScale,
          ref,
          base === 'XAU' || base === 'XAG' ? 'metal' : 'forex',
          100 + i,
          now,
        ],
      );
    }
  });
}
