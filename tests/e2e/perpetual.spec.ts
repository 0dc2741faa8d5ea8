import { createServer, type Server } from 'node:http';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ContractView, PerpPosition, StopOrder } from '../../src/lib/contract/perpetual.ts';
import { formatAmount, formatAssetAmount } from '../../src/lib/format/index.ts';
import { loadDictionary } from '../../src/lib/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { advanceClock, operatorToken, ownServer, serverClock } from './own-server.ts';
import { createAccount, uniqueName } from './support.ts';

/**
 * Perpetual futures need an index the test can move (a tiny price feed on loopback, the server's PRICE_FEED_URL)
 * and a counterparty: this journey runs its own server on its own data folder and port, with a market maker
 * account (through the API) resting orders on both sides of the book.
 */
const SHOTS = 'tests/.artifacts/screens';
/** The index the test moves: served on loopback at a port of its own, next to the journey's server. */
const FEED_PORT = Number(process.env.E2E_PORT ?? 4410) + 12;
/** Funding every 30 s; a journey moves the server's driven clock to the next funding time instead of waiting for it. */
const FUNDING_MS = 30_000;
const index: Record<string, string> = { BTCUSDT: '96500.00', ETHUSDT: '3450.00' };
let feed: Server;

// The feed listens before the journey's server starts and asks it for the index.
test.beforeAll(async () => {
  feed = createServer((req, res) => {
    const symbol = decodeURIComponent((req.url ?? '').slice(1));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(index[symbol] ? { price: index[symbol] } : { error: 'unknown' }));
  });
  await new Promise<void>((resolve) => feed.listen(FEED_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => feed.close(resolve));
});

const BASE = ownServer('perp', 11, { MARKET_MAKERS: '0', PRICE_FEED_URL: `http://127.0.0.1:${FEED_PORT}/{SYMBOL}`, PERP_FUNDING_INTERVAL_MS: String(FUNDING_MS), DRIVEN_CLOCK: '1' });

async function json<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<{ code: number; msg: string; data: T }> {
  return (await (await res).json()) as { code: number; msg: string; data: T };
}

async function login(request: APIRequestContext, username: string): Promise<string> {
  return (await json<{ token: string }>(request.post(`${BASE}/api/user/login`, { data: { type: 'account', username, password: 'abc123' } }))).data.token;
}

async function credit(request: APIRequestContext, username: string, asset: string, amount: string): Promise<void> {
  const ops = await operatorToken(request);
  expect((await json(request.post(`${BASE}/api/admin/credit`, { headers: { authorization: ops }, data: { username, asset, amount } }))).code).toBe(200);
}

/** Display decimals of each asset, as the wallet shows them. */
async function assetDecimals(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const rows = (await json<Array<{ coin: string; displayDecimals: number }>>(request.post(`${BASE}/api/asset/getCurrencyAccount?type=2`, { headers: { authorization: token } }))).data;
  return Object.fromEntries(rows.map((r) => [r.coin, r.displayDecimals]));
}

const contracts = async (request: APIRequestContext) => (await json<ContractView[]>(request.get(`${BASE}/api/app/coin/open/getContract`))).data;
const positionsOf = async (request: APIRequestContext, token: string) => (await json<PerpPosition[]>(request.post(`${BASE}/api/contract/position/list`, { headers: { authorization: token } }))).data;

/**
 * A market maker: 1,000,000 USDT and 10 BTC in the contract account, ten levels each side of BTCUSDT, ETHUSDT and
 * BTCUSD around the index, enough for every order of the journeys to fill at market.
 */
