import { arrivedAt, expect, test } from './fixtures.ts';
import { expectOwnPages, linksIn, menusOpenOwnPages } from './links.ts';
import { createAccount, loginThroughUi, uniqueName } from './support.ts';

/** Where a newcomer's menus lead, in English: the site's menus and footer, then the account's. */
const SHOTS = 'tests/.artifacts/screens';

test('every menu and footer entry opens its own page, in en', ({ page }) => menusOpenOwnPages(page, ''));

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
