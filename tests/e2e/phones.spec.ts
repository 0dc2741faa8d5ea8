import { readdirSync } from 'node:fs';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, signIn, tablesWiderThanTheirBox, uniqueName } from './support.ts';

/**
 * No page scrolls sideways on a phone (390 px, docs/architecture.md "Phones"), logged out and signed in, in English
 * and German; the pages whose German overflowed at 1366 px stay inside the window; the top menu folds behind a
 * button that a keyboard and a screen reader can use.
 */
const SHOTS = 'tests/.artifacts/screens';
const PAGES_DIR = 'src/pages/[...lang]';

/** One example for each dynamic part of a page path. */
const EXAMPLES: Record<string, string> = {
  '[setting]': 'email',
  '[type]': 'usdt',
  '[id]': '1',
  '[articleType]': 'terms',
};

/** Pages served at addresses under their own (the full-screen exchange takes its pair from the path). */
const SERVED_AT: Record<string, string> = { '/exchange/full-screen': '/exchange/full-screen/BTC_USDT' };

/** The screens a page path shows in more than one way (the trade page's kinds, the wallet's tabs). */
const VARIANTS = ['/trade/index?type=sec', '/trade/index?type=usta', '/assets/index?key=records'];

/**
 * Every page of the site, read from the pages folder so a new page is checked without being listed here:
 * home/index/index.astro → /home/index, account/center/setting/[setting].astro → /account/center/setting/email.
 */
function pageRoutes(): string[] {
  const files = readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
  const routes = files.map((file) => {
    const path = `/${file.replace(/\\/g, '/')}`.replace(/(\/index)?\.astro$/, '');
    const route = path.replace(/\[[^\]]+\]/g, (part) => EXAMPLES[part] ?? part) || '/';
    return SERVED_AT[route] ?? route;
  });
  expect(
    routes.filter((r) => r.includes('[')),
    'a dynamic part without an example',
  ).toEqual([]);
  return [...routes.sort(), ...VARIANTS];
}

/** The pages whose German overflowed at 1366 px (issue 30), the perpetual order form signed in. */
const WIDE_GERMAN = [
  '/de/rate/index',
  '/de/market/main',
  '/de/exchange/full-contract/usdt',
  '/de/trade/index?type=usta',
];

async function context(browser: Browser, width: number, username?: string, prefix = ''): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width, height: 844 } });
  if (username) await signIn(await ctx.newPage(), prefix, { username });
  return ctx;
}

/** How wide each page's document is once its islands are live and its first data has landed, a few pages at a time. */
async function documentWidths(
  ctx: BrowserContext,
  paths: string[],
  tables: string[] = [],
): Promise<Array<[string, number]>> {
  const widths: Array<[string, number]> = [];
  const pending = [...paths];
  const worker = async () => {
    const page = await ctx.newPage();
    for (let path = pending.shift(); path; path = pending.shift()) {
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle', { timeout: 1_000 }).catch(() => {});
      widths.push([path, await page.evaluate(() => document.documentElement.scrollWidth)]);
      // A table scrolled sideways inside its panel does not widen the page; on a phone its rows are cards instead.
      for (const table of await tablesWiderThanTheirBox(page)) tables.push(`${path} ${table}`);
    }
    await page.close();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return widths;
}

const tooWide = (widths: Array<[string, number]>, limit: number) => widths.filter(([, width]) => width > limit);

// German only: its labels are the longest of the site's languages (the bar, the forms and the tables overflowed in
// German first), and each pass visits every page, so a second language doubled the time for nothing it could find.
for (const prefix of ['/de'])
  for (const signedIn of [false, true]) {
    test(`every page fits a 390 px phone, ${signedIn ? 'signed in' : 'logged out'} (${prefix || '/en'})`, async ({
      browser,
      request,
    }) => {
      // About 50 pages, four at a time: up to a minute on the shared two-core machine.
      test.setTimeout(180_000);
      let username: string | undefined;
      if (signedIn) {
        username = uniqueName('phone');
        await createAccount(request, username);
      }
      const ctx = await context(browser, 390, username, prefix);
      const tables: string[] = [];
      const widths = await documentWidths(
        ctx,
        pageRoutes().map((r) => `${prefix}${r}`),
        tables,
      );
      expect(tooWide(widths, 390)).toEqual([]);
      expect(tables, 'tables wider than their box at 390 px').toEqual([]);
    });
  }

test('the German pages that overflowed at 1366 px fit the window', async ({ browser, request }) => {
  const username = uniqueName('wide');
  await createAccount(request, username);
  const ctx = await context(browser, 1366, username, '/de');
  expect(tooWide(await documentWidths(ctx, WIDE_GERMAN), 1366)).toEqual([]);
  const page = await ctx.newPage();
  await page.goto('/de/rate/index');
  await hydrated(page);
  // The converter stays inside its card: its right edge is not past the card's.
  const card = await page.locator('.rate-converter').boundingBox();
  const select = await page.locator('.rate-converter select').last().boundingBox();
  expect(select!.x + select!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await page.screenshot({ path: `${SHOTS}/phones-rate-1366-de.png`, fullPage: true });
});

for (const [prefix, name] of [
  ['', 'Menu'],
  ['/de', 'Menü'],
  ['/zh-CN', '菜单'],
] as const) {
  test(`the top menu folds behind a menu button on a phone (${prefix || '/en'})`, async ({ browser }) => {
    const ctx = await context(browser, 390);
    const page = await ctx.newPage();
    await page.goto(`${prefix}/home/index`);
    await hydrated(page);
    const button = page.getByRole('button', { name, exact: true });
    const staking = page.locator(`#site-nav a[href="${prefix}/pledge/index"]`);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(staking).toBeHidden();
    // A keyboard opens it: the button takes focus and Enter opens the panel with the trade submenu in place.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(staking).toBeVisible();
    await expect(page.locator(`#site-nav a[href="${prefix}/trade/index?type=sec"]`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/phones-menu-390${prefix.replace('/', '-') || '-en'}.png` });
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(staking).toBeHidden();
    await expect(button).toBeFocused();
    // A click outside the bar closes it too.
    await button.click();
    await page.mouse.click(10, 830);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // On a wide screen the menu stands in the bar and the button is not there.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(button).toBeHidden();
    await expect(staking).toBeVisible();
  });
}
