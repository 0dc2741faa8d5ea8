import type { Page } from '@playwright/test';
import { arrivedAt, expect, hydrated, test } from './fixtures.ts';
import { codeSentTo, createAccount, loginThroughUi, stored, uniqueName, signIn, signInOperator } from './support.ts';
import { enterOperatorAddress } from './manual-addresses.ts';

/** What a newcomer tripped over on a default install, page by page. */
const SHOTS = 'tests/.artifacts/screens';
const LONG_PASSWORD = 'abcdef1234567890abcdefg'; // 23 characters, over the requirements' 20

test.describe('password reset for an account without e-mail', () => {
  for (const [prefix, lang, words] of [
    ['', 'en', 'contact customer service'],
    ['/ja', 'ja', 'カスタマーサービス'],
  ] as const) {
    test(`the reset page says what to do, in ${lang}`, async ({ page }) => {
      await page.goto(`${prefix}/user/reset`);
      const note = page.getByTestId('reset-username-note');
      await expect(note).toContainText(words);
      await expect(note.getByRole('button')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/reset-note-${lang}.png`, fullPage: true });
    });
  }
});

test('without a mail transport the site says where the code went, and the operator reads it in the Outbox', async ({
  page,
  browser,
}) => {
  const email = `${uniqueName('outbox')}@example.com`.toLowerCase();
  await page.goto('/user/register');
  await page.locator('[role="tab"]').nth(1).click();
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.locator('.toast')).toContainText(`the code for ${email} is waiting in the operator's outbox`);
  await expect(page.locator('.toast')).not.toContainText('has been sent');
  const code = await codeSentTo(email);

  for (const [prefix, lang, tab] of [
    ['', 'en', 'Outbox'],
    ['/de', 'de', 'Postausgang'],
  ] as const) {
    const ops = await (await browser.newContext()).newPage();
    await signInOperator(ops, prefix);
    await ops.goto(`${prefix}/admin`);
    await hydrated(ops);
    await ops.getByRole('tab', { name: tab }).click();
    const row = ops.getByTestId('admin-outbox').locator('tbody tr', { hasText: email });
    await expect(row).toContainText(email);
    await expect(row).toContainText(code);
    await expect(ops.locator('.admin-panel [role="note"]')).toContainText('SMTP_URL');
    await ops.screenshot({ path: `${SHOTS}/admin-outbox-${lang}.png`, fullPage: true });
    await ops.context().close();
  }
});

test.describe('passwords over 20 characters are refused with the required message, never cut', () => {
  const message = 'The password must be 6–20 characters';

  test('on register and reset', async ({ page }) => {
    await page.goto('/user/register');
    await page.locator('input[name="username"]').fill(uniqueName('long'));
    await page.locator('input[name="password"]').fill(LONG_PASSWORD);
    await expect(page.locator('input[name="password"]')).toHaveValue(LONG_PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(LONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.locator('.field__error')).toContainText(message);
    await expect(page).toHaveURL(/\/user\/register$/);

    await page.goto('/user/reset');
    await page.locator('input[name="email"]').fill('someone@example.com');
    await page.locator('input[name="code"]').fill('123456');
    await page.locator('input[name="password"]').fill(LONG_PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(LONG_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field__error')).toContainText(message);
  });

  test('on the login-password and fund-password forms', async ({ page, request }) => {
    const name = uniqueName('longpw');
    await createAccount(request, name);
    await signIn(page, '', { username: name });
    for (const key of ['loginPwd', 'tardPwd']) {
      await page.goto(`/user/index?key=${key}`);
      const form = page.locator('form.stack-form');
      await form.locator('input').nth(0).fill('abc123');
      await form.locator('input[name="password"]').fill(LONG_PASSWORD);
      await form.locator('input[name="confirmPassword"]').fill(LONG_PASSWORD);
      await form.locator('button[type="submit"]').click();
      await expect(form.locator('.field__error')).toContainText(message);
    }
  });
});

test.describe('success messages survive the page change', () => {
  for (const [prefix, lang, registered, loggedOut] of [
    ['', 'en', 'Registration successful, please log in', 'You have logged out'],
    ['/de', 'de', 'Registrierung erfolgreich, bitte melden Sie sich an', 'Sie haben sich abgemeldet'],
  ] as const) {
    test(`register, then log out, in ${lang}`, async ({ page }) => {
      const name = uniqueName('flash');
      await page.goto(`${prefix}/user/register`);
      await page.locator('input[name="username"]').fill(name);
      await page.locator('input[name="password"]').fill('abc123');
      await page.locator('input[name="confirmPassword"]').fill('abc123');
      await page.locator('form button[type="submit"]').click();
      await arrivedAt(page, new RegExp(`${prefix}/user/login\\?type=account$`));
      await expect(page.locator('.toast--success')).toHaveText(registered);
      await page.screenshot({ path: `${SHOTS}/flash-registered-${lang}.png` });

      await loginThroughUi(page, prefix, name);
      // Log out from another page than home, so that arriving home is the page change.
      await page.goto(`${prefix}/user/index?key=all`);
      const header = page.locator('header.topbar');
      await header.locator('.avatar').click();
      await header.locator('.menu__action').click();
      await arrivedAt(page, new RegExp(`${prefix}/home/index$`));
      await expect(page.locator('.toast--success')).toHaveText(loggedOut);
      // Logout removes the stored keys (docs/requirements.md §4) rather than leaving them empty.
      expect(await stored(page, 'token')).toBeUndefined();
      expect(await stored(page, 'refreshToken')).toBeUndefined();
      expect(await stored(page, 'session')).toBeUndefined();
    });
  }
});

test('the operator console: the rejection reason is readable and the audit log shows decimal amounts with their coin', async ({
  page,
  browser,
  request,
}) => {
  const name = uniqueName('audit');
  await enterOperatorAddress(request, 'USDT', 'TRC20');
  await createAccount(request, name);
  const login = await request.post('/api/user/login', {
    data: { type: 'account', username: name, password: 'abc123' },
  });
  const token = (await login.json()).data.token as string;
  const upload = await request.post('/api/common/upload/OSS', {
    headers: { authorization: token },
    multipart: {
      file: {
        name: 'pay.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      },
    },
  });
  const shot = (await upload.json()).data.id as string;
  const deposit = await request.post('/api/recharge/submit', {
    headers: { authorization: token },
    data: { coin: 'USDT', network: 'TRC20', amount: '1234.5', screenshot: shot },
  });
  expect((await deposit.json()).code).toBe(200);

  const row = (ops: Page) => ops.getByTestId('admin-recharges').locator('tr', { hasText: name });
  const consoles: Array<[Page, string, string]> = [];
  for (const [prefix, lang] of [
    ['', 'en'],
    ['/de', 'de'],
  ] as const) {
    const ops = await (await browser.newContext()).newPage();
    await signInOperator(ops, prefix);
    await ops.goto(`${prefix}/admin`);
    await hydrated(ops);
    const reason = row(ops).locator('input');
    await expect(reason).toBeVisible();
    // The placeholder fits its box in every language.
    const fits = await reason.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ctx.measureText(input.placeholder).width <= room;
    });
    expect(fits, `placeholder cut in ${lang}`).toBe(true);
    // …and the box itself is not cut off by the panel's edge.
    const [box, panel] = await Promise.all([
      reason.boundingBox(),
      ops.locator('.admin-panel .wallet-scroll').boundingBox(),
    ]);
    expect(box!.x + box!.width, `reason box cut in ${lang}`).toBeLessThanOrEqual(panel!.x + panel!.width);
    await ops.screenshot({ path: `${SHOTS}/admin-reason-${lang}.png`, fullPage: true });
    consoles.push([ops, lang, lang === 'en' ? 'Audit log' : 'Prüfprotokoll']);
  }

  const [en] = consoles[0]!;
  await row(en).locator('input').fill('Blurry screenshot');
  await row(en).getByRole('button', { name: 'Reject' }).click();
  await expect(en.locator('.toast--success')).toBeVisible();
  for (const [ops, lang, auditTab] of consoles) {
    await ops.getByRole('tab', { name: auditTab }).click();
    // Other journeys write audit lines on the same server at the same time: pick this test's line by its reason.
    const line = ops.getByTestId('admin-audit').locator('tbody tr', { hasText: 'Blurry screenshot' });
    await expect(line).toContainText('1,234.5 USDT');
    await expect(line).not.toContainText('123450000000');
    await expect(line).not.toContainText('{');
    await ops.screenshot({ path: `${SHOTS}/admin-audit-${lang}.png`, fullPage: true });
    await ops.context().close();
  }
});

test('logging in also shows its success message on the page it leads to', async ({ page, request }) => {
  const name = uniqueName('flashin');
  await createAccount(request, name);
  await page.goto('/user/login');
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill('abc123');
  await page.locator('form button[type="submit"]').click();
  await arrivedAt(page, /\/home\/index$/);
  await expect(page.locator('.toast--success')).toBeVisible();
});
