import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { arrivedAt, expect, hydrated, test } from './fixtures.ts';
import { codeSentTo, createAccount, loginThroughUi, stored, uniqueName, signIn } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

/**
 * The code an authenticator app shows, `stepsBack` 30-second steps ago. The server takes the current step and the
 * one before; near the end of a step this waits for the next one, so the code is still good when it arrives.
 */
async function authenticatorCode(secret: string, stepsBack = 0): Promise<string> {
  const inStep = Date.now() % 30_000;
  if (inStep > 25_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - inStep + 250));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 * stepsBack });
}

async function logOut(page: Page): Promise<void> {
  const header = page.locator('header.topbar');
  await header.locator('.avatar').click();
  await header.getByRole('button', { name: 'Log out' }).click();
  await arrivedAt(page, /\/home\/index$/);
}

test('a username account binds an e-mail address and resets its password by it', async ({ page, request }) => {
  const name = uniqueName('bindmail');
  const email = `${name}@example.com`.toLowerCase();
  await createAccount(request, name);
  await signIn(page, '', { username: name });

  await page.goto('/account/center?tab=security');
  const row = page.getByTestId('security-email');
  await expect(row).toContainText('Not bound');
  await row.getByRole('link', { name: 'Bind' }).click();
  await arrivedAt(page, /\/account\/center\/setting\/email$/);
  await expect(page.locator('.side-tabs')).toHaveCount(0);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.locator('input[name="code"]').fill(await codeSentTo(email));
  await page.screenshot({ path: `${SHOTS}/setting-email-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Bind', exact: true }).click();

  await arrivedAt(page, /\/account\/center\?tab=security$/);
  await expect(page.getByTestId('security-email')).toContainText(`${email.slice(0, 2)}****${email.slice(-2)}`);
  await expect(page.getByTestId('withdraw-pause')).toContainText('a new e-mail address or phone number was bound');

  const before = String(await stored(page, 'token'));
  await page.goto('/user/reset');
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeVisible();
  await page.locator('input[name="code"]').fill(await codeSentTo(email));
  await page.locator('input[name="password"]').fill('renewed7');
  await page.locator('input[name="confirmPassword"]').fill('renewed7');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await arrivedAt(page, /\/user\/login\?type=email$/);
  // The reset ended every session of the account, the one it was asked from included.
  expect((await request.post('/api/user/getInfo', { headers: { authorization: before } })).status()).toBe(401);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('renewed7');
  await page.locator('form button[type="submit"]').click();
  await arrivedAt(page, /\/home\/index$/);
  await page.goto('/account/center?tab=security');
  await expect(page.getByTestId('withdraw-pause')).toContainText('the login password was reset');
});

test('the authenticator is bound with a code computed here, then asked for at login', async ({ page, request }) => {
  const name = uniqueName('totp');
  await createAccount(request, name);
  await signIn(page, '', { username: name });

  await page.goto('/account/center?tab=security');
  await page.getByTestId('security-google').getByRole('link', { name: 'Bind' }).click();
  await arrivedAt(page, /\/account\/center\/setting\/google$/);
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('google-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: `${SHOTS}/setting-google-en.png`, fullPage: true });
  // The previous step's code: the login below then needs a newer one, as each code works once.
  await page.locator('input[name="googleCode"]').fill(await authenticatorCode(secret, 1));
  await page.locator('input[name="loginPassword"]').fill('abc123');
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await arrivedAt(page, /\/account\/center\?tab=security$/);
  await expect(page.getByTestId('security-google')).toContainText('Bound');

  await logOut(page);
  await page.goto('/user/login');
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill('abc123');
  await page.locator('form button[type="submit"]').click();
  const codeField = page.locator('input[name="googleCode"]');
  await expect(codeField).toBeVisible();
  await expect(page.locator('.toast--error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/login$/);
  await page.screenshot({ path: `${SHOTS}/login-google-step-en.png`, fullPage: true });
  await codeField.fill('000000' === (await authenticatorCode(secret)) ? '111111' : '000000');
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.toast')).toContainText('The authenticator code is incorrect');
  await codeField.fill(await authenticatorCode(secret));
  await page.locator('form button[type="submit"]').click();
  await arrivedAt(page, /\/home\/index$/);

  await page.goto('/account/center?tab=device-management');
  const log = page.getByTestId('login-log');
  await expect(log.locator('tbody tr').first()).toContainText('Logged in');
  await expect(log.locator('tbody tr').nth(1)).toContainText('Wrong authenticator code');
});

test('signing a device out ends its session at once', async ({ page, browser, request }) => {
  const name = uniqueName('devices');
  await createAccount(request, name);
  const other = await (await browser.newContext()).newPage();
  await loginThroughUi(other, '', name);
  await loginThroughUi(page, '', name);

  await page.goto('/account/center?tab=device-management');
  const rows = page.getByTestId('devices').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/devices-en.png`, fullPage: true });

  const target = rows.filter({ hasNotText: 'This device' }).first();
  await target.getByRole('button', { name: 'Rename' }).click();
  await target.getByRole('textbox').fill('Other browser');
  await target.getByRole('button', { name: 'Save' }).click();
  const named = rows.filter({ hasText: 'Other browser' });
  await expect(named).toHaveCount(1);
  const otherToken = await stored(other, 'token');
  await named.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');

  // The other browser's token no longer works: its next call is a 401, and the site logs it out.
  const res = await request.post('/api/user/getInfo', { headers: { authorization: String(otherToken) } });
  expect(res.status()).toBe(401);
  await other.goto('/account/center?tab=security');
  await hydrated(other);
  await expect.poll(() => stored(other, 'token')).toBeUndefined();
  await expect(other.locator('header').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
});

test.describe('the security and device tabs in German', () => {
  test('read in German, with the setting pages', async ({ page, request }) => {
    const name = uniqueName('sicher');
    await createAccount(request, name);
    await signIn(page, '/de', { username: name });
    await page.goto('/de/account/center?tab=security');
    await expect(page.locator('.account-centre h1')).toHaveText('Sicherheit');
    await expect(page.getByTestId('security-email')).toContainText('Nicht verknüpft');
    await expect(page.getByTestId('whitelist')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/security-de.png`, fullPage: true });
    await page.goto('/de/account/center?tab=device-management');
    await expect(page.getByTestId('devices')).toContainText('Dieses Gerät');
    await page.screenshot({ path: `${SHOTS}/devices-de.png`, fullPage: true });
    await page.goto('/de/account/center/setting/anti-code');
    await page.screenshot({ path: `${SHOTS}/setting-anti-code-de.png`, fullPage: true });
    await page.goto('/account/center?tab=security');
    await page.screenshot({ path: `${SHOTS}/security-en.png`, fullPage: true });
  });
});
