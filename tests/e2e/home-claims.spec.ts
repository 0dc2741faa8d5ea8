import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';

/**
 * The home page claims only what the install does: custody from its chain settings (the shared server runs the demo
 * chain: one hot wallet, no cold one), the withdrawal flow as it runs, and what every account gets now (the VIP fee
 * levels of docs/products/fees.md, the bots' API); never "kept offline", "lower fees" or "within 24 hours". In English
 * and Chinese, wide and narrow.
 */
const SHOTS = 'tests/.artifacts/screens';

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`the home page says what the platform does, in ${lang}`, async ({ page }) => {
    const d = loadDictionary(lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${prefix}/home/index`);
      await hydrated(page);
      await expect(page.getByTestId('home-custody')).toHaveText(d['home.custody.demo']!);
      await expect(page.getByText(d['fees.home.text']!)).toBeVisible();
      await expect(page.getByText(d['home.account.api.text']!)).toBeVisible();
      await expect(page.getByText(d['home.security.review.text']!)).toBeVisible();
      const text = await page.locator('main').innerText();
      for (const claim of ['offline, away', 'Lower fees', 'arrives within 24 hours', 'dedicated manager'])
        expect(text).not.toContain(claim);
      // The cards this copy fills stay inside the screen (the page's own width is the layout's concern).
      for (const card of await page.locator('#security + ul .card, #account + ul .card').all())
        expect((await card.boundingBox())!.width).toBeLessThanOrEqual(width);
      await page.getByRole('heading', { name: d['home.security.title']! }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/home-claims-${lang}-${width}.png` });
    }
  });
}
