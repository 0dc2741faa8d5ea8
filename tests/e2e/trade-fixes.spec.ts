import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';
/** A 1×1 PNG, the "payment screenshot". */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Logs a fresh account in through the API and returns its token. */
async function apiLogin(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } });
  return (await res.json()).data.token as string;
}

/** Two accounts trade on a pair through the API so the chart, trades and ticker have data. */
async function printTrades(request: APIRequestContext, symbol: string, base: string, price: string, prices: string[] = [price]) {
  const maker = uniqueName('mk');
  const taker = uniqueName('tk');
  await createAccount(request, maker);
  await createAccount(request, taker);
  await credit(request, maker, base, '100');
  await credit(request, taker, 'USDT', '1000000');
  const [mt, tt] = [await apiLogin(request, maker), await apiLogin(request, taker)];
  for (const p of prices) {
    const sell = await request.post('/api/currency/order/submit', { headers: { authorization: mt }, data: { symbol, side: 'sell', type: 'limit', price: p, quantity: '1' } });
    expect((await sell.json()).code).toBe(200);
    const buy = await request.post('/api/currency/order/submit', { headers: { authorization: tt }, data: { symbol, side: 'buy', type: 'limit', price: p, quantity: '1' } });
    expect((await buy.json()).code).toBe(200);
  }
}

async function openTrade(page: Page, prefix: string, symbol: string) {
  await page.goto(`${prefix}/trade/index?type=spot&symbol=${symbol}`);
  await hydrated(page);
  await expect(page.locator('.ticker-bar__pair')).toBeVisible();
}


/** True when text pixels touch the right edge of the chart's time axis, i.e. a label there is cut off. */
function timeAxisLabelCut(page: Page): Promise<boolean> {
  return page.locator('[data-testid="kline-chart"]').evaluate((box) => {
    const rows = box.querySelectorAll('table tr');
    const canvases = [...rows[rows.length - 1]!.querySelectorAll('canvas')];
    const axis = canvases.sort((a, b) => b.width - a.width)[0]!;
    const ctx = axis.getContext('2d')!;
    const edge = Math.ceil(3 * devicePixelRatio);
    const { data } = ctx.getImageData(axis.width - edge, 3, edge, axis.height - 3);
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! + data[i + 1]! + data[i + 2]! < 450) return true;
    return false;
  });
}

