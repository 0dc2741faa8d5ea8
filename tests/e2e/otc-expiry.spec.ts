import { hydrated, expect, test } from './fixtures.ts';
import { advanceClock, ownServer } from './own-server.ts';
import {
  api,
  MERCHANT,
  noticeSays,
  open,
  operatorSignIn,
  OTC,
  person,
  takeAdOf,
  usdt,
  type Person,
} from './otc-support.ts';
import { signInOperator } from './support.ts';

/**
 * An unpaid order whose payment window runs out, on a server whose clock the test moves, with four people each in a
 * browser context of their own: the operator approves the merchant in the console, the merchant's sell ad is taken
 * by a buyer, a second user watches the market; the clock passes the window, the expiry job cancels the order, the
 * escrow goes back into the ad, and both sides are told live.
 */
ownServer('otc-expiry', 17, { MARKET_MAKERS: '0', DRIVEN_CLOCK: '1' });

const idNumber = (tag: string) => `${tag}${Date.now().toString().slice(-7)}`;

test('an unpaid order expires when the clock passes its window: the escrow returns to the ad, both sides told live', async ({
  browser,
  request,
}) => {
  // Four people made through the API and the console, on a machine shared with other runs.
  test.setTimeout(180_000);
  const ops = await operatorSignIn(request);
  const merchant: Person = await person(browser, request, ops, 'exm', 'Mei Chen', idNumber('M'), '3000', OTC);
  const buyer = await person(browser, request, ops, 'exb', 'Bo Yang', idNumber('B'), '0', OTC);
  const watcher = await person(browser, request, ops, 'exw', 'Wu Lin', idNumber('W'), '0', OTC);
  await api(request, merchant.token, 'post', '/api/otc/merchant/apply');

  // The operator approves the application in the console.
  const console = await (await browser.newContext()).newPage();
  await signInOperator(console);
  await console.goto('/admin');
  await hydrated(console);
  await console.getByRole('tab', { name: 'OTC', exact: true }).click();
  await console.getByRole('tab', { name: 'Merchant applications', exact: true }).click();
  const application = console.getByTestId('admin-otc-merchants').locator('tr', { hasText: merchant.name });
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(application).toHaveCount(0);

  // A sell ad of 500 USDT at 7.20 CNY with a 15-minute window.
  await api(request, merchant.token, 'post', '/api/asset/transferFunds', {
    coin: 'USDT',
    from: OTC,
    to: MERCHANT,
    amount: '1000',
  });
  const payment = (
    await api<Array<{ id: number }>>(request, merchant.token, 'get', '/api/app/coin/member/getPayment')
  )[0]!.id;
  const ad = await api<{ id: number }>(request, merchant.token, 'post', '/api/otc/merchant/ad', {
    side: 'sell',
    coin: 'USDT',
    fiat: 'CNY',
    priceType: 'fixed',
    price: '7.20',
    total: '500',
    minFiat: '100',
    maxFiat: '3000',
    payWindow: 15,
    payments: [payment],
    terms: '',
  });
  const available = async () => {
    await open(watcher.page, '/otc/common?side=buy&coin=USDT&fiat=CNY');
    return watcher.page.getByTestId(`otc-ad-${ad.id}`);
  };
  await expect(await available()).toContainText('500.00');

  // The buyer takes 100 USDT and does not pay.
  await open(merchant.page, '/merchant/deal');
  const orderId = await takeAdOf(buyer.page, merchant, 'buy', '720');
  await expect(buyer.page.getByTestId('otc-order-state')).toContainText('Waiting for payment');
  await noticeSays(merchant.page, 'New order');
  await expect(await available()).toContainText('400.00');
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '500.00', frozen: '1500.00' });

  // Fourteen minutes on, the window is still open; past fifteen, the expiry job cancels it at its next turn.
  await advanceClock(14 * 60_000);
  expect(
    await api<{ state: string }>(request, buyer.token, 'get', `/api/otc/order/detail?id=${orderId}`),
  ).toMatchObject({ state: 'created' });
  await advanceClock(2 * 60_000);
  await expect(buyer.page.getByTestId('otc-order-state')).toContainText('Cancelled', { timeout: 15_000 });
  await expect(buyer.page.getByText('The payment window ran out; the order was cancelled')).toBeVisible();
  await noticeSays(buyer.page, 'the payment window ran out');
  await noticeSays(merchant.page, 'the payment window ran out');

  // The escrow went back into the ad: the market offers all 500 again, and the merchant's coins are still held for it.
  await expect(await available()).toContainText('500.00');
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '500.00', frozen: '1500.00' });
  const order = await api<{ state: string; endReason: string }>(
    request,
    buyer.token,
    'get',
    `/api/otc/order/detail?id=${orderId}`,
  );
  expect(order).toMatchObject({ state: 'cancelled', endReason: 'expired' });
  for (const p of [merchant, buyer, watcher]) await p.ctx.close();
});
