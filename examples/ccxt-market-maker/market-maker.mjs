// A market maker for Lumex written against CCXT's own `binance` class, unchanged but for the URL override
// (docs/api/binance.md). It quotes a ladder of LIMIT orders around the order book's mid, cancels and requotes on an
// interval, skips a level it cannot fund and backs off when the exchange says it is calling too fast.
//
//   npm install ccxt   # 4.5 or later
//   LUMEX_URL=http://localhost:8080 LUMEX_API_KEY=... LUMEX_API_SECRET=... SYMBOL=BTC/USDT node market-maker.mjs
import ccxt from 'ccxt';

const host = (process.env.LUMEX_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const symbol = process.env.SYMBOL ?? 'BTC/USDT';
const LEVELS = 3; // orders on each side
const STEP = 0.001; // 0.1% between levels, the first one step from the mid
const NOTIONAL = 50; // quote currency per level
const INTERVAL_MS = 5_000;

const exchange = new ccxt.binance({
  apiKey: process.env.LUMEX_API_KEY,
  secret: process.env.LUMEX_API_SECRET,
  urls: { api: { public: `${host}/api/v3`, private: `${host}/api/v3`, v3: `${host}/api/v3` } },
  // Keep CCXT off Binance-only endpoints (the wallet's currency list, margin pairs, other product types).
  options: { fetchCurrencies: false, fetchMargins: false, fetchMarkets: { types: ['spot'] } },
});

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Cancels the old ladder and places a new one around the current mid. */
async function requote() {
  const book = await exchange.fetchOrderBook(symbol, 5);
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid === undefined || ask === undefined) return console.log('one side of the book is empty: not quoting');
  const mid = (bid + ask) / 2;
  // Binance answers a cancel of all with nothing open as an unknown order (-2011, OrderNotFound): nothing to cancel.
  await exchange.cancelAllOrders(symbol).catch((err) => {
    if (!(err instanceof ccxt.OrderNotFound)) throw err;
  });
  for (let i = 1; i <= LEVELS; i++) {
    for (const side of ['buy', 'sell']) {
      const price = Number(
        exchange.priceToPrecision(symbol, side === 'buy' ? mid * (1 - i * STEP) : mid * (1 + i * STEP)),
      );
      const amount = Number(exchange.amountToPrecision(symbol, NOTIONAL / price));
      try {
        await exchange.createOrder(symbol, 'limit', side, amount, price);
      } catch (err) {
        // Out of one asset: keep quoting the other side rather than stop.
        if (err instanceof ccxt.InsufficientFunds) console.log(`no funds for ${side} ${amount} @ ${price}`);
        else throw err;
      }
    }
  }
  console.log(`${new Date().toISOString()} quoted ${LEVELS}×2 around ${exchange.priceToPrecision(symbol, mid)}`);
}

await exchange.loadMarkets();
let pause = INTERVAL_MS;
for (;;) {
  try {
    await requote();
    pause = INTERVAL_MS;
  } catch (err) {
    // Too fast: code -1003/-1015 is RateLimitExceeded, and CCXT raises DDoSProtection for any HTTP 429 or 418 before
    // it reads the code. Wait longer each time.
    if (err instanceof ccxt.RateLimitExceeded || err instanceof ccxt.DDoSProtection)
      pause = Math.min(pause * 2, 5 * 60_000);
    else if (!(err instanceof ccxt.NetworkError || err instanceof ccxt.ExchangeError)) throw err;
    console.log(`${err.constructor.name}: ${err.message}; next try in ${pause / 1000} s`);
  }
  await sleep(pause);
}
