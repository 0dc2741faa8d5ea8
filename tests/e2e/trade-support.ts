import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated } from './fixtures.ts';
import { createAccount, credit, uniqueName } from './support.ts';

/** What the trade-screen journeys share: API logins, trades printed through the API, the trade page opened. */

/** Logs a fresh account in through the API and returns its token. */
export async function apiLogin(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } });
  return (await res.json()).data.token as string;
}

/** Two accounts trade on a pair through the API so the chart, trades and ticker have data. */
export async function printTrades(
  request: APIRequestContext,
  symbol: string,
  base: string,
  price: string,
  prices: string[] = [price],
) {
  const maker = uniqueName('mk');
  const taker = uniqueName('tk');
  await createAccount(request, maker);
  await createAccount(request, taker);
  await credit(request, maker, base, '100');
  await credit(request, taker, 'USDT', '1000000');
  const [mt, tt] = [await apiLogin(request, maker), await apiLogin(request, taker)];
  for (const p of prices) {
    const sell = await request.post('/api/currency/order/submit', {
      headers: { authorization: mt },
      data: { symbol, side: 'sell', type: 'limit', price: p, quantity: '1' },
    });
    expect((await sell.json()).code).toBe(200);
    const buy = await request.post('/api/currency/order/submit', {
      headers: { authorization: tt },
      data: { symbol, side: 'buy', type: 'limit', price: p, quantity: '1' },
    });
    expect((await buy.json()).code).toBe(200);
  }
}

export async function openTrade(page: Page, prefix: string, symbol: string) {
  await page.goto(`${prefix}/trade/index?type=spot&symbol=${symbol}`);
  await hydrated(page);
  // The live header (the served one, filled by the server for the first paint, has no test ids).
  await expect(page.getByTestId('last-price')).toBeVisible();
}
