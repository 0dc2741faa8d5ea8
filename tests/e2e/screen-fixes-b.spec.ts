import type { Page } from '@playwright/test';
import { arrivedAt, expect, test } from './fixtures.ts';
import { createAccount, signIn, uniqueName } from './support.ts';
import { enterOperatorAddress } from './manual-addresses.ts';

/**
 * Issue 30's screens: no hydration error on the account centre, the OTC market and the main pages; invite links in
 * their language; the way home from login and registration; the deposit form's image picker and QR code; detail
 * pages opened without an id; the requirements' contract type names.
 */
const SHOTS = 'tests/.artifacts/screens';
const PHONE = { width: 390, height: 844 };
/** A 1×1 PNG, the payment screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The page's hydration failures from now on: React's #418/#423/#425 and their development-build wording. */
function hydrationErrors(page: Page): string[] {
  const seen: string[] = [];
  const note = (text: string) => {
    if (/#41[89]|#42[235]|hydrat/i.test(text)) seen.push(`${page.url()}: ${text.slice(0, 200)}`);
  };
  page.on('pageerror', (e) => note(e.message));
  page.on('console', (m) => m.type() === 'error' && note(m.text()));
  return seen;
}

/** Both widths of the page as it is: `${name}-1366.png` and `${name}-390.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

const ACCOUNT_TABS = ['info', 'security', 'device-management', 'kyc', 'bank-card', 'payment', 'api', 'agent'];
const MAIN_PAGES = [
  '/home/index',
  '/quotes/index',
  '/trade/index',
  '/account/wallet',
  '/assets/index?key=overview',
  '/account/entrust',
  '/pledge/index',
  '/finance/investment',
  '/defis/index',
  '/loan/index',
  '/merchant/index',
  '/otc/ordinary',
  '/user/index',
];

test('the account centre, the OTC market and the main pages hydrate without an error, signed in or out', async ({
  page,
  request,
}) => {
  const errors = hydrationErrors(page);
  for (const path of ['/otc/common', '/zh-CN/otc/common', '/account/center', '/home/index']) await page.goto(path);
  const name = uniqueName('hydrate');
  await createAccount(request, name);
  await signIn(page, '', { username: name });
  for (const tab of ACCOUNT_TABS) {
    await page.goto(`/account/center?tab=${tab}`);
    await expect(page.locator('.account-centre .panel h1')).toBeVisible();
    await expect(page.locator('.account-centre .panel a[href*="/user/login"]')).toHaveCount(0);
  }
  await page.goto('/de/account/center?tab=security');
  for (const path of ['/otc/common', '/de/otc/common', ...MAIN_PAGES]) await page.goto(path);
  expect(errors).toEqual([]);
});

test('an invite link keeps its language and code; login and registration lead home by the logo', async ({ page }) => {
  const errors = hydrationErrors(page);
  for (const [prefix, lang] of [
    ['/zh-CN', 'zh-CN'],
    ['/de', 'de'],
  ] as const) {
    await page.goto(`${prefix}/i&K7QX2MPA`);
    await arrivedAt(page, new RegExp(`${prefix}/user/register\\?invite_code=K7QX2MPA$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('input[name="inviteCode"]')).toHaveValue('K7QX2MPA');
  }
  await shoot(page, 'register-de');
  await page.getByRole('link', { name: 'Startseite von Lumex' }).click();
  await arrivedAt(page, /\/de\/home\/index$/);

  await page.goto('/user/login');
  await shoot(page, 'login-en');
  await page.getByRole('link', { name: 'Lumex home page' }).click();
  await arrivedAt(page, /127\.0\.0\.1:\d+\/home\/index$/);
  expect(errors).toEqual([]);
});

test('the deposit form: QR code, a styled image picker, and a clean form after each deposit', async ({
  page,
  request,
}) => {
  await enterOperatorAddress(request, 'USDT', 'TRC20');
  const name = uniqueName('deposit');
  await createAccount(request, name);
  await signIn(page, '', { username: name });
  await page.goto('/assets/index?key=recharge');
  const form = page.getByTestId('manual-deposit');
  await expect(form.getByTestId('deposit-qr')).toBeVisible();
  const input = form.getByLabel('Payment screenshot');
  const chosen = form.getByTestId('screenshot-name');
  await expect(chosen).toHaveText('No image chosen');

  // The hidden input is in the tab order, and its label is drawn as the focused button.
  await form.locator('input[name="amount"]').focus();
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await expect(form.locator('.image-picker__button')).toHaveCSS('outline-style', 'solid');

  // A file that is not an image is named and leaves nothing chosen.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.locator('.field__error')).toHaveText('Only images can be uploaded (PNG, JPEG, WEBP or GIF)');
  await expect(chosen).toHaveText('No image chosen');
  await expect(input).toHaveJSProperty('value', '');

  for (const amount of ['25', '30']) {
    await form.locator('input[name="amount"]').fill(amount);
    // The same file each time: the input was emptied, so picking it again is a change.
    await input.setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
    await expect(chosen).toHaveText('payment.png');
    await expect(form.getByRole('img', { name: 'Payment screenshot' })).toBeVisible();
    if (amount === '25') await shoot(page, 'deposit-picked-en');
    await form.getByRole('button', { name: 'Submit deposit' }).click();
    const toast = page.locator('.toast--success', { hasText: 'Submitted successfully, awaiting review' });
    await expect(toast).toBeVisible();
    await toast.click();
    await expect(toast).toHaveCount(0);
    await expect(chosen).toHaveText('No image chosen');
    await expect(input).toHaveJSProperty('value', '');
    await expect(form.locator('input[name="amount"]')).toHaveValue('');
    await expect(form.locator('.field__error')).toHaveCount(0);
  }
  await expect(page.getByTestId('records-deposits').locator('tbody tr')).toHaveCount(2);

  await page.goto('/zh-CN/assets/index?key=recharge');
  await expect(page.getByTestId('screenshot-name')).toHaveText('未选择图片');
  await shoot(page, 'deposit-zh-CN');
});

test('detail pages without an id say what to pick and link to the list; the u contract type opens', async ({
  page,
}) => {
  for (const [path, text, list] of [
    ['/defis/details', 'Choose a mining pool from the list', '/defis/index'],
    ['/pledge/add', 'Choose a staking product from the list', '/pledge/index'],
    ['/finance/detail', 'Choose a finance product from the list', '/finance/investment'],
    ['/otc/order', 'This page shows one OTC order', '/otc/ordinary'],
  ] as const) {
    await page.goto(path);
    const state = page.getByTestId('missing-id');
    await expect(state.getByRole('heading', { name: 'Nothing chosen yet' })).toBeVisible();
    await expect(state).toContainText(text);
    await expect(state.getByRole('link')).toHaveAttribute('href', list);
  }
  await page.goto('/de/pledge/add');
  await expect(page.getByTestId('missing-id')).toContainText('Noch nichts ausgewählt');
  await expect(page.getByTestId('missing-id').getByRole('link')).toHaveAttribute('href', '/de/pledge/index');
  await shoot(page, 'missing-id-de');
  await page.getByTestId('missing-id').getByRole('link').click();
  await arrivedAt(page, /\/de\/pledge\/index$/);
  // An id that cannot be one still says no such record exists.
  await page.goto('/defis/details?id=abc');
  await expect(page.getByRole('alert')).toHaveText('This mining pool does not exist.');

  await page.goto('/exchange/full-contract/u');
  await expect(page.getByTestId('perp-screen')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/exchange\/full-contract\/usdt$/);
  await page.goto('/exchange/full-contract/coin');
  await expect(page.getByTestId('perp-screen')).toBeVisible();
});

test("the trade screen's header shows the pair's last price before any script runs, and hydrates over it", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const list = await (await request.post('/api/common/getCoinList', { data: {} })).json();
  const btc = list.data.currencyList.find((m: { symbol: string }) => m.symbol === 'btcusdt');
  const near = (shown: string | null) => Math.abs(Number(shown?.replaceAll(',', '')) / Number(btc.close) - 1);
  // Without JavaScript: what the server sent is all there is (the price may have moved since the list was read).
  const still = await (await browser.newContext({ baseURL, javaScriptEnabled: false })).newPage();
  for (const [prefix, change] of [
    ['', '24h change'],
    ['/zh-CN', '24h涨跌幅'],
  ]) {
    await still.goto(`${prefix}/trade/index?type=spot&symbol=btcusdt`);
    await expect(still.locator('.ticker-bar__pair')).toHaveText('BTC/USDT');
    expect(near(await still.locator('.ticker-bar__price').textContent())).toBeLessThan(0.05);
    await expect(still.locator('.ticker-bar__stats dt').first()).toHaveText(change);
    await expect(still.locator('.ticker-bar__stats dd').nth(1)).not.toHaveText('--');
  }
  // With it: the island takes over that header without a hydration error, and the live bar replaces it.
  const errors = hydrationErrors(page);
  for (const prefix of ['', '/zh-CN']) {
    await page.goto(`${prefix}/trade/index?type=spot&symbol=btcusdt`);
    await expect(page.getByTestId('last-price')).toBeVisible();
    await expect(page.locator('.ticker-bar--served')).toHaveCount(0);
    expect(near(await page.getByTestId('last-price').textContent())).toBeLessThan(0.05);
  }
  expect(errors).toEqual([]);
});
