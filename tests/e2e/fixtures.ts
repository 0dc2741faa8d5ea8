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
export const test = base.extend<{ keepContexts: boolean; ownContextsClosed: void }>({
  /**
   * A serial file whose tests go on with the same people (otc.spec.ts) keeps its contexts: test.use({ keepContexts:
   * true }).
   */
  keepContexts: [false, { option: true }],
  // Contexts a journey opens itself (a second user, the operator) belong to the worker's browser and would live on,
  // with their live pages, sockets and timers, through every later test of the worker, slowing them all down on a
  // two-core machine: each test's own are closed when it ends.
  ownContextsClosed: [
    async ({ browser, keepContexts }, use) => {
      const before = new Set(browser.contexts());
      await use();
      if (keepContexts) return;
      for (const context of browser.contexts()) if (!before.has(context)) await context.close().catch(() => {});
    },
    { auto: true },
  ],
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
