import type { ExchangeRateItem } from '../../isomorphic/contract/wallet.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { stored } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

/**
 * The exchange-rate page: every display currency the server configures, with its rate and its inverse, a converter
 * between them through USDT, and the choice of the currency the site shows values in (the picker's own setting).
 */
for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`the exchange-rate page lists the configured display rates, converts between them and picks the display currency, in ${lang}`, async ({
    page,
    request,
  }) => {
    const d = loadDictionary(lang);
    const rates = (await (await request.get('/api/asset/getCoinRate')).json()).data as ExchangeRateItem[];
    await page.goto(`${prefix}/rate/index`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['rate.title']!);
    const rows = page.getByTestId('rate-table').locator('tbody tr');
    await expect(rows).toHaveCount(rates.length);
    for (const r of rates) await expect(page.locator(`[data-code="${r.exchange_code}"]`)).toContainText(r.rate);
    // 7.25 CNY to the USDT: one yuan is 0.13793103 USDT, rounded down.
    await expect(page.locator('[data-code="CNY"]')).toContainText('0.13793103');

    await page.locator('input[name="amount"]').fill('100');
    await page.locator('select[name="from"]').selectOption('USDT');
    await page.locator('select[name="to"]').selectOption('EUR');
    await expect(page.getByTestId('rate-result')).toHaveText('100 USDT = 92 EUR');
    await page.getByRole('button', { name: d['rate.converter.swap'] }).click();
    await expect(page.getByTestId('rate-result')).toHaveText('100 EUR = 108.69565217 USDT');
    await page.locator('select[name="to"]').selectOption('JPY');
    await expect(page.getByTestId('rate-result')).toHaveText('100 EUR = 16,434.78260869 JPY');
    await page.locator('input[name="amount"]').fill('1e5');
    await expect(page.getByText(d['rate.problem.format']!)).toBeVisible();
    await expect(page.getByTestId('rate-result')).toHaveText('—');
    await page.locator('input[name="amount"]').fill('2500');

    await page.locator('[data-code="EUR"]').getByRole('button', { name: d['rate.table.use'] }).click();
    await expect(page.locator('[data-code="EUR"]')).toContainText(d['rate.table.shown']!);
    expect(await stored(page, 'settings')).toMatchObject({ currency: { exchange_code: 'EUR', rate: '0.92' } });
    await page.screenshot({ path: `${SHOTS}/rate-${lang}.png`, fullPage: true });

    // The footer leads here.
    await page.goto(`${prefix}/home/index`);
    await page.locator('footer').getByRole('link', { name: d['footer.rates'] }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/rate/index$`));
  });
}
