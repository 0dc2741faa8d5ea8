import { createServer } from 'node:http';

/**
 * A price feed on loopback that answers the index of each symbol from `prices` (which the test moves): the
 * server's PRICE_FEED_URL is `url`. Answers the URL and how to close it.
 */
export async function priceFeed(prices: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const feed = createServer((req, res) => {
    const symbol = decodeURIComponent((req.url ?? '').slice(1));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(prices[symbol] ? { price: prices[symbol] } : { error: 'unknown' }));
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const port = (feed.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/{SYMBOL}`, close: () => new Promise((resolve) => feed.close(() => resolve())) };
}
