import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, signIn, uniqueName } from './support.ts';
import { apiLogin } from './trade-support.ts';

/**
 * Issue 30's screens a trader would not leave, as a visitor and a user see them: a whole-number stake typed as 10.5,
 * a large stake asked about, visitors' earn cards at the asset's decimals, the market boards and turnover units.
 */
const SHOTS = 'tests/.artifacts/screens';
const WIDTHS = [1366, 390] as const;

/** A user with 1,000 USDT in the contract account (the second contracts' stakes come from it). */
async function contractUser(request: APIRequestContext): Promise<string> {
  const name = uniqueName('fixa');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  const moved = await request.post('/api/asset/transferFunds', {
    headers: { authorization: await apiLogin(request, name) },
    data: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
  });
  expect((await moved.json()).code).toBe(200);
  return name;
}

/** No element of the page sticks out of the card it sits in. */
async function overflowingCards(page: Page, card: string): Promise<number> {
  return page.locator(card).evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
}

for (const [prefix, lang, w] of [
  ['', 'en', { up: 'Up', title: 'Confirm a large stake', cancel: 'Change the amount', stake: 'Stake 150.00 USDT' }],
  [
    '/de',
    'de',
    { up: 'Steigt', title: 'Hohen Einsatz bestätigen', cancel: 'Betrag ändern', stake: '150.00 USDT setzen' },
  ],
] as const) {
  test(`a second-contract stake typed as 10.5 stakes 10, and a large stake is asked about first, in ${lang}`, async ({
    page,
    request,
  }) => {
    await signIn(page, prefix, { username: await contractUser(request) });
    await page.goto(`${prefix}/trade/index?type=sec&symbol=btcusdt`);
    await hydrated(page);
    await expect(page.getByTestId('seconds-available')).toHaveText('1,000.00');
    const amount = page.locator('#seconds-amount');
    // Key by key, the point stays and the digits after it are cut: never 105.
    await amount.pressSequentially('10.5');
    await expect(amount).toHaveValue('10.');
    await expect(page.getByTestId('seconds-win')).toContainText('8.5');
    await amount.blur();
    await expect(amount).toHaveValue('10');
    await amount.fill('150');
    await page.getByRole('button', { name: w.up, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('150.00 USDT');
    await expect(dialog.getByRole('button', { name: w.stake })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/fixa-seconds-confirm-${lang}-${width}.png` });
    }
    // Cancelling opens nothing and holds nothing.
    await dialog.getByRole('button', { name: w.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('seconds-available')).toHaveText('1,000.00');
  });
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`a visitor's earn cards show amounts at the asset's decimals and fit, labels readable, in ${lang}`, async ({
    page,
  }) => {
    for (const path of ['/finance/investment', '/pledge/index', '/defis/index']) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${prefix}${path}`);
        await hydrated(page);
        const card = page.locator('.earn-product').first();
        await expect(card).toBeVisible();
        // USDT shows 2 decimals for everyone, not the 8 a visitor saw before the asset list was public.
        const limits = card.locator('.facts__row').first();
        await expect(limits.locator('dd')).toHaveText(/^[\d,]+\.\d{2} – [\d,]+\.\d{2} [A-Z]+$/);
        // The label is on one line, or at least 5em wide: never a column of single characters.
        const label = await limits.locator('dt').evaluate((dt) => {
          const style = getComputedStyle(dt);
          const box = dt.getBoundingClientRect();
          const lines = box.height / (Number.parseFloat(style.lineHeight) || 24);
          return lines < 1.5 || box.width >= 4.9 * Number.parseFloat(style.fontSize);
        });
        expect(label, `${path} label at ${width}`).toBe(true);
        expect(await overflowingCards(page, '.earn-product')).toBe(0);
        await page.screenshot({ path: `${SHOTS}/fixa-earn${path.replace(/\//g, '-')}-${lang}-${width}.png` });
      }
    }
  });
}

test('the market boards list only rising pairs as gainers and falling ones as losers, and turnover has its unit', async ({
  page,
}) => {
  for (const [prefix, lang] of [
    ['', 'en'],
    ['/de', 'de'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${prefix}/market/main`);
    await hydrated(page);
    for (const [board, sign, none] of [
      ['market.gainers', 1, lang === 'en' ? 'No pair is up' : 'Kein Paar ist'],
      ['market.losers', -1, lang === 'en' ? 'No pair is down' : 'Kein Paar ist'],
    ] as const) {
      const section = page.getByTestId(board);
      await expect(section.locator('tbody tr').first().or(section.getByText(none))).toBeVisible();
      for (const change of await section.locator('tbody tr td:nth-child(3)').allTextContents()) {
        expect(Math.sign(Number.parseFloat(change.replace(/[^\d.+-]/g, ''))), `${board}: ${change}`).toBe(sign);
      }
    }
    await expect(page.getByTestId('market.volume').getByTestId('turnover').first()).toContainText('USDT');
    await page.screenshot({ path: `${SHOTS}/fixa-market-${lang}-1366.png` });
  }
  await page.goto('/quotes/index?tab=margin');
  await expect(page.locator('tr[data-symbol="btcusd_perp"]').getByTestId('turnover')).toContainText('BTC');
  await expect(page.locator('tr[data-symbol="btcusdt_perp"]').getByTestId('turnover')).toContainText('USDT');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/fixa-quotes-margin-en-390.png`, fullPage: true });
});
