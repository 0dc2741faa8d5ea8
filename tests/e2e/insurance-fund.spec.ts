import type { InsuranceFund } from '../../isomorphic/contract/perpetual.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';

/**
 * The public insurance fund page, reached from the footer: a card per asset with the API's balance, the history
 * with each movement's reason, and the asset filter; in English and German.
 */
for (const [prefix, lang] of [
  ['', 'en'],
  ['/de', 'de'],
] as const) {
  test(`the insurance fund page shows the balance per asset and its history, in ${lang}`, async ({ page, request }) => {
    const d = loadDictionary(lang);
    const fund = (await (await request.get('/api/perpetual/insurance-fund')).json()).data as InsuranceFund;
    await page.goto(`${prefix}/home/index`);
    await page.locator('footer').getByRole('link', { name: d['footer.insuranceFund'] }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/insurance/index`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['insurance.title']!);
    const cards = page.getByTestId('insurance-balances');
    for (const b of fund.balances) await expect(cards.getByText(b.asset, { exact: true })).toBeVisible();
    await expect(
      page.getByTestId('insurance-history').getByText(d['insurance.reason.insurance_funding']!).first(),
    ).toBeVisible();
    await page.screenshot({ path: `tests/.artifacts/screens/insurance-${lang}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('insurance-balances')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `tests/.artifacts/screens/insurance-${lang}-390.png`, fullPage: true });
    await page.getByRole('tab', { name: 'BTC' }).click();
    await expect(page.getByTestId('insurance-history').locator('tbody tr td:nth-child(2)')).toHaveText(
      fund.history.records
        .filter((r) => r.asset === 'BTC')
        .slice(0, 20)
        .map(() => 'BTC'),
    );
  });
}
