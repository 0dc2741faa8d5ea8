import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { apiLogin } from './trade-support.ts';
import { colouredPixels, createAccount, credit, signIn, uniqueName } from './support.ts';

/** XRP/USDT: no other journey trades it, so the book is only the levels this file rests. Tick 0.0001, lot 0.1. */
const SYMBOL = 'xrpusdt';
const LEVELS = 25;
const price = (base: number, i: number) => (base + i * 3).toString().replace(/(\d{4})$/, '.$1');
// 10.3, 11.3, …: every level a different amount, above the 5 USDT minimum at these prices.
const qty = (i: number) => `${10 + i}.3`;

/** A maker rests 25 bids from 2.3400 down and 25 asks from 2.3600 up, 0.0003 apart. */
async function restLevels(request: APIRequestContext) {
  const maker = uniqueName('book');
  await createAccount(request, maker);
  await credit(request, maker, 'USDT', '5000');
  await credit(request, maker, 'XRP', '2000');
  const token = await apiLogin(request, maker);
  for (let i = 0; i < LEVELS; i++) {
    for (const [side, p] of [
      ['buy', price(23_400, -i)],
      ['sell', price(23_600, i)],
    ] as const) {
      const res = await request.post('/api/currency/order/submit', {
        headers: { authorization: token },
        data: { symbol: SYMBOL, side, type: 'limit', price: p, quantity: qty(i) },
      });
      expect((await res.json()).code).toBe(200);
    }
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: `tests/.artifacts/screens/${name}.png` });

/** The book, its grouping and views, and the depth tab, as `who` in the language of `prefix`. */
async function bookJourney(page: Page, prefix: '' | '/zh-CN', who: string) {
  const d =
    prefix === ''
      ? { bids: 'Bids only', both: 'Bids and asks', depth: 'Depth', chart: 'Chart', price: 'Price' }
      : { bids: '只看买盘', both: '买卖盘', depth: '深度', chart: 'K线', price: '价格' };
  await page.goto(`${prefix}/trade/index?type=spot&symbol=${SYMBOL}`);
  await hydrated(page);
  const asks = page.getByTestId('asks').locator('tr');
  const bids = page.getByTestId('bids').locator('tr');
  // 20 a side with both sides shown, the best ask last (next to the middle line), the best bid first.
  await expect(asks).toHaveCount(20);
  await expect(bids).toHaveCount(20);
  await expect(asks.last().locator('td').first()).toHaveText('2.3600');
  // Amounts at the market's 1 decimal, totals at USDT's 2, signed in or not: 2.3400 × 10.3 = 24.102 paid at least.
  await expect(bids.first().locator('td')).toHaveText(['2.3400', '10.3', '24.10', '']);
  await expect(asks.last().locator('td').nth(2)).toHaveText('24.31'); // 2.3600 × 10.3 = 24.308 cost at most
  await shot(page, `order-book-${who}-${prefix ? 'zh-CN' : 'en'}-1366`);

  // One side only: all 25 resting bids, no asks.
  await page.getByRole('button', { name: d.bids }).click();
  await expect(bids).toHaveCount(LEVELS);
  await expect(page.getByTestId('asks')).toHaveCount(0);
  await page.getByRole('button', { name: d.both }).click();

  // Grouped by 0.001: bids round down, asks up; 2.3603 + 2.3606 + 2.3609 make the 2.3610 bucket.
  await page.locator('.order-book select').selectOption('0.001');
  await expect(bids.first().locator('td').first()).toHaveText('2.3400');
  await expect(bids.nth(1).locator('td').nth(1)).toHaveText('36.9'); // 2.3397, 2.3394, 2.3391 in 2.3390
  await expect(bids.nth(1).locator('td').first()).toHaveText('2.3390');
  await expect(asks.nth(-2).locator('td')).toHaveText(['2.3610', '36.9', /\d\.\d\d$/, '']);
  await expect(asks).toHaveCount(9); // 2.3600 … 2.3672 in 2.360 … 2.368

  // The depth tab draws both sides from the same book and reads out a level under the pointer.
  await page.locator('.chart-tabs').getByRole('tab', { name: d.depth }).click();
  const chart = page.getByTestId('depth-chart');
  await expect(chart).toHaveAttribute('data-levels', String(2 * LEVELS));
  const canvas = chart.locator('canvas');
  await expect.poll(() => colouredPixels(canvas)).toBeGreaterThan(1000);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
  await expect(page.getByTestId('depth-read')).toContainText(d.price);
  await expect(page.getByTestId('depth-read')).toContainText('XRP');
  await shot(page, `depth-chart-${who}-${prefix ? 'zh-CN' : 'en'}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => colouredPixels(canvas)).toBeGreaterThan(500);
  await canvas.scrollIntoViewIfNeeded();
  await shot(page, `depth-chart-${who}-${prefix ? 'zh-CN' : 'en'}-390`);
  await page.locator('.chart-tabs').getByRole('tab', { name: d.chart }).click();
  // A phone shows one pane at a time (chart, book or trades): the book is its second tab.
  await page.locator('.pane-tabs').getByRole('tab').nth(1).click();
  await page.getByTestId('bids').scrollIntoViewIfNeeded();
  await shot(page, `order-book-${who}-${prefix ? 'zh-CN' : 'en'}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the spot book shows 20 levels a side, groups them, shows one side, and draws the depth, signed out and in', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await restLevels(request);
  await bookJourney(page, '', 'visitor');
  const name = uniqueName('reader');
  await createAccount(request, name);
  await signIn(page, '/zh-CN', { username: name });
  await bookJourney(page, '/zh-CN', 'user');
});

// The shared server runs no perpetual market maker, so the contract book is empty here: the controls and the tab
// are the same components as spot's (drawn above), fed by the contract's book.
test('the perpetual book has the same grouping and views, and a depth tab that says when the book is empty', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/de/trade/index?type=usta');
  await hydrated(page);
  await expect(page.getByTestId('perp-screen')).toBeVisible();
  await expect(page.locator('.order-book select option')).toHaveCount(4);
  await page.getByRole('button', { name: 'Nur Angebote' }).click();
  await expect(page.getByTestId('perp-bids')).toHaveCount(0);
  await expect(page.getByTestId('perp-asks')).toHaveCount(1);
  await page.locator('.chart-tabs').getByRole('tab', { name: 'Markttiefe' }).click();
  await expect(page.getByTestId('depth-chart')).toContainText('Das Orderbuch ist leer');
  await shot(page, 'depth-chart-perp-de-1366');
});