async function marketMaker(request: APIRequestContext): Promise<void> {
  const name = uniqueName('perp_maker');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000000');
  await credit(request, name, 'BTC', '10');
  const token = await login(request, name);
  const h = { authorization: token };
  for (const [coin, amount] of [['USDT', '1000000'], ['BTC', '10']]) {
    expect((await json(request.post(`${BASE}/api/asset/transferFunds`, { headers: h, data: { coin, from: 1, to: 2, amount } }))).code).toBe(200);
  }
  for (const c of (await contracts(request)).filter((x) => x.symbol !== 'ethusd_perp')) {
    expect((await json(request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, { headers: h, data: { symbol: c.symbol, leverage: 10, marginMode: 'cross' } }))).code).toBe(200);
    const mark = Number(c.mark);
    const step = c.base === 'BTC' ? 10 : 0.5;
    const quantity = c.kind === 'coin' ? '100' : c.base === 'BTC' ? '0.5' : '5';
    for (let i = 1; i <= 10; i++) {
      for (const [side, price] of [['buy', mark - i * step], ['sell', mark + i * step]] as const) {
        const placed = await json(request.post(`${BASE}/api/contract/order/submit`, { headers: h, data: { symbol: c.symbol, side, type: 'limit', price: price.toFixed(c.priceScale), quantity } }));
        expect(placed.code, placed.msg).toBe(200);
      }
    }
  }
}

test.beforeAll(async ({ request }) => {
  // The marks come from the feed's index within a sampling period or two.
  await expect.poll(async () => (await contracts(request)).find((c) => c.symbol === 'btcusdt_perp')?.mark, { timeout: 20_000 }).toBe('96500.0');
  await marketMaker(request);
});

/** A whole-page screenshot from the top, so the sticky bar sits where it belongs. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A row's cell by its test id. */
const cell = (row: Locator, id: string) => row.getByTestId(id);

/**
 * The position row shows what the API says, number for number (marks move: both are read again until they agree).
 * Size, entry, liquidation price and margin at the contract's precision and the asset's two decimals.
 */
