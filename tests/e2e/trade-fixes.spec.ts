import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';
import { enterOperatorAddress } from './manual-addresses.ts';
import { apiLogin, openTrade, printTrades } from './trade-support.ts';

const SHOTS = 'tests/.artifacts/screens';
/** A 1×1 PNG, the "payment screenshot". */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** True when text pixels touch the right edge of the chart's time axis, i.e. a label there is cut off. */
function timeAxisLabelCut(page: Page): Promise<boolean> {
  return page.locator('[data-testid="kline-chart"]').evaluate((box) => {
    const rows = box.querySelectorAll('table tr');
    const canvases = [...rows[rows.length - 1]!.querySelectorAll('canvas')];
    const axis = canvases.sort((a, b) => b.width - a.width)[0]!;
    const ctx = axis.getContext('2d')!;
    const edge = Math.ceil(3 * devicePixelRatio);
    const { data } = ctx.getImageData(axis.width - edge, 3, edge, axis.height - 3);
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3]! > 0 && data[i]! + data[i + 1]! + data[i + 2]! < 450) return true;
    return false;
  });
}

test.describe('layout', () => {
  for (const [width, height] of [
    [1366, 900],
    [1280, 720],
  ] as const) {
    test(`the pair list shows its 24h change column and the chart its time labels at ${width}×${height}`, async ({
      page,
      request,
    }) => {
      await printTrades(request, 'ethusdt', 'ETH', '3450.00');
      await page.setViewportSize({ width, height });
      for (const prefix of ['', '/de', '/ja']) {
        await openTrade(page, prefix, 'ethusdt');
        await expect(page.getByTestId('kline-chart')).not.toHaveAttribute('data-candles', '0');
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${SHOTS}/trade-${prefix.slice(1) || 'en'}-${width}.png` });
        const list = page.locator('.market-list');
        const box = (await list.boundingBox())!;
        for (const cell of await list.locator('tbody tr td:nth-child(3)').all()) {
          const b = (await cell.boundingBox())!;
          expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
        }
        expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
        expect(await timeAxisLabelCut(page)).toBe(false);
      }
    });
  }
});

test("recent trades, open orders and order history all read the clock of the chosen time zone, not the browser's", async ({
  browser,
  request,
}) => {
  const name = uniqueName('zone');
  await createAccount(request, name);
  await credit(request, name, 'SOL', '10');
  await credit(request, name, 'USDT', '10000');
  // A browser in New York; the display time zone is the default of docs/requirements.md §9, Asia/Hong_Kong.
  const page = await (await browser.newContext({ timezoneId: 'America/New_York' })).newPage();
  await signIn(page, '', { username: name });
  await openTrade(page, '', 'solusdt');
  const hourIn = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date());
  const hongKong = [hourIn('Asia/Hong_Kong')];
  await page.locator('#sell-limit-price').fill('185.00');
  await page.locator('#sell-limit-qty').fill('1');
  await page.locator('.side-form--sell button[type="submit"]').click();
  await expect(page.getByTestId('orders-open')).toContainText('SOL/USDT');
  // Another account takes part of it (an account never trades with itself).
  const taker = uniqueName('zonetk');
  await createAccount(request, taker);
  await credit(request, taker, 'USDT', '1000');
  const res = await request.post('/api/currency/order/submit', {
    headers: { authorization: await apiLogin(request, taker) },
    data: { symbol: 'solusdt', side: 'buy', type: 'limit', price: '185.00', quantity: '0.5' },
  });
  expect((await res.json()).code).toBe(200);
  await expect(page.getByTestId('recent-trades').locator('tr').first()).toContainText('185.00');
  hongKong.push(hourIn('Asia/Hong_Kong'));

  const tradeHour = (
    await page.getByTestId('recent-trades').locator('tr').first().locator('td').last().innerText()
  ).slice(0, 2);
  const openHour = (
    await page.getByTestId('orders-open').locator('tbody tr').first().locator('td').first().innerText()
  ).slice(11, 13);
  expect(hongKong).toContain(tradeHour);
  expect(hongKong).toContain(openHour);
  expect(tradeHour).not.toBe(hourIn('America/New_York'));
  await page.screenshot({ path: `${SHOTS}/trade-zone-en.png` });
});

test('a 0.00% change is neutral in the ticker, the pair list, the market tables and the home page', async ({
  page,
}) => {
  const neutral = async (cells: ReturnType<Page['locator']>) => {
    // The tables fill after their data loads: wait for a first cell before taking them all.
    await expect(cells.first()).toBeVisible();
    const all = await cells.all();
    expect(all.length).toBeGreaterThan(0);
    for (const cell of all) {
      await expect(cell).toHaveText('0.00%');
      await expect(cell).toHaveClass(/\bis-flat\b/);
      await expect(cell).not.toHaveClass(/\bis-(up|down)\b/);
    }
  };
  await openTrade(page, '', 'dotusdt');
  await neutral(page.getByTestId('change-24h'));
  await neutral(page.locator('.market-list tbody tr', { hasText: 'DOT/USDT' }).locator('td').nth(2));
  // Neither the gain nor the loss colour.
  const colours = await page.getByTestId('change-24h').evaluate((el) => {
    const colourOf = (cls: string) => {
      const probe = document.createElement('span');
      probe.className = cls;
      el.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    };
    return { flat: getComputedStyle(el).color, up: colourOf('is-up'), down: colourOf('is-down') };
  });
  expect([colours.up, colours.down]).not.toContain(colours.flat);
  await page.goto('/quotes/index');
  await neutral(page.locator('.market-table tbody tr', { hasText: 'DOT' }).locator('td').nth(2));
  await page.goto('/home/index');
  const home = page.locator('.home-markets');
  await home.scrollIntoViewIfNeeded();
  await neutral(home.locator('.market-table').nth(1).locator('tbody tr td:nth-child(3)'));
});

test('every balance and amount of an asset is shown by one rule: its display decimals, rounded down, grouped', async ({
  page,
  request,
}) => {
  const name = uniqueName('nums');
  await enterOperatorAddress(request, 'USDT', 'TRC20');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '748.07351452');
  await credit(request, name, 'BTC', '0.00052899');
  const token = await apiLogin(request, name);
  for (const amount of ['1000', '1.12345678']) {
    const up = await request.post('/api/common/upload/OSS', {
      headers: { authorization: token },
      multipart: { file: { name: 'pay.png', mimeType: 'image/png', buffer: PNG } },
    });
    const screenshot = (await up.json()).data.id as string;
    const res = await request.post('/api/recharge/submit', {
      headers: { authorization: token },
      data: { coin: 'USDT', network: 'TRC20', amount, screenshot },
    });
    expect((await res.json()).code).toBe(200);
  }
  await signIn(page, '', { username: name });

  await page.goto('/assets/index?key=overview');
  await expect(page.getByTestId('coin-table').locator('tr[data-coin="USDT"] td').nth(1)).toHaveText('748.07');
  await expect(page.getByTestId('coin-table').locator('tr[data-coin="BTC"] td').nth(1)).toHaveText('0.000528');
  await page.goto('/assets/index?key=withdraw');
  await expect(page.getByTestId('withdraw-available')).toHaveText('748.07 USDT');
  await page.goto('/assets/index?key=transfer');
  await expect(page.locator('.field__hint').first()).toContainText('748.07');
  await page.goto('/account/wallet?tab=history-deposit');
  const deposits = page.getByTestId('records-deposits');
  await expect(deposits).toContainText('1,000.00');
  await expect(deposits).toContainText('1.12');
  await expect(deposits).not.toContainText('1,000.00000000');
  await expect(deposits).not.toContainText('1.12345678');
  // Order numbers carry no clock that could disagree with the time shown beside them.
  for (const no of await deposits.locator('.wallet-order-no').allInnerTexts()) expect(no).toMatch(/^R\d{20}$/);
  expect(
    (await deposits.locator('.wallet-order-no').allInnerTexts()).some((no) =>
      no.startsWith(`R${new Date().getUTCFullYear()}`),
    ),
  ).toBe(false);
  await page.screenshot({ path: `${SHOTS}/wallet-deposits-en.png`, fullPage: true });

  await openTrade(page, '', 'btcusdt');
  await expect(page.getByTestId('available-buy')).toHaveText('748.07');
  await expect(page.getByTestId('available-sell')).toHaveText('0.000528');
  await openTrade(page, '/de', 'btcusdt');
  await expect(page.getByTestId('available-buy')).toHaveText('748.07');
  await page.goto('/de/assets/index?key=overview');
  await expect(page.getByTestId('coin-table').locator('tr[data-coin="USDT"] td').nth(1)).toHaveText('748.07');
  await page.screenshot({ path: `${SHOTS}/wallet-overview-de.png`, fullPage: true });
});
