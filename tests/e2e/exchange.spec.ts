import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';

/** Places an order through the coin family's entrust/exchange, as an API client of the seller would. */
async function placeByApi(request: APIRequestContext, username: string, body: object): Promise<void> {
  const token = (
    await (await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } })).json()
  ).data.token as string;
  const res = await request.post('/api/app/coin/entrust/exchange', {
    headers: { authorization: token },
    data: { symbol: 'solusdt', ...body },
  });
  expect((await res.json()).code).toBe(200);
}

test('the exchange screen is its own page: a buyer takes two asks, both sides read the fills, the order centre filters by pair', async ({
  browser,
  request,
}) => {
  const sellerName = uniqueName('solseller');
  const buyerName = uniqueName('solbuyer');
  await createAccount(request, sellerName);
  await createAccount(request, buyerName);
  await credit(request, sellerName, 'SOL', '100');
  await credit(request, buyerName, 'USDT', '1000');
  await placeByApi(request, sellerName, { side: 'sell', type: 'limit', price: '185.00', quantity: '2' });
  await placeByApi(request, sellerName, { side: 'sell', type: 'limit', price: '185.10', quantity: '3' });

  // The German buyer opens /de/exchange/index: a page of its own (no redirect), with the shell's footer.
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, '/de', { username: buyerName });
  const answer = await buyer.goto('/de/exchange/index?symbol=solusdt');
  await hydrated(buyer);
  expect(answer?.status()).toBe(200);
  expect(answer?.request().redirectedFrom()).toBeNull();
  await expect(buyer).toHaveURL(/\/de\/exchange\/index\?symbol=solusdt$/);
  await expect(buyer.locator('.ticker-bar__pair')).toHaveText('SOL/USDT');
  await expect(buyer.locator('footer')).toBeVisible();
  // Index price (the market makers are off, so the index stays at the listing price) and the ±10% band.
  await expect(buyer.getByText('Indexpreis')).toBeVisible();
  await expect(buyer.getByTestId('index-price')).toContainText('185.00');
  await expect(buyer.getByTestId('price-band')).toHaveText('166.50 – 203.50');

  await buyer.locator('#buy-limit-price').fill('185.10');
  await buyer.locator('#buy-limit-qty').fill('4');
  await buyer.locator('.side-form--buy button[type="submit"]').click();
  await expect(buyer.locator('.toast--success')).toBeVisible();
  await buyer.getByRole('tab', { name: 'Orderhistorie' }).click();
  const history = buyer.getByTestId('orders-history');
  await expect(history).toContainText('Vollständig ausgeführt');
  await history.getByRole('button', { name: 'Ausführungen' }).click();
  const dialog = buyer.getByTestId('fills-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(/^Ausführungen der Order #\d+$/);
  await expect(dialog.locator('tbody tr')).toHaveCount(2);
  await expect(dialog.locator('tbody tr').nth(0)).toContainText('185.00');
  await expect(dialog.locator('tbody tr').nth(0)).toContainText('Liquiditätsnehmer (Taker)');
  await expect(dialog.locator('tbody tr').nth(1)).toContainText('185.10');
  await expect(dialog).toContainText('zum Durchschnittspreis von 185.05');
  await buyer.screenshot({ path: 'tests/.artifacts/screens/exchange-fills-de.png' });
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toHaveCount(0);

  // The English seller: her second ask is partly filled and rests; she reads its fill as the maker.
  const seller = await (await browser.newContext()).newPage();
  await signIn(seller, '', { username: sellerName });
  await seller.goto('/exchange/index?symbol=solusdt');
  await hydrated(seller);
  await expect(seller.getByTestId('index-price')).toContainText('185.00');
  const open = seller.getByTestId('orders-open');
  await expect(open.locator('tbody tr')).toHaveCount(1);
  await expect(open).toContainText('2.00'); // 2 of the 3 SOL traded
  await open.getByRole('button', { name: 'Fills' }).click();
  const sellerDialog = seller.getByTestId('fills-dialog');
  await expect(sellerDialog.locator('tbody tr')).toHaveCount(1);
  await expect(sellerDialog.locator('tbody tr')).toContainText('Maker');
  await expect(sellerDialog.locator('tbody tr')).toContainText('370.20');
  await seller.screenshot({ path: 'tests/.artifacts/screens/exchange-fills-en.png' });
  await sellerDialog.getByRole('button', { name: 'Close' }).click();
  await seller.evaluate(() => window.scrollTo(0, 0));
  await seller.screenshot({ path: 'tests/.artifacts/screens/exchange-index-en.png', fullPage: true });

  // The order centre lists the pairs she has orders on; choosing one shows only that pair's orders.
  await seller.goto('/account/entrust');
  const filter = seller.getByTestId('pair-filter');
  await expect(filter.locator('option')).toHaveText(['All pairs', 'SOL/USDT — open: 1, all: 2']);
  await filter.selectOption('solusdt');
  await expect(seller.getByTestId('orders-open').locator('tbody tr')).toHaveCount(1);
  await seller.screenshot({ path: 'tests/.artifacts/screens/exchange-entrust-en.png', fullPage: true });
  await seller.getByTestId('orders-open').getByRole('button', { name: 'Cancel' }).click();
  await expect(filter.locator('option')).toHaveText(['All pairs', 'SOL/USDT — open: 0, all: 2']);
});