async function rowMatchesApi(page: Page, request: APIRequestContext, token: string, symbol: string, unit?: string): Promise<PerpPosition> {
  let position: PerpPosition | undefined;
  const decimals = await assetDecimals(request, token);
  await expect(async () => {
    position = (await positionsOf(request, token)).find((p) => p.symbol === symbol);
    expect(position).toBeTruthy();
    const c = (await contracts(request)).find((x) => x.symbol === symbol)!;
    const row = page.getByTestId(`perp-position-${symbol}`);
    await expect(cell(row, 'position-size')).toHaveText(`${formatAmount(position!.quantity, c.qtyScale)} ${unit ?? c.base}`, { timeout: 500 });
    await expect(cell(row, 'position-entry')).toHaveText(formatAmount(position!.entryPrice, c.priceScale), { timeout: 500 });
    await expect(cell(row, 'position-liq')).toHaveText(position!.liquidationPrice ? formatAmount(position!.liquidationPrice, c.priceScale) : '--', { timeout: 500 });
    await expect(cell(row, 'position-margin')).toHaveText(formatAssetAmount(position!.margin, decimals[c.marginAsset]), { timeout: 500 });
    await expect(cell(row, 'position-ratio')).toHaveText(`${position!.marginRatio}%`, { timeout: 500 });
    await expect(cell(row, 'position-mode')).toContainText(`${position!.leverage}×`, { timeout: 500 });
    await expect(cell(row, 'position-adl')).toHaveAttribute('data-rank', String(position!.adlRank), { timeout: 500 });
    await expect(cell(row, 'position-roe')).toHaveText(`(${/^-/.test(position!.roe) || /^0(\.0+)?$/.test(position!.roe) ? '' : '+'}${position!.roe}%)`, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  return position!;
}

for (const [prefix, lang] of [['', 'en'], ['/de', 'de']] as const) {
  test(`a user funds the contract account, opens a cross long and an isolated short with TP/SL, adds margin and closes all, in ${lang}`, async ({ page, request }) => {
    const d = loadDictionary(lang);
    const name = uniqueName(`perp_${lang}`);
    await createAccount(request, name);
    await credit(request, name, 'USDT', '10000');
    const token = await login(request, name);

    await page.goto(`${prefix}/user/login`);
    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill('abc123');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/home/index$`));

    // 1. 5,000 USDT from the spot account into the contract account, on the wallet's transfer screen.
    await page.goto(`${prefix}/assets/index?key=transfer`);
    await page.locator('select[name="to"]').selectOption('2');
    await page.locator('input[name="amount"]').fill('5000');
    await page.getByRole('button', { name: d['assets.transferNow'] }).click();
    await expect(page.locator('.toast--success', { hasText: d['assets.transferDone'] })).toBeVisible();

    // 2. A cross long on BTCUSDT at 10×, at market.
    await page.goto(`${prefix}/trade/index?type=usta&symbol=btcusdt_perp`);
    await expect(page.getByTestId('perp-available')).toHaveText('5,000.00');
    await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await expect(page.getByRole('radio', { name: d['perp.mode.cross'] })).toHaveAttribute('aria-checked', 'true');
    await page.locator('#perp-leverage').fill('10');
    await page.getByRole('button', { name: d['perp.apply'] }).click();
    await expect(page.locator('.toast--success', { hasText: '10×' })).toBeVisible();
    await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
    await page.locator('#perp-qty').fill('0.05');
    // The cost of a long comes from the server's preview as the user types.
    await expect(page.getByTestId('perp-cost-buy')).not.toHaveText(/^(--|0\.00 USDT)$/);
    await page.getByRole('button', { name: d['perp.buyLong'] }).click();
    await expect(page.locator('.toast--success').first()).toBeVisible();
    await expect(page.getByTestId('perp-position-btcusdt_perp')).toHaveAttribute('data-side', 'long');
    const long = await rowMatchesApi(page, request, token, 'btcusdt_perp');
    expect(long).toMatchObject({ side: 'long', marginMode: 'cross', leverage: 10, quantity: '0.050' });

    // 3. Its take-profit and stop-loss in the dialog.
    const entry = Number(long.entryPrice);
    await page.getByTestId('perp-position-btcusdt_perp').getByRole('button', { name: d['perp.edit'] }).click();
    const stopDialog = page.getByTestId('perp-stop-dialog');
    await stopDialog.locator('#perp-trade-dialog-takeProfit').fill((entry + 3000).toFixed(1));
    await stopDialog.locator('#perp-trade-dialog-stopLoss').fill((entry - 3000).toFixed(1));
    await page.screenshot({ path: `${SHOTS}/perpetual-tpsl-dialog-${lang}.png` });
    await stopDialog.getByRole('button', { name: d['perp.confirm'] }).click();
    await expect(stopDialog).toBeHidden();
    await expect(page.getByTestId('perp-position-btcusdt_perp').getByTestId('position-tpsl')).toHaveText(`${formatAmount(entry + 3000, 1)} / ${formatAmount(entry - 3000, 1)}`);

    // 4. An isolated short on ETHUSDT at 25×, with its TP/SL from the order form.
    await page.getByTestId('perp-contracts').getByRole('button', { name: 'ETHUSDT' }).click();
    await expect(page).toHaveURL(/symbol=ethusdt_perp/);
    await page.getByRole('radio', { name: d['perp.mode.isolated'] }).click();
    await expect(page.getByRole('radio', { name: d['perp.mode.isolated'] })).toHaveAttribute('aria-checked', 'true');
    await page.locator('#perp-leverage').fill('25');
    await page.getByRole('button', { name: d['perp.apply'] }).click();
    await expect(page.locator('.toast--success', { hasText: '25×' })).toBeVisible();
    await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
    await page.locator('#perp-qty').fill('1');
    await page.getByLabel(d['perp.tpsl']).check();
    const ethMark = Number((await contracts(request)).find((c) => c.symbol === 'ethusdt_perp')!.mark);
    await page.locator('#perp-tp').fill((ethMark * 0.95).toFixed(2));
    await page.locator('#perp-sl').fill((ethMark * 1.02).toFixed(2));
    await page.getByRole('button', { name: d['perp.sellShort'] }).click();
    await expect(page.getByTestId('perp-position-ethusdt_perp')).toHaveAttribute('data-side', 'short');
    const short = await rowMatchesApi(page, request, token, 'ethusdt_perp');
    expect(short).toMatchObject({ side: 'short', marginMode: 'isolated', leverage: 25, quantity: '1.000' });
    await expect.poll(async () => (await json<StopOrder[]>(request.post(`${BASE}/api/contract/loss/list`, { headers: { authorization: token } }))).data.filter((s) => s.status === 'active').length).toBe(4);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.stops']}`) }).click();
    await expect(page.getByTestId('perp-stops').locator('tbody tr')).toHaveCount(4);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.positions']}`) }).click();

    // 5. The margin mode cannot change under a position: the server's message, in the page's language.
    const refused = await json(request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, { headers: { authorization: token, lang }, data: { symbol: 'ethusdt_perp', leverage: 25, marginMode: 'cross' } }));
    expect(refused.code).toBe(4107);
    await page.getByRole('radio', { name: d['perp.mode.cross'] }).click();
    await expect(page.locator('.toast--error', { hasText: refused.msg })).toBeVisible();
    await expect(page.getByRole('radio', { name: d['perp.mode.isolated'] })).toHaveAttribute('aria-checked', 'true');

    // 6. 50 USDT more margin for the isolated short.
    await page.getByTestId('perp-position-ethusdt_perp').getByRole('button', { name: d['perp.margin.adjust'] }).click();
    const marginDialog = page.getByTestId('perp-margin-dialog');
    await marginDialog.locator('#perp-margin-amount').fill('50');
    await page.screenshot({ path: `${SHOTS}/perpetual-margin-dialog-${lang}.png` });
    await marginDialog.getByRole('button', { name: d['perp.confirm'] }).click();
    await expect(marginDialog).toBeHidden();
    const added = await rowMatchesApi(page, request, token, 'ethusdt_perp');
    expect(Number(added.margin) - Number(short.margin)).toBeCloseTo(50, 6);
    await expect(page.getByTestId('perp-positions').locator('tbody tr')).toHaveCount(2);

    // 7. Funded: at the next funding time the long pays and the short receives, and the rows say so. The clock jumps
    // to just past it; the funding job, which checks every second, settles it at its next check.
    const nextFunding = Math.max(...(await contracts(request)).map((c) => c.nextFundingTime));
    const jump = nextFunding - (await serverClock()).now + 500;
    if (jump > 0) await advanceClock(Math.min(jump, FUNDING_MS));
    await expect.poll(async () => (await positionsOf(request, token)).every((p) => p.funding !== '0.00000000'), { timeout: 10_000, intervals: [500] }).toBe(true);
    const funded = await positionsOf(request, token);
    expect(funded.find((p) => p.symbol === 'btcusdt_perp')!.funding).toMatch(/^-/);
    expect(funded.find((p) => p.symbol === 'ethusdt_perp')!.funding).not.toMatch(/^-/);
    const decimals = await assetDecimals(request, token);
    for (const p of funded) {
      const shown = page.getByTestId(`perp-position-${p.symbol}`).getByTestId('position-funding');
      await expect.poll(async () => (await shown.textContent())?.replace(/^[+-]/, '')).toBe(`${formatAssetAmount(p.funding.replace(/^-/, ''), decimals.USDT!)} USDT`);
    }
    const history = (await json<{ history: unknown[] }>(request.get(`${BASE}/api/app/coin/getFundingRate?symbolName=btcusdt_perp`))).data.history;
    expect(history.length).toBeGreaterThan(0);
    await shot(page, `perpetual-positions-${lang}`);

    // 8. Close all, after a confirmation.
    await page.getByRole('button', { name: d['perp.closeAll'] }).click();
    await page.locator('dialog[open]').getByRole('button', { name: d['perp.closeAll'] }).click();
    await expect(page.getByText(d['perp.noPositions']!)).toBeVisible();
    expect(await positionsOf(request, token)).toEqual([]);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.history']}`) }).click();
    await expect(page.getByTestId('perp-order-history').locator('tbody tr')).not.toHaveCount(0);
    await shot(page, `perpetual-closed-${lang}`);
  });
}

