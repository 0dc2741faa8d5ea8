import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import {
  createAccount,
  setFundPassword,
  signIn,
  signInOperator,
  tablesWiderThanTheirBox,
  uniqueName,
} from './support.ts';
import { enterOperatorAddress } from './manual-addresses.ts';

/** A 1×1 PNG, the "payment screenshot". */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SHOTS = 'tests/.artifacts/screens';

async function openAssets(page: Page, key: string, prefix = '') {
  await page.goto(`${prefix}/assets/index?key=${key}`);
  await hydrated(page);
}

test('deposit, review, transfer, swap, withdraw and bills, end to end with the operator console', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = uniqueName('wallet');
  // TRC20 has no key of the platform's here: the operator enters the address the user pays to.
  const address = await enterOperatorAddress(request, 'USDT', 'TRC20');
  await createAccount(request, name);
  await setFundPassword(request, name, 'fund123');
  const user = await (await browser.newContext()).newPage();
  const ops = await (await browser.newContext()).newPage();
  await signIn(user, '', { username: name });
  await signInOperator(ops);

  // 1. The user submits a deposit with its payment screenshot.
  await openAssets(user, 'recharge');
  await expect(user.getByTestId('deposit-address')).toHaveText(address);
  await user.locator('input[name="amount"]').fill('1000');
  await user.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(user.locator('.field__error', { hasText: 'Please upload the payment screenshot' })).toBeVisible();
  await user
    .locator('input[name="screenshot"]')
    .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: PNG });
  await user.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(user.locator('.toast--success', { hasText: 'Submitted successfully, awaiting review' })).toBeVisible();
  await expect(user.getByTestId('records-deposits')).toContainText('Under review');
  await user.screenshot({ path: `${SHOTS}/wallet-deposit-en.png`, fullPage: true });

  // 2. The operator sees it in the queue with the screenshot and approves it.
  await ops.goto('/admin');
  await hydrated(ops);
  const depositRow = ops.getByTestId('admin-recharges').locator('tr', { hasText: name });
  await expect(depositRow).toContainText('1,000.00000000');
  await depositRow.getByRole('button', { name: 'View screenshot' }).click();
  await expect(ops.getByTestId('admin-screenshot')).toBeVisible();
  await ops.screenshot({ path: `${SHOTS}/wallet-admin-en.png`, fullPage: true });
  await depositRow.getByRole('button', { name: 'Approve' }).click();
  await expect(ops.locator('.toast--success', { hasText: 'Approved' })).toBeVisible();

  // 3. The user sees the balance.
  await openAssets(user, 'overview');
  await expect(user.getByTestId('total-value')).toContainText('1,000.00');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('1,000.00');

  // 4. Transfers part of it to the contract account.
  await openAssets(user, 'transfer');
  await user.locator('select[name="to"]').selectOption('2');
  await user.locator('input[name="amount"]').fill('100');
  await user.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(user.locator('.toast--success', { hasText: 'Transfer complete' })).toBeVisible();
  await expect(user.getByTestId('records-transfers')).toContainText('Contract account');

  // 5. Swaps USDT for BTC at the quoted price, the fee shown before.
  await openAssets(user, 'swap');
  await user.locator('select[name="to"]').selectOption('BTC');
  await user.locator('input[name="amount"]').fill('96.5');
  await expect(user.getByTestId('swap-receive')).toHaveText('0.000998 BTC');
  await expect(user.getByTestId('swap-fee')).toHaveText('0.000002 BTC');
  await user.screenshot({ path: `${SHOTS}/wallet-swap-en.png`, fullPage: true });
  await user.getByRole('button', { name: 'Swap now' }).click();
  await expect(user.locator('.toast--success', { hasText: 'Swap complete' })).toBeVisible();

  // 6. Withdraws with the fund password: a wrong one is refused, then two requests go to review.
  await openAssets(user, 'withdraw');
  await user.locator('input[name="address"]').fill('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  await user.locator('input[name="amount"]').fill('50');
  await expect(user.getByTestId('withdraw-fee')).toHaveText('1.00 USDT');
  await expect(user.getByTestId('withdraw-total')).toHaveText('51.00 USDT');
  await user.locator('input[name="fundPassword"]').fill('wrong123');
  await user.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(user.locator('.toast--error', { hasText: 'The fund password is incorrect' })).toBeVisible();
  await user.locator('input[name="fundPassword"]').fill('fund123');
  await user.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(user.locator('.toast--success', { hasText: 'awaiting review' })).toBeVisible();
  await expect(user.getByTestId('withdraw-available')).toHaveText('752.50 USDT');
  await user.locator('select[name="method"]').selectOption('bank');
  await user.locator('input[name="address"]').fill('6222 0000 1111 2222');
  await user.locator('input[name="amount"]').fill('20');
  await user.locator('input[name="fundPassword"]').fill('fund123');
  await user.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(user.getByTestId('records-withdrawals').locator('tbody tr')).toHaveCount(2);
  await user.screenshot({ path: `${SHOTS}/wallet-withdraw-en.png`, fullPage: true });

  // 7. The operator rejects the bank-card withdrawal (funds come back) and approves the other.
  await ops.goto('/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Withdrawals' }).click();
  const bankRow = ops.getByTestId('admin-withdrawals').locator('tr', { hasText: '6222 0000 1111 2222' });
  await bankRow.getByRole('button', { name: 'Reject' }).click();
  await expect(ops.locator('.toast--error', { hasText: 'Please give a reason for the rejection' })).toBeVisible();
  await bankRow.getByLabel('Reason for rejection').fill('Card holder does not match');
  await bankRow.getByRole('button', { name: 'Reject' }).click();
  await expect(ops.locator('.toast--success', { hasText: 'Rejected' })).toBeVisible();
  await ops
    .getByTestId('admin-withdrawals')
    .locator('tr', { hasText: 'TUEZSdKsoDHQ' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(ops.locator('.toast--success', { hasText: 'Approved' })).toBeVisible();
  await ops.getByRole('tab', { name: 'Audit log' }).click();
  await expect(ops.getByTestId('admin-audit')).toContainText('Withdrawal rejected');
  await expect(ops.getByTestId('admin-audit')).toContainText('Deposit approved');

  // 8. Every step is in the bills, and the balance is what is left: 1000 − 100 − 96.5 − 51.
  await user.goto('/account/wallet?tab=bills');
  await hydrated(user);
  const bills = user.getByTestId('records-bills');
  for (const label of [
    'Deposit',
    'Transfer',
    'Swap',
    'Withdrawal (frozen)',
    'Withdrawal',
    'Withdrawal fee',
    'Withdrawal returned',
  ]) {
    await expect(
      bills.locator('td', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).first(),
    ).toBeVisible();
  }
  await user.screenshot({ path: `${SHOTS}/wallet-bills-en.png`, fullPage: true });
  // On a phone each bill is a card of label: value lines, nothing scrolled sideways: English, German, Chinese.
  const size = user.viewportSize()!;
  await user.setViewportSize({ width: 390, height: 844 });
  for (const prefix of ['', '/de', '/zh-CN']) {
    if (prefix) await user.goto(`${prefix}/account/wallet?tab=bills`);
    await hydrated(user);
    await expect(bills.locator('tbody tr').first()).toBeVisible();
    expect(await tablesWiderThanTheirBox(user)).toEqual([]);
    await user.screenshot({
      path: `${SHOTS}/wallet-bills-390${prefix.replace('/', '-') || '-en'}.png`,
      fullPage: true,
    });
  }
  // The coins too (issue 30): a card per coin with its three actions, in German.
  await user.goto('/de/account/wallet/assets');
  await hydrated(user);
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('852.50');
  expect(await tablesWiderThanTheirBox(user)).toEqual([]);
  await user.screenshot({ path: `${SHOTS}/wallet-coins-390-de.png`, fullPage: true });
  await user.setViewportSize(size);
  await user.goto('/account/wallet/assets');
  await hydrated(user);
  // The total across accounts, then the spot account alone.
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('852.50');
  await user.getByTestId('account-1').click();
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('752.50');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="BTC"]')).toContainText('0.000998');

  // The same screens in another language.
  await openAssets(user, 'overview', '/de');
  await expect(user.getByTestId('coin-table')).toContainText('Verfügbar');
  await user.screenshot({ path: `${SHOTS}/wallet-overview-de.png`, fullPage: true });
  await openAssets(user, 'withdraw', '/de');
  await user.screenshot({ path: `${SHOTS}/wallet-withdraw-de.png`, fullPage: true });
  await openAssets(user, 'transfer', '/de');
  await expect(user.getByTestId('records-transfers')).toContainText('Kontraktkonto');
  await user.screenshot({ path: `${SHOTS}/wallet-transfer-de.png`, fullPage: true });
  await ops.goto('/zh-CN/admin');
  await hydrated(ops);
  await ops.screenshot({ path: `${SHOTS}/wallet-admin-zh-CN.png`, fullPage: true });
});

test('a user cannot open the operator console, and bad uploads are refused in the form', async ({ page, request }) => {
  const name = uniqueName('nosy');
  await createAccount(request, name);
  await signIn(page, '', { username: name });
  await page.goto('/admin');
  await hydrated(page);
  await expect(page.getByText('This console is for operators only.')).toBeVisible();
  await openAssets(page, 'recharge');
  await page
    .locator('input[name="screenshot"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.locator('.field__error', { hasText: 'Only images can be uploaded' })).toBeVisible();
  await page.locator('input[name="amount"]').fill('-5x');
  await expect(page.locator('input[name="amount"]')).toHaveValue('5');
});
