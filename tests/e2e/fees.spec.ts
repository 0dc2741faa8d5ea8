import type { FeeSchedule } from '../../isomorphic/contract/fees.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, signIn, signInOperator, uniqueName } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

/**
 * The VIP fee levels as a user meets them: the home page's fee card leads to the fee page, which lists the schedule
 * the API holds and, signed in, the reader's own level; the account centre's fee tab shows the level, the 30-day
 * volumes and the next threshold; the console's desk lists the schedule and refuses a rate that rises with the level
 * before sending it (nothing is saved: other journeys charge by the schedule). English, then German, at 1366 and
 * 390 px.
 */
test('the fee page and the account centre show the schedule and the reader’s level, in English and German', async ({
  page,
  request,
}) => {
  const schedule = (await (await request.get('/api/fees/schedule')).json()).data as FeeSchedule;
  const username = uniqueName('fees');
  await createAccount(request, username);
  await signIn(page, '', { username });
  const en = loadDictionary('en');
  await page.goto('/home/index');
  await page.getByRole('link', { name: en['fees.mine.schedule'] }).first().click();
  await expect(page).toHaveURL(/\/fees\/index$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['fees.title']!);
  const rows = page.getByTestId('fee-schedule').locator('tbody tr');
  await expect(rows).toHaveCount(schedule.levels.length);
  // VIP 0's spot maker rate, as the table writes hundredths of a basis point: 1,000 → 0.10% (750 would be 0.075%).
  const vip0 = schedule.levels[0]!;
  await expect(rows.first()).toContainText(`0.${String(vip0.spotMakerRate / 100).padStart(2, '0')}%`);
  await expect(page.getByTestId('my-fee-level-name')).toHaveText('VIP 0');
  await page.screenshot({ path: `${SHOTS}/fees-en-1366.png`, fullPage: true });

  const de = loadDictionary('de');
  await page.goto('/de/fees/index');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['fees.title']!);
  await expect(page.getByTestId('fee-schedule').locator('thead')).toContainText(de['fees.spotMaker']!);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('fee-schedule')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/fees-de-390.png`, fullPage: true });

  await page.goto('/de/account/center?tab=fees');
  const mine = page.getByTestId('my-fee-level');
  await expect(mine.getByTestId('my-fee-level-name')).toHaveText('VIP 0');
  await expect(mine).toContainText(/0[.,]00 USDT/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/fees-account-de-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/fees-account-de-1366.png`, fullPage: true });

  await signInOperator(page, '/de');
  await page.goto('/de/admin');
  await page.getByRole('tab', { name: de['admin.tab.fees'], exact: true }).click();
  const desk = page.getByTestId('admin-fee-schedule');
  await expect(desk.locator('tbody tr')).toHaveCount(schedule.levels.length);
  await page.screenshot({ path: `${SHOTS}/fees-admin-de-1366.png`, fullPage: true });
  // Rates are edited as a percent: VIP 0's 0.10% reads 0.10; 0.5% for VIP 1 would rise above it.
  await expect(desk.getByRole('textbox', { name: `VIP 0 ${de['fees.spotMaker']}` })).toHaveValue('0.10');
  await desk.getByRole('textbox', { name: `VIP 1 ${de['fees.spotMaker']}` }).fill('0.5');
  await page.getByRole('button', { name: de['admin.save'], exact: true }).click();
  await expect(page.getByText(de['error.feeScheduleRates']!)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/fees-admin-de-390.png`, fullPage: true });
});
