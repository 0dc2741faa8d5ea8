import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { controlsUnder, createAccount, credit, signIn, tablesWiderThanTheirBox, uniqueName } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  return (
    await (await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } })).json()
  ).data.token;
}

/**
 * Price alerts in English and German: set one from the alerts screen, move DOGE/USDT's last price with a real trade
 * between two other accounts (no journey trades DOGE, and the shared server runs no market makers, so nothing else
 * moves it), and see the alert fire as a notice on the page and in the fired list.
 */
test('a price alert set on the alerts screen fires on the trade that crosses it, in English and German', async ({
  page,
  request,
}) => {
  const [alerter, seller, buyer] = ['alert', 'aseller', 'abuyer'].map(uniqueName);
  for (const name of [alerter!, seller!, buyer!]) await createAccount(request, name);
  await credit(request, seller!, 'DOGE', '1000');
  await credit(request, buyer!, 'USDT', '1000');
  const tokens = { seller: await tokenOf(request, seller!), buyer: await tokenOf(request, buyer!) };
  /** 100 DOGE at `price`: the seller rests, the buyer takes it, so the last price is exactly `price`. */
  const trade = async (price: string) => {
    for (const [who, side] of [
      ['seller', 'sell'],
      ['buyer', 'buy'],
    ] as const) {
      const res = await request.post('/api/currency/order/submit', {
        headers: { authorization: tokens[who] },
        data: { symbol: 'dogeusdt', side, type: 'limit', price, quantity: '100' },
      });
      expect((await res.json()).code).toBe(200);
    }
  };
  const last = async () =>
    (await (await request.get('/api/app/coin/market/ticker', { params: { symbol: 'dogeusdt' } })).json()).data
      .close as string;
  const setAlert = async (prefix: string, kind: string, target: string, note: string) => {
    if (prefix) await page.goto(`${prefix}/account/alerts?symbol=dogeusdt`);
    else {
      // In English from the trade screen, whose bell opens the alerts screen on its pair.
      await page.goto('/trade/index?type=spot&symbol=dogeusdt');
      await hydrated(page);
      // The live bar, not the served first frame the market list replaces (it has no bell of its own).
      await page.getByTestId('alert-bell').waitFor();
      await page.locator('.ticker-bar').screenshot({ path: `${SHOTS}/alerts-bell-1366-en.png` });
      await page.getByTestId('alert-bell').click();
      await expect(page).toHaveURL(/\/account\/alerts\?symbol=dogeusdt$/);
    }
    await hydrated(page);
    const form = page.getByTestId('alert-form');
    // The form starts on the market the address names, at its last price.
    await expect(form.locator('select[name="symbol"]')).toHaveValue('dogeusdt');
    await expect(form.locator('input[name="target"]')).toHaveValue(await last());
    await form.locator('select[name="kind"]').selectOption(kind);
    await form.locator('input[name="target"]').fill(target);
    await form.locator('input[name="note"]').fill(note);
    await form.locator('button[type="submit"]').click();
  };

  await signIn(page, '', { username: alerter! });
  // Up from wherever DOGE stands (0.32000 at listing), by 2%, on the tick of 0.00001.
  const start = Number(await last());
  const up = (start * 1.02).toFixed(5);
  await setAlert('', 'priceRises', up, 'take profit');
  const active = page.getByTestId('alerts-active');
  await expect(active.getByTestId('alert-row')).toHaveText(new RegExp(`DOGE/USDT price rises to ${up}.*take profit`));
  // A target already reached is refused with the reason.
  await page.getByTestId('alert-form').locator('select[name="kind"]').selectOption('priceFalls');
  await page.getByTestId('alert-form').locator('input[name="target"]').fill(up);
  await page.getByTestId('alert-form').locator('button[type="submit"]').click();
  await expect(page.locator('.toast--error')).toContainText('The market is already there');

  await trade(up);
  const notice = page.getByTestId('alert-notice');
  await expect(notice).toContainText(`DOGE/USDT price rises to ${up}: reached ${up}`);
  await expect(page.getByTestId('alerts-fired').getByTestId('alert-row')).toContainText(up);
  await expect(page.getByTestId('alerts-active')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/alerts-1366-en.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/alerts-390-en.png`, fullPage: true });
  // The notice stays until closed: on a phone it stands in the page's flow, over none of the form's controls.
  expect(await controlsUnder(page, '.shell-notices', 'main :is(button, input, select, a)')).toEqual([]);
  expect(await tablesWiderThanTheirBox(page)).toEqual([]);
  await notice.locator('button').click();
  await expect(notice).toHaveCount(0);

  // German, on a phone: falls to 2% under the price the first alert fired at.
  const down = (Number(up) * 0.98).toFixed(5);
  await setAlert('/de', 'priceFalls', down, 'Nachkaufen');
  await expect(page.getByTestId('alerts-active').getByTestId('alert-row')).toContainText(
    `DOGE/USDT: Preis fällt auf ${down}`,
  );
  await trade(down);
  await expect(page.getByTestId('alert-notice')).toContainText(`DOGE/USDT: Preis fällt auf ${down}: ${down} erreicht`);
  await expect(page.getByTestId('alerts-fired').getByTestId('alert-row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/alerts-390-de.png`, fullPage: true });
  expect(await controlsUnder(page, '.shell-notices', 'main :is(button, input, select, a)')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/alerts-1366-de.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
});

/** The screen for a signed-out visitor points to the login. */
test('the alerts screen asks a visitor to log in', async ({ page }: { page: Page }) => {
  await page.goto('/account/alerts');
  await hydrated(page);
  await expect(page.locator('.alerts__signin a')).toHaveText('Log in to set price alerts.');
});
