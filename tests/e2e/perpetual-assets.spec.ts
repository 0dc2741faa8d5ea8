import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { operatorToken, ownServer } from './own-server.ts';
import { colouredPixels, createAccount, uniqueName, signIn } from './support.ts';

/**
 * Perpetual futures outside the trade screen: the contract assets in the wallet with transfers in and out, the
 * order centre's USDT-margined tab, and the quotes page's margin tab. The journey runs its own server, on its own data
 * folder and port, without market makers: its users trade with each other at a known price (the contracts' marks
 * come from the listing prices).
 */
ownServer('perp-assets', 8, { MARKET_MAKERS: '0' });
const SHOTS = 'tests/.artifacts/screens';

/** A user with `usdt` USDT in the spot account, and a session token for calls the journey makes through the API. */
async function fundedUser(request: APIRequestContext, name: string, usdt: string): Promise<string> {
  await createAccount(request, name);
  const credited = await request.post('/api/admin/credit', {
    headers: { authorization: await operatorToken(request) },
    data: { username: name, asset: 'USDT', amount: usdt },
  });
  expect((await credited.json()).code).toBe(200);
  return (
    await (
      await request.post('/api/user/login', { data: { type: 'account', username: name, password: 'abc123' } })
    ).json()
  ).data.token as string;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](path, {
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = await res.json();
  expect(body, `${path} ${body.msg}`).toMatchObject({ code: 200 });
  return body.data as T;
}

/** The mark of btcusdt_perp in whole dollars (tick 0.1), and that times pct/100: prices inside the ±5% band. */
async function markOfBtc(request: APIRequestContext): Promise<(pct: bigint) => string> {
  let mark = '';
  await expect
    .poll(async () => {
      const contracts = (await (await request.get('/api/app/coin/open/getContract')).json()).data as Array<{
        symbol: string;
        mark: string | null;
      }>;
      mark = contracts.find((c) => c.symbol === 'btcusdt_perp')?.mark ?? '';
      return mark;
    })
    .not.toBe('');
  const whole = BigInt(mark.split('.')[0]!);
  return (pct) => String((whole * pct) / 100n);
}

const card = (page: Page, asset: string) => page.locator(`.perp-card[data-asset="${asset}"]`);

for (const [prefix, lang, words] of [
  [
    '',
    'en',
    {
      transferIn: 'Transfer in',
      transferOut: 'Transfer out',
      refused: /^Open positions need this margin: at most [0-9.]+ USDT can leave the contract account now$/,
      cancel: 'Cancel',
      cancelled: 'cancelled',
      history: 'Order history',
      statusCancelled: 'Cancelled',
      statusFilled: 'Filled',
      liquidations: 'Liquidations',
      noOpen: 'You have no open contract orders.',
      noLiquidations: 'None of your positions',
      depth: 'Depth',
    },
  ],
  [
    '/zh-CN',
    'zh-CN',
    {
      transferIn: '转入',
      transferOut: '转出',
      refused: /^持仓需要占用这部分保证金：当前最多可从合约账户转出 [0-9.]+ USDT$/,
      cancel: '撤单',
      cancelled: '已撤销',
      history: '历史委托',
      statusCancelled: '已撤销',
      statusFilled: '完全成交',
      liquidations: '强平记录',
      noOpen: '您没有当前合约委托。',
      noLiquidations: '您的仓位没有被强平',
      depth: '深度',
    },
  ],
] as const) {
  test(`a user moves USDT into the contract account, opens a position, is held to what it allows, and cancels an order in the order centre, in ${lang}`, async ({
    page,
    request,
  }) => {
    const name = uniqueName(`perp_${lang.replace('-', '')}`);
    const token = await fundedUser(request, name, '1000');
    await signIn(page, prefix, { username: name });

    // The contract assets: one card per margin asset, all empty.
    await page.goto(`${prefix}/assets/index?key=agreement`);
    await expect(card(page, 'USDT')).toBeVisible();
    await expect(card(page, 'BTC')).toBeVisible();
    await expect(card(page, 'ETH')).toBeVisible();
    await expect(page.getByTestId('margin-balance-USDT')).toContainText('0.00');

    // Transfer in through the wallet's transfer form, opened from the USDT card: spot → contract.
    await card(page, 'USDT').getByRole('button', { name: words.transferIn }).click();
    const dialog = page.getByTestId('contract-transfer');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('select[name="from"]')).toHaveValue('1');
    await expect(dialog.locator('select[name="to"]')).toHaveValue('2');
    await dialog.locator('input[name="amount"]').fill('300');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('margin-balance-USDT')).toHaveText('300.00 USDT');
    await expect(page.getByTestId('maxWithdraw-USDT')).toHaveText('300.00 USDT');

    // A long of 0.01 BTC against another user's resting sell: the position holds margin, the push updates the card.
    const counterparty = await fundedUser(request, uniqueName(`perpcp_${lang.replace('-', '')}`), '1000');
    await call(request, counterparty, 'post', '/api/asset/transferFunds', {
      coin: 'USDT',
      from: 1,
      to: 2,
      amount: '500',
    });
    const at = await markOfBtc(request);
    await call(request, counterparty, 'post', '/api/contract/order/submit', {
      symbol: 'btcusdt_perp',
      side: 'sell',
      type: 'limit',
      price: at(100n),
      quantity: '0.010',
    });
    const filled = await call<{ status: string }>(request, token, 'post', '/api/contract/order/submit', {
      symbol: 'btcusdt_perp',
      side: 'buy',
      type: 'limit',
      price: at(100n),
      quantity: '0.010',
    });
    expect(filled.status).toBe('filled');
    await expect(page.getByTestId('positionMargin-USDT')).not.toHaveText('0.00 USDT');
    const [account] = await call<Array<{ maxWithdraw: string; walletBalance: string }>>(
      request,
      token,
      'get',
      '/api/perpetual/account?kind=usdt',
    );
    expect(Number(account!.maxWithdraw)).toBeLessThan(Number(account!.walletBalance));
    await page.screenshot({ path: `${SHOTS}/perp-contract-assets-${lang}.png`, fullPage: true });

    // Transfer out: the form offers what the position leaves free; asking for more is refused, and the server's
    // translated reason stays beside the amount.
    await card(page, 'USDT').getByRole('button', { name: words.transferOut }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('select[name="from"]')).toHaveValue('2');
    await expect(dialog.locator('select[name="to"]')).toHaveValue('1');
    await dialog.locator('input[name="amount"]').fill('299');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator('.field__error')).toHaveText(words.refused);
    await page.screenshot({ path: `${SHOTS}/perp-transfer-refused-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A resting limit order placed through the API shows in the order centre's USDT-margined tab and is cancelled
    // there.
    const order = await call<{ id: number }>(request, token, 'post', '/api/contract/order/submit', {
      symbol: 'btcusdt_perp',
      side: 'buy',
      type: 'limit',
      price: at(97n),
      quantity: '0.010',
    });
    // The trade screen's depth tab draws the contract's book with the order in it.
    await page.goto(`${prefix}/trade/index?type=usta&symbol=btcusdt_perp`);
    await page.locator('.chart-tabs').getByRole('tab', { name: words.depth }).click();
    const depth = page.getByTestId('depth-chart');
    await expect(depth).not.toHaveAttribute('data-levels', '0');
    await expect.poll(() => colouredPixels(depth.locator('canvas'))).toBeGreaterThan(500);
    await page.screenshot({ path: `${SHOTS}/perp-depth-${lang}.png` });

    await page.goto(`${prefix}/account/entrust?tab=future/u`);
    const open = page.getByTestId('perp-open');
    const row = open.locator(`tr[data-order="${order.id}"]`);
    await expect(row).toBeVisible();
    await expect(open.locator('tbody tr')).toHaveCount(1);
    await expect(row).toContainText('BTCUSDT');
    await expect(row).toContainText('0.010 BTC');
    await page.screenshot({ path: `${SHOTS}/perp-orders-open-${lang}.png` });
    await row.getByRole('button', { name: words.cancel }).click();
    await expect(page.locator('.toast--success', { hasText: words.cancelled })).toBeVisible();
    await expect(page.getByText(words.noOpen)).toBeVisible();

    await page.getByRole('tab', { name: words.history }).click();
    const history = page.getByTestId('perp-history');
    await expect(history.locator(`tr[data-order="${order.id}"]`)).toContainText(words.statusCancelled);
    await expect(history.locator('tbody tr', { hasText: words.statusFilled })).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/perp-orders-history-${lang}.png` });

    await page.getByRole('tab', { name: words.liquidations }).click();
    await expect(page.getByText(words.noLiquidations)).toBeVisible();

    // The cancelled order's margin is back: the API agrees with what the order centre showed.
    const after = await call<{ records: unknown[] }>(
      request,
      token,
      'post',
      '/api/contract/order/list?kind=usdt&state=open',
    );
    expect(after.records).toHaveLength(0);
  });
}

