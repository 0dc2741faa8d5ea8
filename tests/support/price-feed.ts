import { createServer } from 'node:http';

/**
 * A price feed on loopback that answers the index of each symbol from `prices` (which the test moves): the
 * server's PRICE_FEED_URL is `url`. Answers the URL and how to close it. `port` fixes the port (a journey whose
 * server is configured before the feed listens); by default any free one.
 */
export async function priceFeed(
  prices: Record<string, string>,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const feed = createServer((req, res) => {
    const symbol = decodeURIComponent((req.url ?? '').slice(1));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(prices[symbol] ? { price: prices[symbol] } : { error: 'unknown' }));
  });
  await new Promise<void>((resolve) => feed.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(feed.address() as { port: number }).port}/{SYMBOL}`,
    close: () => new Promise((resolve) => feed.close(() => resolve())),
  };
}
