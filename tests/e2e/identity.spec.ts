import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, uniqueName, signIn, signInOperator } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';
/** A real PNG for a document photo: a picture of part of the page, as good a stand-in as any. */
async function photo(page: Page, name: string, y: number) {
  return { name, mimeType: 'image/png', buffer: await page.screenshot({ clip: { x: 0, y, width: 320, height: 200 } }) };
}

async function openTab(page: Page, tab: string, prefix = '') {
  await page.goto(`${prefix}/account/center?tab=${tab}`);
  await hydrated(page);
}

/** The operator approves the user's submission of a level in the console's Verification tab. */
async function approve(ops: Page, username: string, level: string, prefix = '') {
  await ops.goto(`${prefix}/admin`);
  await hydrated(ops);
  await ops.getByRole('tab', { name: prefix ? 'Verifizierung' : 'Verification' }).click();
  const row = ops.getByTestId('admin-kyc').locator(`tr[data-user="${username}"]`);
  await expect(row).toContainText(level);
  return row;
}

test('identity verified in two steps by an operator, the level and its limit shown; bank card bound once; a payment method added', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = uniqueName('kyc');
  await createAccount(request, name);
  const user = await (await browser.newContext()).newPage();
  const ops = await (await browser.newContext()).newPage();
  await signIn(user, '', { username: name });
  await signInOperator(ops);

  // 1. Primary verification: a wrong passport number is named before anything is sent, then the form goes for review.
  await openTab(user, 'kyc');
  await expect(user.getByTestId('kyc-level')).toHaveText('Your verification level: Not verified');
  await expect(user.locator('.identity-limits__table tr.is-current')).toContainText('2,000 USDT');
  await user.locator('input[name="realName"]').fill('Erika Mustermann');
  await user.locator('select[name="country"]').selectOption('DE');
  await user.locator('select[name="idType"]').selectOption('passport');
  await user.locator('input[name="idNumber"]').fill('C01');
  await user.getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    user.locator('.field__error', { hasText: 'This is not a valid number for the chosen document and country' }),
  ).toBeVisible();
  await user.screenshot({ path: `${SHOTS}/identity-kyc-form-en.png`, fullPage: true });
  await user.locator('input[name="idNumber"]').fill('C01X00T47');
  await user.getByRole('button', { name: 'Submit for review' }).click();
  await expect(user.locator('.toast--success', { hasText: 'Submission successful, awaiting review' })).toBeVisible();
  await expect(user.getByTestId('kyc-primary')).toContainText('Submitted, awaiting review');
  await expect(user.getByTestId('kyc-primary')).toContainText('C0*****47');
  await expect(user.getByTestId('kyc-advanced')).toContainText('now awaiting review');

  // 2. The operator approves it in the console.
  const primaryRow = await approve(ops, name, 'Primary verification');
  await expect(primaryRow).toContainText('C01X00T47');
  await primaryRow.getByRole('button', { name: 'Approve' }).click();
  await expect(ops.locator('.toast--success', { hasText: 'Approved' })).toBeVisible();

  // 3. The user sees the level and its limit, then submits the three photos.
  await openTab(user, 'kyc');
  await expect(user.getByTestId('kyc-level')).toHaveText('Your verification level: Primary verification');
  await expect(user.getByTestId('kyc-remaining')).toContainText('Still available: 50,000 USDT');
  await user.getByRole('button', { name: 'Upload and submit for review' }).click();
  await expect(user.locator('.field__error', { hasText: 'Please choose a photo' })).toHaveCount(3);
  await user
    .locator('input[name="front"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(user.locator('.field__error').first()).toContainText('image');
  for (const [i, p] of ['front', 'back', 'selfie'].entries())
    await user.locator(`input[name="${p}"]`).setInputFiles(await photo(user, `${p}.png`, i * 200));
  await user.screenshot({ path: `${SHOTS}/identity-kyc-en.png`, fullPage: true });
  await user.getByRole('button', { name: 'Upload and submit for review' }).click();
  await expect(user.getByTestId('kyc-advanced')).toContainText('Submitted, awaiting review');

  // 4. The operator looks at the photos and approves; the audit log has both decisions.
  const advancedRow = await approve(ops, name, 'Advanced verification');
  await advancedRow.getByRole('button', { name: 'View photos' }).click();
  await expect(ops.getByTestId('admin-kyc-photos').locator('img')).toHaveCount(3);
  await ops.screenshot({ path: `${SHOTS}/identity-admin-en.png`, fullPage: true });
  await advancedRow.getByRole('button', { name: 'Approve' }).click();
  await expect(ops.locator('.toast--success', { hasText: 'Approved' })).toBeVisible();
  await ops.getByRole('tab', { name: 'Audit log' }).click();
  await expect(ops.getByTestId('admin-audit')).toContainText('Advanced verification approved');

  await openTab(user, 'kyc');
  await expect(user.getByTestId('kyc-level')).toHaveText('Your verification level: Advanced verification');
  await expect(user.getByTestId('kyc-advanced').getByTestId('kyc-status')).toHaveText('Approved');
  await expect(user.getByTestId('kyc-remaining')).toContainText('2,000,000 USDT');
  await user.screenshot({ path: `${SHOTS}/identity-kyc-verified-en.png`, fullPage: true });

  // 5. The bank card, in the verified name, bound for good after a confirmation, its number masked.
  await openTab(user, 'bank-card');
  await expect(user.locator('input[name="holder"]')).toHaveValue('Erika Mustermann');
  await user.locator('input[name="number"]').fill('6200 0000 0000 0006');
  await user.locator('input[name="bank"]').fill('Deutsche Bank');
  await user.getByRole('button', { name: 'Bind bank card' }).click();
  await expect(user.locator('.field__error', { hasText: 'neither a valid IBAN' })).toBeVisible();
  await user.screenshot({ path: `${SHOTS}/identity-bank-form-en.png`, fullPage: true });
  await user.locator('input[name="number"]').fill('DE89 3704 0044 0532 0130 00');
  await user.locator('input[name="swift"]').fill('DEUTDEFF');
  await user.getByRole('button', { name: 'Bind bank card' }).click();
  await user.getByRole('button', { name: 'Bind for good' }).click();
  await expect(user.getByTestId('bank-card')).toContainText('DE89 **** **** 3000');
  await expect(user.getByTestId('bank-card')).not.toContainText('370400440532');
  await user.screenshot({ path: `${SHOTS}/identity-bank-en.png`, fullPage: true });
  // The user centre's bank tab and checklist say the same.
  await user.goto('/user/index?key=bank');
  await hydrated(user);
  await expect(user.getByTestId('bank-card')).toContainText('DE89 **** **** 3000');
  await user.goto('/user/index?key=certified');
  await hydrated(user);
  await expect(user.locator('.checklist .status--done')).toHaveCount(3);

  // 6. A payment method for OTC trades.
  await openTab(user, 'payment');
  await user.locator('select[name="kind"]').selectOption('alipay');
  await user.locator('input[name="account"]').fill('erika@example.com');
  await user.locator('input[name="qrCode"]').setInputFiles(await photo(user, 'qr.png', 0));
  await user.getByRole('button', { name: 'Save payment method' }).click();
  await expect(user.getByTestId('payment-methods')).toContainText('erika@example.com');
  await user.screenshot({ path: `${SHOTS}/identity-payment-en.png`, fullPage: true });

  // 7. The same screens in German.
  await openTab(user, 'kyc', '/de');
  await expect(user.getByTestId('kyc-level')).toContainText('Erweiterte Verifizierung');
  await user.screenshot({ path: `${SHOTS}/identity-kyc-de.png`, fullPage: true });
  await openTab(user, 'bank-card', '/de');
  await user.screenshot({ path: `${SHOTS}/identity-bank-de.png`, fullPage: true });
  await openTab(user, 'payment', '/de');
  await user.screenshot({ path: `${SHOTS}/identity-payment-de.png`, fullPage: true });
  await ops.goto('/de/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Verifizierung' }).click();
  await ops.getByRole('tab', { name: 'Genehmigt' }).click();
  await expect(ops.getByTestId('admin-kyc')).toContainText(name);
  await ops.screenshot({ path: `${SHOTS}/identity-admin-de.png`, fullPage: true });
});