test('the quotes page lists the four perpetual contracts on its margin tab, and a row opens the perpetual screen', async ({
  page,
}) => {
  await page.goto('/quotes/index?tab=margin');
  const rows = page.locator('.market-table tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [symbol, label] of [
    ['btcusdt_perp', 'BTCUSDT Perpetual'],
    ['ethusdt_perp', 'ETHUSDT Perpetual'],
    ['btcusd_perp', 'BTCUSD Perpetual'],
    ['ethusd_perp', 'ETHUSD Perpetual'],
  ] as const) {
    const row = page.locator(`.market-table tr[data-symbol="${symbol}"]`);
    await expect(row).toContainText(label);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/trade/index?type=usta&symbol=${symbol}`);
    await expect(row.locator('td').nth(1)).toHaveText(/^\d[\d,]*\.\d+$/); // the last price, at the contract's decimals
    await expect(row.locator('td').nth(2)).toHaveText(/%$/);
  }
  await expect(page.locator('.market-table tr[data-symbol="btcusd_perp"]')).toContainText('Coin-margined');
  await expect(page.locator('.market-table .star')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/perp-quotes-margin-en.png` });
  await page.locator('.market-table tr[data-symbol="ethusd_perp"] td').first().click();
  await expect(page).toHaveURL(/\/trade\/index\?type=usta&symbol=ethusd_perp$/);

  await page.goto('/zh-CN/quotes/index?tab=margin');
  await expect(page.locator('.market-table tr[data-symbol="btcusdt_perp"]')).toContainText('BTCUSDT 永续');
  await expect(page.locator('.market-table tr[data-symbol="btcusdt_perp"]')).toContainText('U本位');
  await expect(page.locator('.market-table tr[data-symbol="btcusdt_perp"]').getByRole('link')).toHaveAttribute(
    'href',
    '/zh-CN/trade/index?type=usta&symbol=btcusdt_perp',
  );
  await page.screenshot({ path: `${SHOTS}/perp-quotes-margin-zh-CN.png` });
});