test('an isolated short is liquidated when the index moves past its liquidation price, and shows under Liquidations', async ({ page, request }) => {
  const d = loadDictionary('en');
  const name = uniqueName('perp_liq');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  const token = await login(request, name);
  const h = { authorization: token };
  expect((await json(request.post(`${BASE}/api/asset/transferFunds`, { headers: h, data: { coin: 'USDT', from: 1, to: 2, amount: '1000' } }))).code).toBe(200);
  expect((await json(request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, { headers: h, data: { symbol: 'ethusdt_perp', leverage: 20, marginMode: 'isolated' } }))).code).toBe(200);
  await page.goto('/user/login');
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill('abc123');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/trade/index?type=usta&symbol=ethusdt_perp');
  await hydrated(page);
  await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
  await page.locator('#perp-qty').fill('1');
  await page.getByRole('button', { name: d['perp.sellShort'] }).click();
  const short = await rowMatchesApi(page, request, token, 'ethusdt_perp');
  try {
    index.ETHUSDT = (Number(short.liquidationPrice) * 1.1).toFixed(2);
    await expect(page.getByText(d['perp.noPositions']!)).toBeVisible({ timeout: 30_000 });
  } finally {
    index.ETHUSDT = '3450.00';
  }
  await page.getByRole('tab', { name: d['perp.tab.liquidations'] }).click();
  const rows = page.getByTestId('perp-liquidations').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('ETHUSDT');
  await expect(rows.first()).toContainText(d['perp.side.short']!);
  await shot(page, 'perpetual-liquidated-en');
});

