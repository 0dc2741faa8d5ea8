import { expect, test } from './fixtures.ts';
import { createAccount, credit, signIn, tablesWiderThanTheirBox, uniqueName } from './support.ts';
import { openTrade, printTrades } from './trade-support.ts';

const SHOTS = 'tests/.artifacts/screens';

/**
 * The trade screen's conditional orders (docs/products/spot.md, "Conditional orders"): a stop-limit and an OCO placed
 * from the form, listed with their triggers under "Stop orders" and cancelled, in English and in German.
 */
test('places a stop-limit and an OCO, lists their triggers and cancels them, in English and German', async ({
  page,
  request,
}) => {
  await printTrades(request, 'ethusdt', 'ETH', '3450.00');
  const name = uniqueName('stops');
  await createAccount(request, name);
  await credit(request, name, 'ETH', '5');
  await signIn(page, '', { username: name });
  for (const [prefix, words] of [
    [
      '',
      {
        stop: 'Stop-limit',
        list: 'Stop orders',
        waiting: 'Waiting for trigger',
        stopped: 'Conditional order placed',
        placed: 'OCO placed',
      },
    ],
    [
      '/de',
      {
        stop: 'Stop-Limit',
        list: 'Stop-Orders',
        waiting: 'Wartet auf Auslösung',
        stopped: 'Bedingte Order erteilt',
        placed: 'OCO erteilt',
      },
    ],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTrade(page, prefix, 'ethusdt');
    const form = page.locator('.order-form');
    await form.getByRole('tab', { name: words.stop }).click();
    await page.locator('#sell-stop-stop').fill('3300.00');
    await page.locator('#sell-stop-price').fill('3290.00');
    await page.locator('#sell-stop-qty').fill('1');
    await page.locator('.side-form--sell button[type="submit"]').click();
    // The form clears its amount once the order is placed: the OCO's is typed after that.
    await expect(page.getByText(words.stopped)).toBeVisible();
    await form.getByRole('tab', { name: 'OCO' }).click();
    await page.locator('#sell-oco-price').fill('3600.00');
    await page.locator('#sell-oco-stop').fill('3300.00');
    await page.locator('#sell-oco-qty').fill('1');
    await page.locator('.side-form--sell button[type="submit"]').click();
    await expect(page.getByText(words.placed)).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(`^${words.list} \\(2\\)`) }).click();
    const rows = page.getByTestId('orders-stops').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(/≤ 3[.,]?300[.,]00/);
    await expect(rows.first()).toContainText(words.waiting);
    await page.screenshot({ path: `${SHOTS}/spot-stops-${prefix.slice(1) || 'en'}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/spot-stops-${prefix.slice(1) || 'en'}-390.png`, fullPage: true });
    // On a phone each stop order is a card: nothing cut at the right edge, the cancel in reach.
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    await rows.first().getByRole('button').scrollIntoViewIfNeeded();
    await expect(rows.first().getByRole('button')).toBeInViewport({ ratio: 1 });
    // Cancelling the OCO's row cancels its limit leg too; then the stop-limit.
    for (const count of [1, 0]) {
      await rows.first().getByRole('button').click();
      await expect(rows).toHaveCount(count);
    }
  }
});
