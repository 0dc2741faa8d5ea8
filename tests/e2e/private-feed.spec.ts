import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';
import { enterOperatorAddress } from './manual-addresses.ts';

const SHOTS = 'tests/.artifacts/screens';
/** A 1×1 PNG, the deposit's payment screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // Gone after any reload: what the page shows at the end came without one.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

async function tokenOf(request: APIRequestContext, data: object): Promise<string> {
  return (await (await request.post('/api/user/login', { data })).json()).data.token;
}

test('a trade by another user updates the maker’s open orders and balances live, on every screen of theirs', async ({
  browser,
  request,
}) => {
  const makerName = uniqueName('maker');
  const takerName = uniqueName('taker');
  await createAccount(request, makerName);
  await createAccount(request, takerName);
  await credit(request, makerName, 'DOT', '20');
  await credit(request, makerName, 'USDT', '100');
  await credit(request, takerName, 'USDT', '500');

  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  const taker = await (await browser.newContext()).newPage();
  await signIn(maker, '', { username: makerName });
  await signIn(taker, '/de', { username: takerName });
  await open(maker, '/trade/index?type=spot&symbol=dotusdt');
  // The same user on another market's screen: no trade prints there, so only the private feed can update it.
  const makerElsewhere = await makerContext.newPage();
  await open(makerElsewhere, '/ja/trade/index?type=spot&symbol=solusdt');
  await expect(makerElsewhere.getByTestId('available-buy')).toHaveText('100.00');
  // …and on the order centre.
  const makerOrders = await makerContext.newPage();
  await open(makerOrders, '/account/entrust');
  await open(taker, '/de/trade/index?type=spot&symbol=dotusdt');

  await maker.locator('#sell-limit-price').fill('6.800');
  await maker.locator('#sell-limit-qty').fill('10');
  await maker.getByRole('button', { name: 'Sell DOT' }).click();
  await expect(maker.getByTestId('orders-open')).toContainText('6.800');

  // The taker (German page) buys 4 of the 10.
  await taker.locator('#buy-limit-price').fill('6.800');
  await taker.locator('#buy-limit-qty').fill('4');
  await taker.locator('.side-form--buy button[type="submit"]').click();
  await expect(taker.locator('.toast--success')).toBeVisible();

  // 27.20 USDT less the 0.1% fee arrive on both of the maker's screens; the order shows its partial fill.
  await expect(maker.getByTestId('available-buy')).toHaveText('127.17');
  await expect(makerElsewhere.getByTestId('available-buy')).toHaveText('127.17');
  await expect(maker.getByTestId('orders-open')).toContainText('4.00');
  await expect(makerOrders.getByTestId('orders-open')).toContainText('4.00');
  expect(await stayed(makerOrders)).toBe(true);
  await maker.screenshot({ path: `${SHOTS}/private-feed-trade-en.png`, fullPage: true });
  await makerElsewhere.screenshot({ path: `${SHOTS}/private-feed-trade-ja.png`, fullPage: true });

  // The taker takes the rest: the maker's order leaves their open orders.
  await taker.locator('#buy-limit-qty').fill('6');
  await taker.locator('.side-form--buy button[type="submit"]').click();
  await expect(maker.getByTestId('orders-open')).toHaveCount(0);
  await expect(maker.getByTestId('available-buy')).toHaveText('167.93');
  await expect(makerElsewhere.getByTestId('available-buy')).toHaveText('167.93');
  await taker.screenshot({ path: `${SHOTS}/private-feed-trade-de.png`, fullPage: true });
  for (const page of [maker, makerElsewhere]) expect(await stayed(page)).toBe(true);
});

test('a deposit the operator approves shows on the user’s assets page without a reload', async ({
  browser,
  request,
}) => {
  const name = uniqueName('depositor');
  await enterOperatorAddress(request, 'USDT', 'TRC20');
  await createAccount(request, name);
  const token = await tokenOf(request, { type: 'account', username: name, password: 'abc123' });
  const upload = await (
    await request.post('/api/common/upload/OSS', {
      headers: { authorization: token },
      multipart: { file: { name: 'payment.png', mimeType: 'image/png', buffer: PNG } },
    })
  ).json();
  const deposit = await (
    await request.post('/api/recharge/submit', {
      headers: { authorization: token },
      data: { coin: 'USDT', network: 'TRC20', amount: '250', screenshot: upload.data.id },
    })
  ).json();
  expect(deposit.code).toBe(200);

  const user = await (await browser.newContext()).newPage();
  await signIn(user, '/de', { username: name });
  await open(user, '/de/assets/index?key=overview');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('0.00');

  const ops = await tokenOf(request, {
    type: 'email',
    email: 'operator@localhost.localdomain',
    password: 'e2e-operator-1',
  });
  const review = await (
    await request.post('/api/admin/wallet/recharge/review', {
      headers: { authorization: ops },
      data: { id: deposit.data.id, approve: true },
    })
  ).json();
  expect(review.code).toBe(200);

  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('250.00');
  await expect(user.getByTestId('total-value')).toContainText('250.00');
  expect(await stayed(user)).toBe(true);
  await user.screenshot({ path: `${SHOTS}/private-feed-assets-de.png`, fullPage: true });
});
