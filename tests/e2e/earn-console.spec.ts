import type { APIRequestContext, Page } from '@playwright/test';
import type { EarnObligation, EarnOrder, EarnPool, EarnProduct } from '../../isomorphic/contract/earn.ts';
import { formatAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { operatorToken, ownServer } from './own-server.ts';
import { createAccount, uniqueName, signInOperator } from './support.ts';

/**
 * The console's Earn tab: an operator is refused bad product terms in their language (by the form, and by the
 * server for a coin it does not list), creates a staking product, a user finds it in the staking list and subscribes
 * over the API, and the operator sees what the product now owes, tops up the interest pool (a bad amount refused
 * first) and closes the product, which then takes no subscription. Its own server, without market makers.
 */
const SHOTS = 'tests/.artifacts/screens';
const BASE = ownServer('earn-console', 21, { MARKET_MAKERS: '0' });
const money = (v: string) => formatAmount(v, 8, { grouping: true, pad: false });

async function call<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: unknown,
  method: 'get' | 'post' = 'post',
): Promise<{ code: number; msg: string; data: T }> {
  const res = await request[method](`${BASE}${path}`, {
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  return res.json();
}
async function data<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: unknown,
  method: 'get' | 'post' = 'post',
): Promise<T> {
  const r = await call<T>(request, token, path, body, method);
  expect(r, `${path} ${r.msg}`).toMatchObject({ code: 200 });
  return r.data;
}
const setup = async (request: APIRequestContext) =>
  data<{ products: EarnProduct[]; obligations: EarnObligation[]; pools: EarnPool[] }>(
    request,
    await operatorToken(request),
    '/api/admin/earn/products',
    undefined,
    'get',
  );

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/de', 'de'],
] as const) {
  test(`an operator creates a staking product in the console, a user subscribes, the operator sees the obligation, tops up the pool and closes the product, in ${lang}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const d = loadDictionary(lang);
    const t = (key: string, params: Record<string, string | number> = {}) =>
      d[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
    const form = page.getByTestId('admin-earn-product-form');
    const field = (name: string) => form.locator(`[name="${name}"]`);
    /** Types the given fields and saves. */
    const saveWith = async (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) await field(name).fill(value);
      await form.getByRole('button', { name: t('admin.earn.save'), exact: true }).click();
    };

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInOperator(page, prefix);
    await page.goto(`${prefix}/admin`);
    await hydrated(page);
    await page.getByRole('tab', { name: t('admin.tab.earn'), exact: true }).click();
    // The seeded products read in the operator's language.
    await expect(page.getByTestId('admin-earn-products')).toContainText(
      t('earn.title.pledge', { coin: 'USDT', days: t('earn.days_other', { count: 7 }) }),
    );

    // Refused by the form before anything is sent: every problem named beside its field, in the operator's language.
    await page.getByRole('combobox', { name: t('admin.earn.field.kind') }).selectOption('pledge');
    await page.getByRole('button', { name: t('admin.earn.newProduct'), exact: true }).click();
    await expect(form.getByRole('heading')).toHaveText(t('admin.earn.newOf', { kind: t('admin.earn.kind.pledge') }));
    await saveWith({
      dailyRate: '0.06',
      cycleDays: '0',
      minAmount: 'abc',
      maxAmount: '2000',
      capacity: '1000',
      perUser: '2',
    });
    await expect(form.getByTestId('earn-problem-name')).toHaveText(t('validation.productName.english'));
    await expect(form.getByTestId('earn-problem-dailyRate')).toHaveText(t('error.earnRateInvalid'));
    await expect(form.getByTestId('earn-problem-cycleDays')).toHaveText(t('validation.earnCycle'));
    await expect(form.getByTestId('earn-problem-minAmount')).toHaveText(
      t('error.invalidNumber', { field: t('earn.field.minAmount') }),
    );
    await saveWith({ minAmount: '10' });
    await expect(form.getByTestId('earn-problem-maxAmount')).toHaveText(t('error.earnLimitsInvalid'));
    await shot(page, `earn-console-refused-${lang}`);

    // Refused by the server: a coin it does not list, said in the operator's language; nothing was created.
    const name = `Console staking ${uniqueName(lang)}`;
    await saveWith({ name, coin: 'ZZZQ', dailyRate: '0.001', cycleDays: '10', maxAmount: '1000', capacity: '5000' });
    await expect(page.getByText(t('error.unknownAsset'))).toBeVisible();
    expect((await setup(request)).products.some((p) => p.name === name)).toBe(false);

    // Its name in Chinese too; the other languages left empty read in English.
    await form.getByTestId('names').locator('summary').click();
    await field('names.zh-CN').fill(`控制台质押 ${lang}`);
    await shot(page, `earn-console-names-${lang}`);
    await saveWith({ coin: 'USDT' });
    await expect(page.getByText(t('admin.earn.saved'))).toBeVisible();
    await expect(form).toHaveCount(0);

    // A user finds it in the staking list with the terms the operator typed, and subscribes over the API.
    const username = uniqueName(`earnc${lang}`);
    await createAccount(request, username);
    const token = (
      await (
        await request.post(`${BASE}/api/user/login`, { data: { type: 'account', username, password: 'abc123' } })
      ).json()
    ).data.token as string;
    await data(request, await operatorToken(request), '/api/admin/credit', { username, asset: 'USDT', amount: '2000' });
    const product = (await data<EarnProduct[]>(request, token, '/api/pledge/list')).find((p) => p.name === name)!;
    const inChinese = await (
      await request.post(`${BASE}/api/pledge/list`, { headers: { authorization: token, lang: 'zh-CN' } })
    ).json();
    expect(inChinese.data.find((p: EarnProduct) => p.id === product.id).name).toBe(`控制台质押 ${lang}`);
    expect(product.names).toEqual({ en: name, 'zh-CN': `控制台质押 ${lang}` });
    expect(product).toMatchObject({
      kind: 'pledge',
      coin: 'USDT',
      dailyRate: '0.00100000',
      cycleDays: 10,
      minAmount: '10.00000000',
      maxAmount: '1000.00000000',
      capacity: '5000.00000000',
      perUser: 2,
      open: true,
      yours: 0,
    });
    const order = await data<EarnOrder>(request, token, '/api/earn/subscribe', {
      productId: product.id,
      amount: '500',
    });
    expect(order.expectedRevenue).toBe('5.00000000');

    // The operator sees it sold, and what it owes: one open order, 500 held, 500 × 0.1% × 10 days of interest.
    await page.reload();
    await hydrated(page);
    await page.getByRole('tab', { name: t('admin.tab.earn'), exact: true }).click();
    const row = page.locator(`[data-product="${product.id}"]`);
    await expect(row.getByTestId('earn-sold')).toContainText('500 / 5,000 USDT');
    await expect(row).toContainText('0.1%');
    await shot(page, `earn-console-products-${lang}`);
    await page.getByRole('tab', { name: t('admin.earn.obligations'), exact: true }).click();
    await expect(page.locator(`[data-obligation="${product.id}"] td`)).toHaveText([name, '1', '500 USDT', '5 USDT']);
    await shot(page, `earn-console-obligations-${lang}`);

    // The pool: what it must keep includes this order's interest; a bad top-up is named, a good one lands.
    await page.getByRole('tab', { name: t('admin.earn.pools'), exact: true }).click();
    const before = (await setup(request)).pools.find((p) => p.coin === 'USDT')!;
    expect(Number(before.reserved)).toBeGreaterThanOrEqual(5);
    const pool = page.locator('[data-pool="USDT"] td');
    await expect(pool.nth(1)).toHaveText(money(before.balance));
    await expect(pool.nth(2)).toHaveText(money(before.reserved));
    const fund = page.getByTestId('admin-earn-fund');
    await fund.locator('select[name="coin"]').selectOption('USDT');
    await fund.locator('input[name="amount"]').fill('1.123456789');
    await fund.getByRole('button', { name: t('admin.earn.fund'), exact: true }).click();
    await expect(fund.getByTestId('earn-problem-amount')).toHaveText(
      t('error.tooPrecise', { field: t('earn.field.amount'), decimals: 8 }),
    );
    await fund.locator('input[name="amount"]').fill('250');
    await fund.getByRole('button', { name: t('admin.earn.fund'), exact: true }).click();
    await expect(page.getByText(t('admin.earn.funded', { coin: 'USDT' }))).toBeVisible();
    const after = (await setup(request)).pools.find((p) => p.coin === 'USDT')!;
    expect(Number(after.balance) - Number(before.balance)).toBe(250);
    await expect(pool.nth(1)).toHaveText(money(after.balance));
    await shot(page, `earn-console-pools-${lang}`);

    // Closed from the console: the list says so, and the user's next subscription is refused.
    await page.getByRole('tab', { name: t('admin.earn.products'), exact: true }).click();
    await row.getByRole('button', { name: t('admin.earn.close'), exact: true }).click();
    await expect(row.getByTestId('earn-status')).toHaveText(t('admin.earn.closed'));
    expect((await data<EarnProduct[]>(request, token, '/api/pledge/list')).find((p) => p.id === product.id)!.open).toBe(
      false,
    );
    expect((await call(request, token, '/api/earn/subscribe', { productId: product.id, amount: '100' })).msg).toBe(
      loadDictionary('en')['error.earnProductClosed'],
    );

    // The audit log names each change.
    await page.getByRole('tab', { name: t('admin.tab.audit'), exact: true }).click();
    await expect(page.locator('body')).toContainText(t('admin.action.earn.product.update'));
    await expect(page.locator('body')).toContainText(t('admin.action.earn.pool.fund'));
  });
}
