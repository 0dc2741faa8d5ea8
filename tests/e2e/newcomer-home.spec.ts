import { expect, test } from './fixtures.ts';
import { menusOpenOwnPages } from './links.ts';

/** The home page a newcomer meets in other languages: the menus in German, the demo badge, the layout in Japanese. */
const SHOTS = 'tests/.artifacts/screens';

test('every menu and footer entry opens its own page, in de', ({ page }) => menusOpenOwnPages(page, '/de'));

test('the top bar marks prices as a demo when no price feed is configured', async ({ page }) => {
  for (const [prefix, lang, label] of [
    ['', 'en', 'Demo prices'],
    ['/de', 'de', 'Demo-Kurse'],
  ] as const) {
    await page.goto(`${prefix}/home/index`);
    const badge = page.locator('header .demo-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toContainText(label);
    await expect(badge).toHaveAttribute('title', /market makers|Market-Makern/);
    await page.locator('header.topbar').screenshot({ path: `${SHOTS}/demo-badge-${lang}.png` });
  }
});

test.describe('layout', () => {
  test('the home page search and coin tables line up with the sections below', async ({ page }) => {
    for (const [prefix, lang] of [
      ['', 'en'],
      ['/ja', 'ja'],
    ] as const) {
      await page.goto(`${prefix}/home/index`);
      const search = page.locator('.coin-search');
      await search.scrollIntoViewIfNeeded();
      await expect(page.locator('.home-markets__grid .card').first()).toBeVisible();
      const [searchBox, gridBox, guidesBox] = await Promise.all([
        search.boundingBox(),
        page.locator('.home-markets__grid').boundingBox(),
        page.locator('#guides').boundingBox(),
      ]);
      expect(Math.round(searchBox!.x)).toBe(Math.round(guidesBox!.x));
      expect(Math.round(gridBox!.x)).toBe(Math.round(guidesBox!.x));
      expect(Math.round(gridBox!.width)).toBe(Math.round(guidesBox!.width));
      await page.screenshot({ path: `${SHOTS}/home-markets-${lang}.png` });
    }
  });
});