test.describe('layout', () => {
  for (const [width, height] of [[1366, 900], [1280, 720]] as const) {
    test(`the pair list shows its 24h change column and the chart its time labels at ${width}×${height}`, async ({ page, request }) => {
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

test('recent trades, open orders and order history all read the clock of the chosen time zone, not the browser\'s', async ({ browser, request }) => {
  const name = uniqueName('zone');
  await createAccount(request, name);
  await credit(request, name, 'SOL', '10');
  await credit(request, name, 'USDT', '10000');
  // A browser in New York; the display time zone is the default of spec §9, Asia/Hong_Kong.
  const page = await (await browser.newContext({ timezoneId: 'America/New_York' })).newPage();
  await signIn(page, '', { username: name });
  await openTrade(page, '', 'solusdt');
  const hourIn = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date());
  const hongKong = [hourIn('Asia/Hong_Kong')];
  await page.locator('#sell-limit-price').fill('185.00');
  await page.locator('#sell-limit-qty').fill('1');
  await page.locator('.side-form--sell button[type="submit"]').click();
  await expect(page.getByTestId('orders-open')).toContainText('SOL/USDT');
  // Another account takes part of it (an account never trades with itself).
  const taker = uniqueName('zonetk');
  await createAccount(request, taker);
  await credit(request, taker, 'USDT', '1000');
  const res = await request.post('/api/currency/order/submit', { headers: { authorization: await apiLogin(request, taker) }, data: { symbol: 'solusdt', side: 'buy', type: 'limit', price: '185.00', quantity: '0.5' } });
  expect((await res.json()).code).toBe(200);
  await expect(page.getByTestId('recent-trades').locator('tr').first()).toContainText('185.00');
  hongKong.push(hourIn('Asia/Hong_Kong'));

  const tradeHour = (await page.getByTestId('recent-trades').locator('tr').first().locator('td').last().innerText()).slice(0, 2);
  const openHour = (await page.getByTestId('orders-open').locator('tbody tr').first().locator('td').first().innerText()).slice(11, 13);
  expect(hongKong).toContain(tradeHour);
  expect(hongKong).toContain(openHour);
  expect(tradeHour).not.toBe(hourIn('America/New_York'));
  await page.screenshot({ path: `${SHOTS}/trade-zone-en.png` });
});

test.describe('order form messages', () => {
  test('zero, negative and missing prices get the right sentence, with field names in lower case', async ({ page, request }) => {
    const name = uniqueName('msgs');
    await createAccount(request, name);
    await credit(request, name, 'USDT', '1000');
    await signIn(page, '', { username: name });
    await openTrade(page, '', 'bnbusdt');
    const price = page.locator('#buy-limit-price');
    const error = page.locator('.side-form--buy .field__error');
    const buy = page.locator('.side-form--buy button[type="submit"]');
    await page.locator('#buy-limit-qty').fill('1');

    await price.fill('0');
    await buy.click();
    await expect(error).toHaveText('The price must be greater than zero');
    await price.fill('-90000');
    await expect(price).toHaveValue('-90000');
    await expect(error).toHaveText('The price cannot be negative');
    await buy.click();
    await expect(error).toHaveText('The price cannot be negative');
    await expect(page.getByTestId('orders-open')).toHaveCount(0);
    await price.fill('');
    await buy.click();
    await expect(error).toHaveText('Please enter the price');
    await page.screenshot({ path: `${SHOTS}/trade-form-errors-en.png` });

    await openTrade(page, '/de', 'bnbusdt');
    await page.locator('#buy-limit-price').fill('0');
    await page.locator('#buy-limit-qty').fill('1');
    await page.locator('.side-form--buy button[type="submit"]').click();
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Preis muss größer als null sein');
    await page.locator('#buy-limit-price').fill('-1');
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Preis darf nicht negativ sein');
    await expect(page.getByTestId('available-buy')).toHaveText('1,000.00');
    // The German labels are long: both forms must still fit inside their panel.
    const panel = (await page.locator('.order-form').boundingBox())!;
    for (const form of await page.locator('.side-form').all()) {
      const b = (await form.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    await page.screenshot({ path: `${SHOTS}/trade-form-errors-de.png` });
  });

  test('the limit and market tabs are translated in every language', async ({ page }) => {
    const expected: Record<string, [string, string]> = {
      '': ['Limit', 'Market'], '/de': ['Limit', 'Markt'], '/fr': ['Limite', 'Au marché'], '/es': ['Límite', 'Mercado'], '/pt': ['Limite', 'Mercado'],
      '/lt': ['Ribinis', 'Rinkos'], '/ru': ['Лимитный', 'Рыночный'], '/ja': ['指値', '成行'], '/ko': ['지정가', '시장가'], '/zh-CN': ['限价', '市价'],
      '/zh-TW': ['限價', '市價'], '/vi': ['Giới hạn', 'Thị trường'], '/th': ['กำหนดราคา', 'ราคาตลาด'],
    };
    for (const [prefix, tabs] of Object.entries(expected)) {
      await openTrade(page, prefix, 'btcusdt');
      await expect(page.locator('.order-form [role="tab"]')).toHaveText(tabs);
    }
  });

  test('the buttons for a share of the balance and the total use exact arithmetic in the market\'s quote asset', async ({ page, request }) => {
    const name = uniqueName('pct');
    await createAccount(request, name);
    await credit(request, name, 'USDT', '748.07351452');
    await signIn(page, '', { username: name });
    await openTrade(page, '', 'bnbusdt');
    await expect(page.getByTestId('available-buy')).toHaveText('748.07');
    await page.locator('#buy-limit-price').fill('97.13');
    await page.locator('.side-form--buy .percent-row button', { hasText: '50%' }).click();
    // 374.03675726 USDT / 97.13, rounded down to BNB's 3 decimals.
    await expect(page.locator('#buy-limit-qty')).toHaveValue('3.85');
    // 97.13 × 3.85 = 373.9505: a buy's total rounds up at USDT's 2 display decimals.
    await expect(page.getByTestId('total-buy')).toHaveText('373.96');
    await page.locator('.order-form [role="tab"]').nth(1).click();
    await page.locator('.side-form--buy .percent-row button', { hasText: '100%' }).click();
    await expect(page.locator('#buy-market-total')).toHaveValue('748.07');
    await page.locator('#buy-market-total').fill('4.99');
    await page.locator('.side-form--buy button[type="submit"]').click();
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Minimum order total 5 USDT');
  });
});

test('cancel all asks first in the page\'s language; keeping does nothing, confirming cancels, and the count is pluralised', async ({ page, request }) => {
  const name = uniqueName('cxl');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  const token = await apiLogin(request, name);
  const place = async (price: string) => {
    const res = await request.post('/api/currency/order/submit', { headers: { authorization: token }, data: { symbol: 'adausdt', side: 'buy', type: 'limit', price, quantity: '10' } });
    expect((await res.json()).code).toBe(200);
  };
  await place('0.8500');
  await place('0.8400');
  await signIn(page, '/de', { username: name });
  await openTrade(page, '/de', 'adausdt');
  const open = page.getByTestId('orders-open').locator('tbody tr');
  await expect(open).toHaveCount(2);
  const dialog = page.locator('dialog.confirm-dialog');

  await page.locator('.user-orders .panel-head .btn').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText('Alle offenen Orders stornieren?');
  await expect(dialog).toContainText('ADA/USDT');
  await page.screenshot({ path: `${SHOTS}/trade-cancel-all-de.png` });
  await dialog.getByRole('button', { name: 'Orders behalten' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(500);
  await expect(open).toHaveCount(2);

  await page.locator('.user-orders .panel-head .btn').click();
  await dialog.getByRole('button', { name: 'Alle Orders stornieren' }).click();
  await expect(page.locator('.toast--success', { hasText: '2 Orders storniert' })).toBeVisible();
  await expect(page.getByTestId('orders-open')).toHaveCount(0);

  await place('0.8000');
  await openTrade(page, '', 'adausdt');
  await expect(page.getByTestId('orders-open').locator('tbody tr')).toHaveCount(1);
  await page.locator('.user-orders .panel-head .btn').click();
  await page.locator('dialog.confirm-dialog').getByRole('button', { name: 'Cancel all orders' }).click();
  await expect(page.locator('.toast--success', { hasText: '1 order cancelled' })).toBeVisible();
});

test('a 0.00% change is neutral in the ticker, the pair list, the market tables and the home page', async ({ page }) => {
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

test('every balance and amount of an asset is shown by one rule: its display decimals, rounded down, grouped', async ({ page, request }) => {
  const name = uniqueName('nums');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '748.07351452');
  await credit(request, name, 'BTC', '0.00052899');
  const token = await apiLogin(request, name);
  for (const amount of ['1000', '1.12345678']) {
    const up = await request.post('/api/common/upload/OSS', { headers: { authorization: token }, multipart: { file: { name: 'pay.png', mimeType: 'image/png', buffer: PNG } } });
    const screenshot = (await up.json()).data.id as string;
    const res = await request.post('/api/recharge/submit', { headers: { authorization: token }, data: { coin: 'USDT', network: 'TRC20', amount, screenshot } });
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
  expect((await deposits.locator('.wallet-order-no').allInnerTexts()).some((no) => no.startsWith(`R${new Date().getUTCFullYear()}`))).toBe(false);
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
