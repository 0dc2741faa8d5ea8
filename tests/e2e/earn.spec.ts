import type { APIRequestContext, Page } from '@playwright/test';
import type { EarnOrder, EarnProduct } from '../../isomorphic/contract/earn.ts';
import type { CurrencyAccountRow, Page as ListPage } from '../../isomorphic/contract/wallet.ts';
import { formatAssetAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { advanceClock, ownServer } from './own-server.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';

/**
 * Staking and finance from the user's side, on a server of its own whose clock the test drives: the staking list,
 * a subscription with its refusals said in the page's language (outside the limits, too precise, past the count), an
 * early redemption with the server's preview asked first (balances in the wallet and the bills), then a fixed-term
 * and a flexible investment, days driven on, the flexible interest arriving day by day and the fixed one at its
 * end, with the records in the wallet, the bills and the income history.
 */
const SHOTS = 'tests/.artifacts/screens';
ownServer('earn', 18, { MARKET_MAKERS: '0', DRIVEN_CLOCK: '1' });
const DAY = 86_400_000;

async function ask<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const res = await request.post(path, {
    headers: { authorization: token },
    ...(body === undefined ? {} : { data: body }),
  });
  const json = await res.json();
  expect(json.code, `${path} ${json.msg}`).toBe(200);
  return json.data as T;
}

