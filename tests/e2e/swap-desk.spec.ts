import { expect, hydrated, test } from './fixtures.ts';
import { signInOperator } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

// Each language tops up its own coin, so the two runs never see each other's changes.
for (const [prefix, lang, coin, seededLimit, tab, add, funded] of [
  ['', 'en', 'BTC', '0.10362694', 'Swap desk', 'Add', 'Swap desk funded'],
  ['/de', 'de', 'ETH', '2.89855072', 'Tauschschalter', 'Hinzufügen', 'Tauschschalter aufgefüllt'],
] as const) {
  test(`an operator tops up the swap desk and sets a limit, and the audit log says so (${lang})`, async ({
    browser,
  }) => {
    const ops = await (await browser.newContext()).newPage();
    await signInOperator(ops, prefix);
    await ops.goto(`${prefix}/admin`);
    // A page of a new browser context does not come from the fixture: wait for the console to be live.
    await hydrated(ops);
    await ops.getByRole('tab', { name: tab }).click();
    const row = ops.getByTestId('admin-swap-desk').locator(`tr[data-coin="${coin}"]`);
    // Seeded on first start at the index (the listing price): 10,000 USDT a swap.
    await expect(row.locator('td').nth(2)).toHaveText(seededLimit);
    const before = Number((await row.locator('td').nth(1).innerText()).replace(/,/g, ''));
    await row.locator(`input[name="add-${coin}"]`).fill('0.5');
    await row.getByRole('button', { name: add }).click();
    await expect(row.locator('td').nth(1)).toHaveText(
      (before + 0.5).toLocaleString('en-US', { minimumFractionDigits: 8, maximumFractionDigits: 8 }),
    );
    await row.locator(`input[name="limit-${coin}"]`).fill('0.2');
    await row.locator(`input[name="limit-${coin}"]`).press('Tab');
    await row.locator('td').nth(4).getByRole('button').click();
    await expect(row.locator('td').nth(2)).toHaveText('0.20000000');
    await ops.screenshot({ path: `${SHOTS}/admin-swap-desk-${lang}.png`, fullPage: true });
    await ops.getByRole('tab', { name: lang === 'en' ? 'Audit log' : 'Prüfprotokoll' }).click();
    await expect(ops.locator('table').first()).toContainText(funded);
    await expect(ops.locator('table').first()).toContainText(`0.5 ${coin}`);
  });
}
