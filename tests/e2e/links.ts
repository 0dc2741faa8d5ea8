import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The site links of a part of the page, as path + query (the white-paper and support entries are buttons). */
export async function linksIn(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(`${selector} a[href^="/"]`)
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
}

/** Follows each link and checks it lands on its own page, not silently on home (docs/requirements.md §2 fallback). */
export async function expectOwnPages(page: Page, links: string[]): Promise<void> {
  for (const link of new Set(links)) {
    await page.goto(link);
    const landed = new URL(page.url());
    expect(landed.pathname, `${link} landed on ${landed.pathname}`).toBe(link.split('?')[0]);
  }
}

/** Every link of the top bar and footer of the language's home page opens its own page. */
export async function menusOpenOwnPages(page: Page, prefix: string): Promise<void> {
  await page.goto(`${prefix}/home/index`);
  const links = [...(await linksIn(page, 'header.topbar')), ...(await linksIn(page, 'footer'))];
  expect(links).toContain(`${prefix}/pledge/index`);
  expect(links).toContain(`${prefix}/finance/investment`);
  await expectOwnPages(page, links);
}
