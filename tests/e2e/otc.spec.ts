import type { Page } from '@playwright/test';
import type { OtcOrder } from '../../isomorphic/contract/otc.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import {
  adOf,
  api,
  MERCHANT,
  noticeSays,
  open,
  operatorSignIn,
  OTC,
  person,
  PNG,
  SHOTS,
  takeAdOf,
  usdt,
  type Person,
} from './otc-support.ts';

/**
 * OTC in Chromium with a browser context per person (merchant, buyer, seller) and the operator through the API the
 * console uses: an application approved, a sell ad posted and bought (paid, released), a buy ad sold to, a cancelled
 * order, an appeal ruled by the operator. Notifications arrive live over the STOMP refresh topics; balances are read
 * after every money step. Then every OTC page is shot in English and Chinese (tests/.artifacts/screens/otc-*.png).
 */
const en = loadDictionary('en');

test.describe.configure({ mode: 'serial' });
// The page tests below go on with the journey's people, in their browsers.
test.use({ keepContexts: true });

const people: Record<'merchant' | 'buyer' | 'seller', Person> = {} as never;
let ops = '';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/otc-${name}.png`, fullPage: true });
}

const state = (page: Page) => page.getByTestId('otc-order-state');

test('a merchant applies and is approved, sells to a buyer, buys from a seller; an order is cancelled and an appeal ruled, with live notifications and balances after every step', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  ops = await operatorSignIn(request);
  people.merchant = await person(browser, request, ops, 'mer', 'Mei Chen', 'M1234567', '6000', OTC);
  people.buyer = await person(browser, request, ops, 'buy', 'Bo Yang', 'B1234567', '0', OTC);
  people.seller = await person(browser, request, ops, 'sel', 'Sam Lee', 'S1234567', '300', OTC);
  const { merchant, buyer, seller } = people;

  // Apply: the merchant centre shows the way in, the requirements met, and the deposit held once applied.
  await open(merchant.page, '/merchant/index');
  await expect(merchant.page.getByTestId('merchant-state')).toHaveText(en['otc.apply.state.none']!);
  await shot(merchant.page, 'apply-en');
  await merchant.page.getByTestId('merchant-apply').click();
  await expect(merchant.page.getByTestId('merchant-state')).toHaveText(en['otc.apply.state.pending']!);
  expect(await usdt(request, merchant, OTC)).toEqual({ available: '5000.00', frozen: '1000.00' });

  // The operator approves: the merchant's page turns into the merchant centre live (refresh topic, then user info).
  await api(request, ops, 'post', '/api/admin/otc/merchant/review', {
    userId: merchant.id,
    approve: true,
    note: 'welcome',
  });
  await expect(merchant.page.getByTestId('merchant-ads')).toBeVisible({ timeout: 15_000 });
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '0.00', frozen: '1000.00' });
  await api(request, merchant.token, 'post', '/api/asset/transferFunds', {
    coin: 'USDT',
    from: OTC,
    to: MERCHANT,
    amount: '3000',
  });

  // A sell ad through the dialog: refused while malformed, posted when right; its coins are held.
  await merchant.page.getByTestId('otc-post-ad').click();
  const ad = merchant.page.getByTestId('otc-ad-dialog');
  await ad.locator('input[name="price"]').fill('7.25');
  await ad.locator('input[name="total"]').fill('1000');
  await ad.locator('input[name="minFiat"]').fill('600');
  await ad.locator('input[name="maxFiat"]').fill('500');
  await ad.locator('textarea[name="terms"]').fill('Pay from an account in your own name. <b>no markup</b>');
  await ad.locator('button[type="submit"]').click();
  await expect(ad.getByText(en['error.otcLimitsInvalid']!)).toBeVisible();
  await expect(ad.getByText(en['error.otcPaymentRequired']!)).toBeVisible();
  await ad.locator('input[name="minFiat"]').fill('100');
  await ad.locator('input[name="maxFiat"]').fill('5000');
  await ad.locator('input[name="payments"]').first().check();
  await shot(merchant.page, 'ad-dialog-en');
  await ad.locator('button[type="submit"]').click();
  await expect(ad).toBeHidden();
  await expect(merchant.page.getByTestId('merchant-ads').locator('tbody tr')).toHaveCount(1);
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '2000.00', frozen: '2000.00' });

  // The buyer buys 100 USDT for 725 CNY: the amounts are linked, a take outside the limits is refused first.
  await open(buyer.page, '/otc/common?side=buy&coin=USDT&fiat=CNY');
  await expect(buyer.page.getByTestId('otc-ads')).toContainText(merchant.name);
  await expect(buyer.page.getByTestId('otc-ads')).toContainText('7.25');
  await shot(buyer.page, 'market-en');
  await adOf(buyer.page, merchant).getByRole('button').click();
  const take = buyer.page.getByTestId('otc-take-dialog');
  await take.locator('input[name="fiat"]').fill('50');
  await take.locator('button[type="submit"]').click();
  await expect(take.getByRole('alert')).toHaveText('An order on this ad is between 100.00 and 5000.00 CNY');
  await take.locator('input[name="coin"]').fill('100');
  await expect(take.locator('input[name="fiat"]')).toHaveValue('725.00');
  await expect(take.getByText('Pay from an account in your own name. <b>no markup</b>')).toBeVisible();
  await shot(buyer.page, 'take-en');
  await take.locator('button[type="submit"]').click();
  await expect(buyer.page).toHaveURL(/\/otc\/order\?id=\d+$/);
  await hydrated(buyer.page);
  const first = Number(new URL(buyer.page.url()).searchParams.get('id'));
  await expect(state(buyer.page)).toHaveText(en['otc.state.created']!);
  await expect(buyer.page.getByTestId('otc-countdown')).toHaveText(/^1[45]:\d\d$/);
  await expect(buyer.page.getByTestId('otc-payments')).toContainText('mer@pay.example');
  await shot(buyer.page, 'order-created-en');

  // The merchant hears of the new order at once, wherever they are; the order's chat carries lines both ways, live.
  await noticeSays(merchant.page, 'New order');
  await open(merchant.page, `/otc/order?id=${first}`);
  await buyer.page.getByTestId('otc-chat').locator('textarea[name="chat"]').fill('Paying now by Alipay. <i>plain</i>');
  await buyer.page.getByTestId('otc-chat').locator('textarea[name="chat"]').press('Enter');
  await expect(merchant.page.getByTestId('otc-chat')).toContainText('Paying now by Alipay. <i>plain</i>', {
    timeout: 15_000,
  });
  await shot(merchant.page, 'order-chat-en');
  await buyer.page.getByTestId('otc-action-paid').click();
  await buyer.page.getByTestId('otc-paid-dialog').locator('button[type="submit"]').click();
  await expect(state(buyer.page)).toHaveText(en['otc.state.paid']!);
  await noticeSays(merchant.page, 'the buyer has paid');
  await shot(merchant.page, 'notices-en');

  // The merchant follows the notice to the order and releases with the fund password (a wrong one is refused).
  await merchant.page.getByTestId('otc-notice').last().click();
  await expect(merchant.page).toHaveURL(new RegExp(`/merchant/deal\\?id=${first}$`));
  await hydrated(merchant.page);
  await shot(merchant.page, 'deals-en');
  await merchant.page.getByTestId('otc-focus-link').click();
  await hydrated(merchant.page);
  await expect(state(merchant.page)).toHaveText(en['otc.state.paid']!);
  await merchant.page.getByTestId('otc-action-release').click();
  const release = merchant.page.getByTestId('otc-release-dialog');
  await release.locator('input[name="fundPassword"]').fill('wrong123');
  await release.locator('button[type="submit"]').click();
  await expect(release.getByRole('alert')).toBeVisible();
  await release.locator('input[name="fundPassword"]').fill('fund123');
  await release.locator('button[type="submit"]').click();
  await expect(state(merchant.page)).toHaveText(en['otc.state.released']!);
  await expect(state(buyer.page)).toHaveText(en['otc.state.released']!, { timeout: 15_000 });
  await noticeSays(buyer.page, 'the coins were released');
  await shot(buyer.page, 'order-released-en');
  expect(await usdt(request, buyer, OTC)).toEqual({ available: '100.00', frozen: '0.00' });
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '2000.00', frozen: '1900.00' });

  // A buy ad: the seller sells it 100 USDT to their own Alipay; the merchant pays and the seller releases.
  await open(merchant.page, '/merchant/index');
  await merchant.page.getByTestId('otc-post-ad').click();
  await ad.locator('input[name="side"]').nth(1).check();
  // A floating price shows what it gives now (USDT's index is 1, times the CNY rate, plus 1.5%).
  await ad.locator('input[name="priceType"]').nth(1).check();
  await ad.locator('input[name="floatPct"]').fill('1.5');
  await expect(ad.getByTestId('otc-live-price')).toHaveText(/^Price now: \d+\.\d\d CNY$/);
  await ad.locator('input[name="priceType"]').nth(0).check();
  await ad.locator('input[name="price"]').fill('7.20');
  await ad.locator('input[name="total"]').fill('500');
  await ad.locator('input[name="minFiat"]').fill('50');
  await ad.locator('input[name="maxFiat"]').fill('2000');
  await ad.locator('input[name="payments"]').first().check();
  await ad.locator('button[type="submit"]').click();
  await expect(merchant.page.getByTestId('merchant-ads').locator('tbody tr')).toHaveCount(2);
  const sold = await takeAdOf(seller.page, merchant, 'sell', '720', true);
  await expect(state(seller.page)).toHaveText(en['otc.state.created']!);
  expect(await usdt(request, seller, OTC)).toEqual({ available: '200.00', frozen: '100.00' });
  await noticeSays(merchant.page, 'New order');
  await open(merchant.page, `/otc/order?id=${sold}`);
  await expect(merchant.page.getByTestId('otc-payments')).toContainText('sel@pay.example');
  await merchant.page.getByTestId('otc-action-paid').click();
  await merchant.page
    .getByTestId('otc-paid-dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'paid.png', mimeType: 'image/png', buffer: PNG });
  await merchant.page.getByTestId('otc-paid-dialog').locator('button[type="submit"]').click();
  await expect(state(seller.page)).toHaveText(en['otc.state.paid']!, { timeout: 15_000 });
  await noticeSays(seller.page, 'the buyer has paid');
  await seller.page.getByTestId('otc-action-release').click();
  await seller.page.getByTestId('otc-release-dialog').locator('input[name="fundPassword"]').fill('fund123');
  await seller.page.getByTestId('otc-release-dialog').locator('button[type="submit"]').click();
  await expect(state(seller.page)).toHaveText(en['otc.state.released']!);
  expect(await usdt(request, seller, OTC)).toEqual({ available: '200.00', frozen: '0.00' });
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '2100.00', frozen: '1900.00' });

  // Cancel: the escrow goes back to the ad.
  const cancelled = await takeAdOf(buyer.page, merchant, 'buy', '725');
  await buyer.page.getByTestId('otc-action-cancel').click();
  await buyer.page.locator('.confirm-dialog .btn--sell').click();
  await expect(state(buyer.page)).toHaveText(en['otc.state.cancelled']!);
  await noticeSays(merchant.page, `Order`);
  expect((await api<OtcOrder>(request, buyer.token, 'get', `/api/otc/order/detail?id=${cancelled}`)).endReason).toBe(
    'buyerCancelled',
  );
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '2100.00', frozen: '1900.00' });

  // An appeal after paying, ruled by the operator for the buyer: both sides see the ruling live.
  const appealed = await takeAdOf(buyer.page, merchant, 'buy', '725');
  await buyer.page.getByTestId('otc-action-paid').click();
  await buyer.page.getByTestId('otc-paid-dialog').locator('button[type="submit"]').click();
  await expect(state(buyer.page)).toHaveText(en['otc.state.paid']!);
  await buyer.page.getByTestId('otc-action-appeal').click();
  const appeal = buyer.page.getByTestId('otc-appeal-dialog');
  await appeal.locator('button[type="submit"]').click();
  await expect(appeal.getByRole('alert')).toHaveText(en['otc.appeal.reasonRequired']!);
  await appeal
    .locator('textarea[name="reason"]')
    .fill('I paid 725 CNY by Alipay; the seller does not answer. <script>x</script>');
  await appeal.locator('button[type="submit"]').click();
  await expect(state(buyer.page)).toHaveText(en['otc.state.appealed']!);
  await expect(buyer.page.getByTestId('otc-appeal')).toContainText('<script>x</script>');
  await noticeSays(merchant.page, 'was appealed');
  await shot(buyer.page, 'order-appealed-en');
  await api(request, ops, 'post', '/api/admin/otc/appeal/rule', {
    id: appealed,
    ruling: 'release',
    note: 'The payment arrived.',
  });
  await expect(buyer.page.getByTestId('otc-ruling')).toHaveText(en['otc.appeal.ruling.release']!, { timeout: 15_000 });
  await noticeSays(buyer.page, 'an operator has ruled');
  await noticeSays(merchant.page, 'an operator has ruled');
  await shot(buyer.page, 'order-ruled-en');
  expect(await usdt(request, buyer, OTC)).toEqual({ available: '200.00', frozen: '0.00' });
  expect(await usdt(request, merchant, MERCHANT)).toEqual({ available: '2100.00', frozen: '1800.00' });

  // The merchant edits the sell ad's price, hides it (gone from the market) and shows it again, and closes the buy ad.
  await open(merchant.page, '/merchant/index');
  const rows = merchant.page.getByTestId('merchant-ads').locator('tbody tr');
  const sellRow = rows.filter({ hasText: '7.25' });
  await sellRow.getByRole('button', { name: en['otc.ads.edit'] }).click();
  await expect(ad.locator('input[name="total"]')).toBeDisabled();
  await ad.locator('input[name="price"]').fill('7.30');
  await ad.locator('button[type="submit"]').click();
  await expect(rows.filter({ hasText: '7.30' })).toHaveCount(1);
  // The switch follows the server's answer, so it is clicked and then read.
  await rows.filter({ hasText: '7.30' }).getByRole('switch').click();
  await expect(rows.filter({ hasText: '7.30' }).getByRole('switch')).not.toBeChecked();
  await open(buyer.page, '/otc/common?side=buy&coin=USDT&fiat=CNY');
  // Other journeys' ads may be listed on this shared server: this merchant's is not.
  await expect(buyer.page.getByTestId('otc-ads')).toHaveAttribute('aria-busy', 'false');
  await expect(adOf(buyer.page, merchant)).toHaveCount(0);
  await rows.filter({ hasText: '7.30' }).getByRole('switch').click();
  await expect(rows.filter({ hasText: '7.30' }).getByRole('switch')).toBeChecked();
  await open(buyer.page, '/otc/common?side=buy&coin=USDT&fiat=CNY');
  await expect(buyer.page.getByTestId('otc-ads')).toContainText('7.30');
  await rows.filter({ hasText: '7.20' }).getByRole('button', { name: en['otc.ads.close'] }).click();
  await merchant.page.locator('.confirm-dialog .btn--sell').click();
  await expect(rows.filter({ hasText: '7.20' })).toContainText(en['otc.ads.closed']!);
});

test('every OTC page in English and Chinese', async () => {
  test.setTimeout(180_000);
  const { merchant, buyer } = people;
  // The journey's notices are clicked away here (they stay until clicked), so the pages show whole.
  for (const p of [merchant, buyer]) await p.page.evaluate(() => sessionStorage.removeItem('lumex:otcNotices'));
  for (const [prefix, lang] of [
    ['', 'en'],
    ['/zh-CN', 'zh-CN'],
  ] as const) {
    const d = loadDictionary(lang);
    await open(buyer.page, `${prefix}/otc/common?side=buy&coin=USDT&fiat=CNY`);
    await expect(buyer.page.getByRole('heading', { level: 1 })).toHaveText(d['otc.market.title']!);
    await shot(buyer.page, `market-${lang}`);
    await open(buyer.page, `${prefix}/otc/ordinary`);
    await buyer.page.getByRole('tab', { name: d['otc.orders.done'] }).click();
    await expect(buyer.page.getByTestId('otc-order-list').locator('tbody tr')).toHaveCount(3);
    await shot(buyer.page, `orders-${lang}`);
    await buyer.page.getByTestId('otc-order-list').locator('tbody tr a').first().click();
    await hydrated(buyer.page);
    await expect(state(buyer.page)).toBeVisible();
    await shot(buyer.page, `order-${lang}`);
    await open(merchant.page, `${prefix}/merchant/index`);
    await expect(merchant.page.getByTestId('merchant-ads').locator('tbody tr')).toHaveCount(2);
    await merchant.page.getByTestId('otc-post-ad').click();
    await shot(merchant.page, `ad-dialog-${lang}`);
    await merchant.page.getByTestId('otc-ad-dialog').getByRole('button', { name: d['otc.cancel'] }).click();
    await shot(merchant.page, `merchant-${lang}`);
    await open(merchant.page, `${prefix}/merchant/deal`);
    await shot(merchant.page, `deals-${lang}`);
    await open(merchant.page, `${prefix}/account/center?tab=merchant`);
    await expect(merchant.page.getByTestId('merchant-state')).toHaveText(d['otc.apply.state.approved']!);
    await shot(merchant.page, `account-merchant-${lang}`);
    await open(buyer.page, `${prefix}/merchant/index`);
    await expect(buyer.page.getByTestId('merchant-state')).toHaveText(d['otc.apply.state.none']!);
    await shot(buyer.page, `apply-${lang}`);
  }
  for (const p of Object.values(people)) await p.ctx.close();
});
