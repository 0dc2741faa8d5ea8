import type { Page } from '@playwright/test';
import { arrivedAt, expect, test } from './fixtures.ts';
import { createAccount, loginThroughUi, uniqueName } from './support.ts';

/** What a newcomer tripped over on a default install: where the menus lead, and how the home page looks. */
const SHOTS = 'tests/.artifacts/screens';

/** The site links of a part of the page, as path + query (the white-paper and support entries are buttons). */
async function linksIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(`${selector} a[href^="/"]`).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
}

/** Follows each link and checks it lands on its own page, not silently on home (spec §2 fallback). */
async function expectOwnPages(page: Page, links: string[]): Promise<void> {
  for (const link of new Set(links)) {
    await page.goto(link);
    const landed = new URL(page.url());
    expect(landed.pathname, `${link} landed on ${landed.pathname}`).toBe(link.split('?')[0]);
  }
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/de', 'de'],
] as const) {
  test(`every menu and footer entry opens its own page, in ${lang}`, async ({ page }) => {
    await page.goto(`${prefix}/home/index`);
    const links = [...(await linksIn(page, 'header.topbar')), ...(await linksIn(page, 'footer'))];
    expect(links).toContain(`${prefix}/pledge/index`);
    expect(links).toContain(`${prefix}/finance/investment`);
    await expectOwnPages(page, links);
  });
}

test('the account menu, asset menu and user centre lead to pages, not home', async ({ page, request }) => {
  const name = uniqueName('menus');
  await createAccount(request, name);
  await loginThroughUi(page, '', name);
  const links = [...(await linksIn(page, 'header .account-menu')), ...(await linksIn(page, 'header .menu__panel'))];
  expect(links).toContain('/account/center?tab=agent');
  await expectOwnPages(page, links);

  await page.goto('/account/center');
  await arrivedAt(page, /\/account\/center\?tab=info$/);
  await expect(page.locator('.account-centre h1')).toHaveText('Information');
  await expect(page.locator('.facts')).toContainText(name);
  await page.screenshot({ path: `${SHOTS}/account-centre-en.png`, fullPage: true });
});

test('the top bar marks prices as a demo when no price feed is configured', async ({ page }) => {
  for (const [prefix, lang, label] of [['', 'en', 'Demo prices'], ['/de', 'de', 'Demo-Kurse']] as const) {
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
    for (const [prefix, lang] of [['', 'en'], ['/ja', 'ja']] as const) {
      await page.goto(`${prefix}/home/index`);
      const search = page.locator('.coin-search');
      await search.scrollIntoViewIfNeeded();
      await expect(page.locator('.home-markets__grid .card').first()).toBeVisible();
      const [searchBox, gridBox, guidesBox] = await Promise.all([search.boundingBox(), page.locator('.home-markets__grid').boundingBox(), page.locator('#guides').boundingBox()]);
      expect(Math.round(searchBox!.x)).toBe(Math.round(guidesBox!.x));
      expect(Math.round(gridBox!.x)).toBe(Math.round(guidesBox!.x));
      expect(Math.round(gridBox!.width)).toBe(Math.round(guidesBox!.width));
      await page.screenshot({ path: `${SHOTS}/home-markets-${lang}.png` });
    }
  });
});
