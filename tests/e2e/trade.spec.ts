import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';

const TRADE = '/trade/index?type=spot&symbol=ltcusdt';

async function openTrade(page: Page, prefix = '') {
  await page.goto(`${prefix}${TRADE}`);
  await hydrated(page);
  await expect(page.locator('.ticker-bar__pair')).toHaveText('LTC/USDT');
}

test('two users trade with each other and both see the fill, balances, trades and chart update live', async ({
  browser,
  request,
}) => {
  const sellerName = uniqueName('seller');
  const buyerName = uniqueName('buyer');
  await createAccount(request, sellerName);
  await createAccount(request, buyerName);
  await credit(request, sellerName, 'LTC', '10');
  await credit(request, buyerName, 'USDT', '5000');

  const seller = await (await browser.newContext()).newPage();
  const buyer = await (await browser.newContext()).newPage();
  await signIn(seller, '', { username: sellerName });
  await signIn(buyer, '', { username: buyerName });
  await openTrade(seller);
  await openTrade(buyer, '/de');
  await expect(seller.getByTestId('available-sell')).toHaveText('10.0000');
  await expect(buyer.getByTestId('available-buy')).toHaveText('5,000.00');

  // The seller rests an ask; it shows up in the buyer's book without a reload.
  await seller.locator('#sell-limit-price').fill('97.50');
  await seller.locator('#sell-limit-qty').fill('4');
  await seller.getByRole('button', { name: 'Sell LTC' }).click();
  await expect(seller.locator('.toast--success', { hasText: 'Order placed' })).toBeVisible();
  await expect(seller.getByTestId('available-sell')).toHaveText('6.0000');
  await expect(buyer.getByTestId('asks')).toContainText('97.50');
  await seller.screenshot({ path: 'tests/.artifacts/screens/trade-seller-en.png', fullPage: true });

  // The buyer (on the German page) takes part of it.
  await buyer.locator('#buy-limit-price').fill('97.50');
  await buyer.locator('#buy-limit-qty').fill('1.5');
  await buyer.locator('.side-form--buy button[type="submit"]').click();
  await expect(buyer.locator('.toast--success')).toBeVisible();
  await expect(buyer.getByTestId('available-sell')).toHaveText('1.4985'); // 1.5 LTC less the 0.1% fee, at LTC's 4 display decimals
  await expect(buyer.getByTestId('available-buy')).toHaveText('4,853.75');

  // Both see the trade print and the candle; the seller sees the partial fill and the money arrive, live.
  for (const page of [seller, buyer]) {
    await expect(page.getByTestId('recent-trades').locator('tr').first()).toContainText('97.50');
    await expect(page.getByTestId('kline-chart')).not.toHaveAttribute('data-candles', '0');
  }
  await expect(seller.getByTestId('orders-open')).toContainText('1.500');
  await expect(seller.getByTestId('available-buy')).toHaveText('146.10'); // 146.25 USDT less the 0.1% fee
  await buyer.screenshot({ path: 'tests/.artifacts/screens/trade-buyer-de.png', fullPage: true });

  // The seller cancels the rest; it moves to the history and the coins come back.
  await seller.getByTestId('orders-open').getByRole('button', { name: 'Cancel' }).click();
  await expect(seller.locator('.toast--success', { hasText: 'Order cancelled' })).toBeVisible();
  await expect(seller.getByTestId('available-sell')).toHaveText('8.5000');
  await seller.getByRole('tab', { name: 'Order history' }).click();
  await expect(seller.getByTestId('orders-history')).toContainText('Cancelled');
  await expect(buyer.getByTestId('asks')).not.toContainText('97.50');
});

test('bad orders get a clear message and change nothing', async ({ page, request }) => {
  const name = uniqueName('careful');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '100');
  await signIn(page, '', { username: name });
  await openTrade(page);
  const price = page.locator('#buy-limit-price');
  const qty = page.locator('#buy-limit-qty');
  const buy = page.getByRole('button', { name: 'Buy LTC' });

  await price.fill('');
  await buy.click();
  await expect(page.locator('.side-form--buy .field__error')).toHaveText('Please enter the price');
  // Letters and extra decimals never make it into the field.
  await price.fill('9x7.12345');
  await expect(price).toHaveValue('97.12');
  await qty.fill('0.01');
  await buy.click();
  await expect(page.locator('.side-form--buy .field__error')).toHaveText('Minimum order total 5 USDT');
  await qty.fill('5');
  await buy.click();
  await expect(page.locator('.toast--error')).toHaveText('Insufficient balance');
  await expect(page.getByTestId('available-buy')).toHaveText('100.00');
  await expect(page.getByTestId('orders-open')).toHaveCount(0);
});

test('watching a market needs a login', async ({ page }) => {
  await page.goto('/quotes/index');
  await expect(page.locator('.market-table tbody tr')).toHaveCount(10);
  await page.locator('.market-table .star').first().click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});

test('the home page shows live hot coins, foreign currency and gold', async ({ page }) => {
  await page.goto('/home/index');
  const markets = page.locator('.home-markets');
  await markets.scrollIntoViewIfNeeded();
  await expect(markets.locator('.market-table').first().locator('tbody tr')).toHaveCount(6);
  await expect(markets).toContainText('EUR');
  await expect(markets).toContainText('XAU');
  await page.locator('.coin-search input').fill('eth');
  await page.locator('.coin-search button').click();
  await expect(page).toHaveURL(/\/trade\/index\?type=spot&symbol=ethusdt$/);
});
