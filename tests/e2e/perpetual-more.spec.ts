import { formatAssetAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { perpetualServer } from './perpetual-support.ts';
import { createAccount, signIn, uniqueName } from './support.ts';

/** More of the perpetual screens on a server of their own: a liquidation, a coin-margined long, a visitor. */
const { BASE, index, json, login, credit, assetDecimals, shot, rowMatchesApi } = perpetualServer('perp-more', 22);

test('an isolated short is liquidated when the index moves past its liquidation price, and shows under Liquidations', async ({
  page,
  request,
}) => {
  const d = loadDictionary('en');
  const name = uniqueName('perp_liq');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  const token = await login(request, name);
  const h = { authorization: token };
  expect(
    (
      await json(
        request.post(`${BASE}/api/asset/transferFunds`, {
          headers: h,
          data: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
        }),
      )
    ).code,
  ).toBe(200);
  expect(
    (
      await json(
        request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, {
          headers: h,
          data: { symbol: 'ethusdt_perp', leverage: 20, marginMode: 'isolated' },
        }),
      )
    ).code,
  ).toBe(200);
  await signIn(page, '', { username: name });
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

test('a coin-margined long in whole contracts on the full-screen page, its margin in BTC', async ({
  page,
  request,
}) => {
  const d = loadDictionary('en');
  const name = uniqueName('perp_coin');
  await createAccount(request, name);
  await credit(request, name, 'BTC', '0.1');
  const token = await login(request, name);
  expect(
    (
      await json(
        request.post(`${BASE}/api/asset/transferFunds`, {
          headers: { authorization: token },
          data: { coin: 'BTC', from: 1, to: 2, amount: '0.1' },
        }),
      )
    ).code,
  ).toBe(200);
  await signIn(page, '', { username: name });
  await page.goto('/exchange/full-contract/coin');
  await expect(page.locator('.perp-header')).toContainText('BTCUSD');
  await expect(page.getByTestId('perp-available')).toHaveText(
    formatAssetAmount('0.1', (await assetDecimals(request, token)).BTC),
  );
  await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
  // Whole contracts only: the field keeps no decimals.
  await page.locator('#perp-qty').fill('2.5');
  // The point stays while typing (so 10.5 never becomes 105), the decimals go; leaving the field drops the point.
  await expect(page.locator('#perp-qty')).toHaveValue('2.');
  await page.locator('#perp-qty').blur();
  await expect(page.locator('#perp-qty')).toHaveValue('2');
  await page.locator('#perp-qty').fill('10');
  await expect(page.getByTestId('perp-cost-buy')).toHaveText(/ BTC$/);
  await page.getByRole('button', { name: d['perp.buyLong'] }).click();
  const long = await rowMatchesApi(page, request, token, 'btcusd_perp', d['perp.cont']);
  expect(long).toMatchObject({ side: 'long', quantity: '10', marginAsset: 'BTC' });
  await shot(page, 'perpetual-coin-en');
});

test('a visitor sees the contracts, the book and a login prompt, and the full-screen coin-margined page', async ({
  page,
}) => {
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