/** Moves the server's clock to `at` (a time on the server's own clock). */
async function clockTo(request: APIRequestContext, at: number): Promise<void> {
  const { serverTime } = ((await (await request.get('/api/common/time')).json()) as { data: { serverTime: number } })
    .data;
  if (at > serverTime) await advanceClock(at - serverTime);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`a user stakes and redeems early, invests in a fixed-term and a flexible product, and sees the interest arrive, in ${lang}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const d = loadDictionary(lang);
    const tr = (key: string, params: Record<string, string | number> = {}) =>
      d[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
    const name = uniqueName(`earn${lang.slice(0, 2)}`);
    await createAccount(request, name);
    await credit(request, name, 'USDT', '5000');
    const token = (
      (await (
        await request.post('/api/user/login', { data: { type: 'account', username: name, password: 'abc123' } })
      ).json()) as { data: { token: string } }
    ).data.token;
    const coins = (type: number) =>
      ask<CurrencyAccountRow[]>(request, token, `/api/asset/getCurrencyAccount?type=${type}`);
    const usdtOf = async (type: number) => (await coins(type)).find((c) => c.coin === 'USDT')!;
    const usdtDecimals = (await usdtOf(1)).displayDecimals;
    const usdt = (v: string) => formatAssetAmount(v, usdtDecimals);
    const orders = async (kind: string) =>
      (await ask<ListPage<EarnOrder>>(request, token, `/api/order/list?kind=${kind}`)).records;
    const staking = (await ask<EarnProduct[]>(request, token, '/api/pledge/list')).find(
      (p) => p.names.en === 'USDT staking · 7 days',
    )!;
    const finance = await ask<EarnProduct[]>(request, token, '/api/finance/list');
    const fixed = finance.find((p) => p.names.en === 'USDT fixed term · 90 days')!;
    const flexible = finance.find((p) => p.kind === 'flexible')!;

    // 1. The staking list: every product's limit, daily rate, cycle, count left, amount subscribed and progress.
    await signIn(page, prefix, { username: name });
    await page.goto(`${prefix}/pledge/index`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['earn.pledge.title']!);
    const card = page.getByTestId(`earn-product-${staking.id}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(
      tr('earn.title.pledge', { coin: 'USDT', days: tr('earn.days_other', { count: 7 }) }),
    );
    await expect(card.getByTestId('earn-daily-rate')).toHaveText('0.05%');
    await expect(card.getByTestId('earn-count')).toHaveText(tr('earn.product.countLeft', { left: 5, n: 0, max: 5 }));
    await expect(card.getByTestId('earn-progress')).toBeVisible();
    await expect(card.getByTestId('earn-rule')).toContainText(d['earn.rule.forfeit']!);
    await shot(page, `earn-pledge-${lang}`);

    // 2. Subscribing: refusals first, in words, and nothing changes; then the whole cycle's interest and the first day.
    await card.getByRole('link', { name: d['earn.pledge.subscribe'] }).click();
    await hydrated(page);
    const form = page.getByTestId('earn-subscribe-form');
    const amount = form.locator('input[name="amount"]');
    const submit = form.getByRole('button', { name: d['earn.subscribe.submit'] });
    await expect(form).toContainText(tr('earn.subscribe.available', { balance: usdt('5000'), coin: 'USDT' }));
    await amount.fill('50');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(
      tr('error.earnOutsideLimits', { min: '100', max: '50000', coin: 'USDT' }),
    );
    await amount.fill('100.123456789');
    await submit.click();
    await expect(form.getByRole('alert')).toHaveText(tr('margin.error.tooPrecise', { decimals: 8 }));
    await shot(page, `earn-refused-${lang}`);
    expect((await usdtOf(1)).available).toBe('5000.00000000');
    await form.getByRole('button', { name: d['earn.subscribe.max'] }).click();
    await expect(amount).toHaveValue('5000');
    await amount.fill('1000');
    await expect(form.getByTestId('earn-interest')).toHaveText(`${usdt('3.5')} USDT`);
    await expect(form.getByTestId('earn-first-day')).not.toBeEmpty();
    await expect(form).toContainText(d['earn.rule.forfeit']!);
    await shot(page, `earn-subscribe-${lang}`);
    await submit.click();
    await expect(page.getByTestId('earn-subscribed')).toContainText(usdt('1000'));
    const [order] = await orders('pledge');
    expect(order).toMatchObject({ amount: '1000.00000000', state: 'inProgress', expectedRevenue: '3.50000000' });
    expect((await usdtOf(1)).available).toBe('4000.00000000');
    expect(await usdtOf(3)).toMatchObject({ available: '0.00000000', frozen: '1000.00000000' });

    // 3. Past the count: four more subscriptions use the product's five, and the page says so.
    for (let i = 0; i < 4; i++)
      await ask(request, token, '/api/earn/subscribe', { productId: staking.id, amount: '100' });
    await page.reload();
    await hydrated(page);
    await expect(form.getByRole('status')).toHaveText(tr('earn.subscribe.countUsed', { max: 5 }));
    await expect(submit).toBeDisabled();
    const past = await request.post('/api/earn/subscribe', {
      headers: { authorization: token, lang },
      data: { productId: staking.id, amount: '100' },
    });
    expect((await past.json()).msg).toBe(tr('error.earnPerUserLimit', { max: 5 }));

    // 4. Two days on, the order shows its accrued interest; redeeming early says what comes back and what is given up.
    await clockTo(request, order!.beginAt + 2 * DAY + 60_000);
    await page.goto(`${prefix}/pledge/order`);
    await hydrated(page);
    const row = page.getByTestId(`earn-order-${order!.id}`);
    await expect(row.getByTestId('earn-order-income')).toHaveText(`${usdt('1')} USDT`);
    await row.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      tr('earn.redeem.back', { principal: `${usdt('1000')} USDT`, interest: `${usdt('0')} USDT` }),
    );
    await expect(dialog).toContainText(tr('earn.redeem.forfeit', { forfeited: `${usdt('1')} USDT` }));
    await shot(page, `earn-redeem-${lang}`);
    await dialog.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    await expect(page.getByTestId('earn-orders-note')).toHaveText(
      tr('earn.redeem.done', { principal: `${usdt('1000')} USDT`, interest: `${usdt('0')} USDT` }),
    );
    await page.getByRole('tab', { name: d['earn.orders.states.redeemed'] }).click();
    await expect(row).toContainText(`${usdt('1000')} USDT`);
    expect(await usdtOf(3)).toMatchObject({ available: '1000.00000000', frozen: '400.00000000' });

    // 5. The wallet's finance assets: the coin held, and the four staking orders still open.
    await page.goto(`${prefix}/assets/index?key=finance`);
    await hydrated(page);
    await expect(page.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText(usdt('1000'));
    await expect(page.getByTestId('earn-holdings').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId(`earn-holding-${order!.id}`)).toHaveCount(0);
    await shot(page, `earn-wallet-${lang}`);
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    await expect(page.locator('tr[data-bill="earn_subscribe"]').first()).toContainText(d['bill.earn_subscribe']!);
    await expect(page.locator('tr[data-bill="earn_redeem"]').first()).toContainText(`+${usdt('1000')}`);

    // 6. Finance: the four tabs; a fixed-term investment from the ordinary products, a flexible one from value-added.
    await page.goto(`${prefix}/finance/investment`);
    await hydrated(page);
    for (const tab of ['valueAdded', 'members', 'ordinary', 'mine'])
      await expect(page.getByRole('tab', { name: d[`earn.finance.tab.${tab}`] })).toBeVisible();
    await expect(page.getByTestId(`earn-product-${flexible.id}`)).toContainText(d['earn.rule.flexible']!);
    await shot(page, `earn-finance-${lang}`);
    await page.getByRole('tab', { name: d['earn.finance.tab.members'] }).click();
    await expect(page.locator('.earn-tab')).toContainText(d['earn.finance.about.members']!);
    await page.getByRole('tab', { name: d['earn.finance.tab.ordinary'] }).click();
    await page.getByTestId(`earn-product-${fixed.id}`).getByRole('link', { name: d['earn.finance.invest'] }).click();
    await hydrated(page);
    await amount.fill('500');
    await expect(form.getByTestId('earn-interest')).toHaveText(`${usdt('45')} USDT`);
    await expect(form).toContainText(d['earn.rule.locked']!);
    await submit.click();
    await expect(page.getByTestId('earn-subscribed')).toContainText(usdt('500'));
    await page.goto(`${prefix}/finance/detail?id=${flexible.id}`);
    await hydrated(page);
    await amount.fill('1000');
    await expect(form.getByTestId('earn-interest')).toHaveText(`${usdt('0.2')} USDT`);
    await shot(page, `earn-flexible-${lang}`);
    await submit.click();
    await expect(page.getByTestId('earn-subscribed')).toContainText(usdt('1000'));
    const [flex] = await orders('flexible');
    const [fixedOrder] = await orders('fixed');

    // 7. Three days on: the flexible product paid each day (0.2 USDT a day), the fixed one accrues until its end.
    await clockTo(request, flex!.beginAt + 3 * DAY + 60_000);
    await expect.poll(async () => (await orders('flexible'))[0]!.paidDays).toBe(3);
    await page.goto(`${prefix}/finance/investment?tab=mine`);
    await hydrated(page);
    await page.getByRole('tab', { name: d['earn.kind.flexible'] }).click();
    const flexRow = page.getByTestId(`earn-order-${flex!.id}`);
    await expect(flexRow.getByTestId('earn-order-income')).toContainText(`${usdt('0.6')} USDT`);
    await expect(flexRow.getByTestId('earn-order-income')).toContainText(
      tr('earn.orders.paidDays_other', { count: 3 }),
    );
    await shot(page, `earn-mine-${lang}`);
    await flexRow.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    await expect(dialog).toContainText(
      tr('earn.redeem.backFlexible', { principal: `${usdt('1000')} USDT`, interest: `${usdt('0.6')} USDT` }),
    );
    await dialog.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    await expect(page.getByTestId('earn-orders-note')).toBeVisible();
    await expect(page.getByTestId('earn-income')).toContainText(d['earn.income.kind.redeemed']!);
    await expect(page.getByTestId('earn-income')).toContainText(`${usdt('0.6')} USDT`);

    // 8. The fixed term ends: its 45 USDT arrive once, with the principal, and show in the income history and bills.
    await clockTo(request, fixedOrder!.endAt + 60_000);
    await expect.poll(async () => (await orders('fixed'))[0]!.state).toBe('completed');
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('earn-income')).toContainText(d['earn.income.kind.matured']!);
    await expect(page.getByTestId('earn-income')).toContainText(`${usdt('45')} USDT`);
    await shot(page, `earn-income-${lang}`);
    // Finance account: 1000 (staking) + 500 + 45 (fixed) + 1000 + 0.6 (flexible); the four staking orders matured too.
    await expect.poll(async () => (await usdtOf(3)).available).toBe(`${(2545.6 + 400 + 4 * 0.35).toFixed(8)}`);
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    await expect(page.locator('tr[data-bill="earn_interest"]').first()).toContainText(d['bill.earn_interest']!);
    await expect(page.locator('tr[data-bill="earn_interest"]')).not.toHaveCount(0);
    await shot(page, `earn-bills-${lang}`);
  });
}
