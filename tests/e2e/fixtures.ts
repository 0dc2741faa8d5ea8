import { expect, test as base, type Page } from '@playwright/test';

/**
 * Waits until Astro has hydrated the page's eager islands (it drops the `ssr` attribute when done). Islands that
 * hydrate only when scrolled into view (client:visible) are left out: below the fold they wait for a scroll.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0);
}

/** The page the app moved to, once it is interactive: arrivedAt(page, /\/home\/index$/). */
export async function arrivedAt(page: Page, url: RegExp): Promise<void> {
  await expect(page).toHaveURL(url);
  await hydrated(page);
}

/**
 * `test` whose page.goto returns once the islands are interactive, as a person waits for a page to load
 * before typing: text typed into a controlled input before hydration would be reset by React.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
