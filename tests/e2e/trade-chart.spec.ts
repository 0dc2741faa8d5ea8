import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { advanceClock, ownServer } from './own-server.ts';
import { createAccount, credit, uniqueName } from './support.ts';

// Its own server with a driven clock and no market makers: two trades a quarter of an hour apart make two stored
// candles at every interval, and nothing else moves the price.
ownServer('trade-chart', 61, { MARKET_MAKERS: '0', DRIVEN_CLOCK: '1' });

const SYMBOL = 'dotusdt';

async function place(request: APIRequestContext, username: string, body: object): Promise<void> {
  const login = await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } });
  const res = await request.post('/api/app/coin/entrust/exchange', {
    headers: { authorization: (await login.json()).data.token as string },
    data: { symbol: SYMBOL, type: 'limit', ...body },
  });
  expect((await res.json()).code).toBe(200);
}

async function storedCandles(request: APIRequestContext, interval: string): Promise<number> {
  const res = await request.get(`/api/app/coin/market/kline?symbol=${SYMBOL}&interval=${interval}&limit=500`);
  return ((await res.json()).data as unknown[]).length;
}

const chart = (page: Page) => page.getByTestId('kline-chart');

test.beforeAll(async ({ request }) => {
  const seller = uniqueName('dotseller');
  const buyer = uniqueName('dotbuyer');
  await createAccount(request, seller);
  await createAccount(request, buyer);
  await credit(request, seller, 'DOT', '10');
  await credit(request, buyer, 'USDT', '100');
  await place(request, seller, { side: 'sell', price: '6.800', quantity: '1' });
  await place(request, buyer, { side: 'buy', price: '6.800', quantity: '1' });
  await advanceClock(15 * 60_000);
  await place(request, seller, { side: 'sell', price: '6.900', quantity: '2' });
  await place(request, buyer, { side: 'buy', price: '6.900', quantity: '1' });
});

test('the chart draws the stored candles, the indicators the user picks (kept on reload), and the header price on its axis', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/trade/index?type=spot&symbol=${SYMBOL}`);
  await expect(chart(page)).toHaveAttribute('data-ready', 'true');
  // The history is the server's stored candles (two: the feed alone would give only the live one).
  expect(await storedCandles(request, '15m')).toBe(2);
  await expect(chart(page)).toHaveAttribute('data-candles', '2');
  // One price, one formatting: the header's and the chart's axis label.
  await expect(page.getByTestId('last-price')).toHaveText('6.900');
  await expect(chart(page)).toHaveAttribute('data-last-price', '6.900');

  // By default MA (7, 25, 99) and VOL (bars and MA 5, 10): candles + 3 + 1 + 2 series.
  const legend = page.getByTestId('kline-legend');
  await expect(page.locator('[data-indicator="MA"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart(page)).toHaveAttribute('data-series', '7');
  await expect(legend.locator('li')).toHaveText([
    /^MA\(7\) --$/,
    /^MA\(25\) --$/,
    /^MA\(99\) --$/,
    /^MA\(5\) --$/,
    /^MA\(10\) --$/,
  ]);

  await page.locator('[data-indicator="BOLL"]').click();
  await expect(chart(page)).toHaveAttribute('data-series', '10');
  await expect(legend.locator('[data-line^="BOLL"]')).toHaveCount(3);
  await page.locator('[data-indicator="VOL"]').click();
  await page.locator('[data-indicator="MA"]').click();
  await expect(chart(page)).toHaveAttribute('data-series', '4');
  await expect(legend.locator('li')).toHaveText([/^BOLL UB/, /^BOLL MID/, /^BOLL LB/]);

  await page.reload();
  await expect(chart(page)).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('[data-indicator="BOLL"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-indicator="MA"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(chart(page)).toHaveAttribute('data-series', '4');

  // Another interval loads its own stored candles.
  await page.locator('[data-indicator="MA"]').click();
  await page.locator('[data-indicator="VOL"]').click();
  await page.getByRole('tab', { name: '1m', exact: true }).click();
  await expect(chart(page)).toHaveAttribute('data-candles', String(await storedCandles(request, '1m')));
  await expect(page.getByTestId('last-price')).toHaveText((await chart(page).getAttribute('data-last-price')) ?? '');
  await page.screenshot({ path: 'tests/.artifacts/screens/trade-chart-en-1366.png' });
});

test('on a phone the trade screens stack: Chart | Order book | Trades tabs (German too), the form below, nothing sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const gridRight = () =>
    page.evaluate(() => {
      const grid = document.querySelector('.trade-grid')!;
      return Math.max(grid.getBoundingClientRect().right, grid.scrollWidth);
    });
  await page.goto(`/trade/index?type=spot&symbol=${SYMBOL}`);
  await expect(page.getByRole('tab', { name: 'Order book' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/.artifacts/screens/trade-chart-en-390.png', fullPage: true });

  // In German the screen's grid keeps to the width as well (the shell's top bar is another matter).
  await page.goto(`/de/trade/index?type=spot&symbol=${SYMBOL}`);
  await expect(chart(page)).toHaveAttribute('data-ready', 'true');
  const tabs = page.getByRole('tablist', { name: 'Chart, Orderbuch und Abschlüsse' });
  await expect(tabs.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.kline')).toBeVisible();
  await expect(page.locator('.order-book')).toBeHidden();
  await expect(page.locator('.order-form')).toBeVisible();
  await expect(page.getByTestId('last-price')).toHaveText('6.900');
  await expect(chart(page)).toHaveAttribute('data-last-price', '6.900');
  expect(await gridRight()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/.artifacts/screens/trade-chart-de-390.png', fullPage: true });

  await tabs.getByRole('tab', { name: 'Orderbuch' }).click();
  await expect(page.locator('.order-book')).toBeVisible();
  await expect(page.locator('.kline')).toBeHidden();
  await tabs.getByRole('tab', { name: 'Abschlüsse' }).click();
  await expect(page.locator('.recent-trades')).toBeVisible();
  await expect(page.locator('.order-book')).toBeHidden();
  expect(await gridRight()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/.artifacts/screens/trade-chart-de-390-trades.png' });

  // The perpetual screen: the same tabs over its chart, book and trades.
  await page.goto('/de/trade/index?type=usta');
  await expect(page.getByTestId('perp-screen')).toBeVisible();
  await expect(page.locator('.perp-grid .kline')).toBeVisible();
  await expect(page.locator('.perp-grid .order-book')).toBeHidden();
  await page.getByRole('tab', { name: 'Orderbuch' }).click();
  await expect(page.locator('.perp-grid .order-book')).toBeVisible();
  expect(await gridRight()).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'tests/.artifacts/screens/trade-perp-de-390.png', fullPage: true });
});