test('a coin-margined long in whole contracts on the full-screen page, its margin in BTC', async ({ page, request }) => {
  const d = loadDictionary('en');
  const name = uniqueName('perp_coin');
  await createAccount(request, name);
  await credit(request, name, 'BTC', '0.1');
  const token = await login(request, name);
  expect((await json(request.post(`${BASE}/api/asset/transferFunds`, { headers: { authorization: token }, data: { coin: 'BTC', from: 1, to: 2, amount: '0.1' } }))).code).toBe(200);
  await page.goto('/user/login');
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill('abc123');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/home\/index$/);
  await page.goto('/exchange/full-contract/coin');
  await expect(page.locator('.perp-header')).toContainText('BTCUSD');
  await expect(page.getByTestId('perp-available')).toHaveText(formatAssetAmount('0.1', (await assetDecimals(request, token)).BTC));
  await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
  // Whole contracts only: the field keeps no decimals.
  await page.locator('#perp-qty').fill('2.5');
  await expect(page.locator('#perp-qty')).toHaveValue('2');
  await page.locator('#perp-qty').fill('10');
  await expect(page.getByTestId('perp-cost-buy')).toHaveText(/ BTC$/);
  await page.getByRole('button', { name: d['perp.buyLong'] }).click();
  const long = await rowMatchesApi(page, request, token, 'btcusd_perp', d['perp.cont']);
  expect(long).toMatchObject({ side: 'long', quantity: '10', marginAsset: 'BTC' });
  await shot(page, 'perpetual-coin-en');
});

test('a visitor sees the contracts, the book and a login prompt, and the full-screen coin-margined page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/trade/index?type=usta');
  await expect(page.getByTestId('perp-contracts').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('perp-mark')).toHaveText(/^\d/);
  await expect(page.getByTestId('perp-asks').locator('tr')).not.toHaveCount(0);
  await expect(page.getByTestId('perp-login')).toBeVisible();
  await expect(page.locator('.toast--error')).toHaveCount(0);
  await page.getByRole('tab', { name: 'COIN-M' }).click();
  await expect(page.getByTestId('perp-contracts')).toContainText('BTCUSD');
  await shot(page, 'perpetual-visitor-en');

  await page.goto('/zh-CN/exchange/full-contract/coin');
  await expect(page.getByTestId('perp-screen')).toBeVisible();
  await expect(page.getByRole('tab', { name: '币本位' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.perp-header')).toContainText('BTCUSD');
  await expect(page.getByTestId('perp-login')).toContainText('登录');
  await shot(page, 'perpetual-full-coin-zh-CN');
  expect(errors).toEqual([]);
});
