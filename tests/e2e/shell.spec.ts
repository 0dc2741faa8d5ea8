import { arrivedAt, expect, test } from './fixtures.ts';

test.describe('router rules (docs/requirements.md §2)', () => {
  for (const [from, to] of [
    ['/', '/home/index'],
    ['/home', '/home/index'],
    ['/user', '/user/login'],
    ['/no/such/page', '/home/index'],
    ['/de', '/de/home/index'],
    ['/de/user', '/de/user/login'],
    ['/ja/nothing-here', '/ja/home/index'],
  ]) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    });
  }

  test('an invite link opens registration with the code filled in', async ({ page }) => {
    await page.goto('/i&K7QX2MPA');
    await arrivedAt(page, /\/user\/register\?invite_code=K7QX2MPA$/);
    await expect(page.locator('input[name="inviteCode"]')).toHaveValue('K7QX2MPA');
  });
});

for (const [prefix, lang, home, login] of [
  ['', 'en', 'Home', 'Log in'],
  ['/de', 'de', 'Startseite', 'Anmelden'],
] as const) {
  test.describe(`the shell in ${lang}`, () => {
    test('home page: translated menu, footer, product-name title, alternates', async ({ page }) => {
      await page.goto(`${prefix}/home/index`);
      await expect(page).toHaveTitle('Lumex');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const nav = page.locator('header nav');
      await expect(nav.getByRole('link', { name: home, exact: true })).toBeVisible();
      // The top menu's nine entries (the phone-only Preferences entry is hidden on a desk).
      await expect(nav.locator('.nav__item:not(.nav__item--phone)')).toHaveCount(9);
      await expect(page.locator('footer')).toBeVisible();
      await expect(page.locator('header').getByRole('link', { name: login, exact: true })).toBeVisible();
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(14);
      await page.screenshot({ path: `tests/.artifacts/screens/home-${lang}.png`, fullPage: true });
    });

    test('the trade submenu lists speed, spot and margin', async ({ page }) => {
      await page.goto(`${prefix}/home/index`);
      const trade = page.locator('.nav__item--has-menu');
      await trade.hover();
      await expect(trade.locator('.nav__submenu a')).toHaveCount(3);
      await expect(trade.locator('.nav__submenu a').nth(0)).toHaveAttribute('href', `${prefix}/trade/index?type=sec`);
    });

    test('login, register and reset hide the top bar and footer', async ({ page }) => {
      for (const path of ['/user/login', '/user/register', '/user/reset']) {
        await page.goto(`${prefix}${path}`);
        await expect(page).toHaveTitle('Lumex');
        await expect(page.locator('header.topbar')).toHaveCount(0);
        await expect(page.locator('footer')).toHaveCount(0);
      }
    });

    test('the user centre shows top bar and footer', async ({ page }) => {
      await page.goto(`${prefix}/user/index?key=termsService`);
      await expect(page.locator('header.topbar')).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await expect(page.locator('.panel p').first()).not.toBeEmpty();
    });

    test('the language picker keeps the page and its query', async ({ page }) => {
      await page.goto(`${prefix}/user/index?key=helper`);
      await page.locator('.lang-picker summary').click();
      await page.locator('.lang-picker a[hreflang="ja"]').click();
      await arrivedAt(page, /\/ja\/user\/index\?key=helper$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      await expect(page.locator('.side-tabs a.is-active')).toHaveText('ヘルプ');
    });
  });
}

test('white paper and customer service explain a missing link (docs/requirements.md §8)', async ({ page }) => {
  await page.goto('/home/index');
  await page.locator('header nav').getByRole('button', { name: 'White paper' }).click();
  await expect(page.locator('.toast')).toHaveText('No white paper link yet');
});
