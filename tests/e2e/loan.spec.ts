import { nameIn } from '../../isomorphic/contract/local-names.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LoanProduct, LoanRecord } from '../../isomorphic/contract/loan.ts';
import type { Page as ListPage } from '../../isomorphic/contract/wallet.ts';
import { formatAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { advanceClock, operatorToken, ownServer } from './own-server.ts';
import { createAccount, uniqueName, signIn, signInOperator } from './support.ts';
import { png } from '../support/png.ts';

/**
 * Power loans from both sides: a verified user applies with ID photos (refusals named first), sees the cost by the
 * published formula, an operator looks at the photos and approves in the console, the payout shows in the wallet
 * and the bills, the user repays early; a second loan goes overdue as the server's clock is driven ahead and shows
 * its penalty. The journey runs its own server with a driven clock.
 */
const SHOTS = 'tests/.artifacts/screens';
const BASE = ownServer('loan', 19, { MARKET_MAKERS: '0', DRIVEN_CLOCK: '1' });
const DAY = 86_400_000;

async function call<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: unknown,
  method: 'get' | 'post' = 'post',
): Promise<T> {
  const res = await request[method](`${BASE}${path}`, {
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = await res.json();
  expect(body, `${path} ${body.msg}`).toMatchObject({ code: 200 });
  return body.data as T;
}

/** A new user and their session token. */
async function newUser(request: APIRequestContext, name: string): Promise<string> {
  await createAccount(request, name);
  return (
    await (
      await request.post(`${BASE}/api/user/login`, { data: { type: 'account', username: name, password: 'abc123' } })
    ).json()
  ).data.token as string;
}

/** Primary verification, an operator approving it over the API. */
async function verify(request: APIRequestContext, token: string, idNumber: string): Promise<void> {
  const kyc = await call<{ id: number }>(request, token, '/api/app/coin/member/verified', {
    realName: 'Lena Weber',
    country: 'DE',
    idType: 'passport',
    idNumber,
  });
  await call(request, await operatorToken(request), '/api/admin/kyc/review', { id: kyc.id, approve: true });
}

/** The three ID photos, each a real image of its own colour, so the operator's view shows three. */
const COLOURS: Record<string, [number, number, number]> = {
  front: [70, 110, 200],
  back: [90, 160, 120],
  selfie: [200, 150, 80],
};
const photo = (name: string) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: png(240, 150, COLOURS[name]!) });

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const loanCard = (page: Page, id: number) => page.locator(`[data-loan="${id}"]`);

for (const [prefix, lang, idNumber] of [
  ['', 'en', 'P7700001'],
  ['/de', 'de', 'P7700002'],
] as const) {
  test(`a verified user applies for a loan with ID photos, an operator approves it, the user sees the payout and repays; a loan goes overdue with its penalty, in ${lang}`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const d = loadDictionary(lang);
    const t = (key: string, params: Record<string, string | number> = {}) =>
      d[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
    const name = uniqueName(`loan${lang.slice(0, 2)}`);
    const token = await newUser(request, name);
    const product = (await call<LoanProduct[]>(request, token, '/api/loan/list'))[0]!;
    // The screens name it in their language (the seed ships all 13); the call above, without one, in English.
    const shown = { name: nameIn(product.names, lang), institution: nameIn(product.institutions, lang) };

    // Not verified yet: the page says a loan needs primary verification first, and leads there.
    await signIn(page, prefix, { username: name });
    await page.goto(`${prefix}/loan/index`);
    await expect(page.getByTestId('loan-product').first()).toContainText(shown.name);
    await expect(page.getByTestId('loan-product').first()).toContainText(shown.institution);
    await expect(page.getByTestId('loan-kyc')).toContainText(t('loan.problem.kyc'));
    await verify(request, token, idNumber);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('input[name="amount"]')).toBeVisible();
    await expect(page.getByTestId('loan-kyc')).toHaveCount(0);

    // Refusals are named before anything is sent: above the limit, and without the photos.
    await page.locator('input[name="amount"]').fill('60000');
    await page.getByRole('button', { name: t('loan.apply.submit'), exact: true }).click();
    await expect(
      page.getByText(t('error.loanOutsideLimits', { min: '100', max: '50000', coin: 'USDT' })),
    ).toBeVisible();
    await expect(page.getByText(t('loan.problem.photos'))).toBeVisible();
    await shot(page, `loan-refused-${lang}`);

    // The cost by the published formula as the amount is typed: 1000 × 0.1% × 7 days.
    await page.locator('input[name="amount"]').fill('1000');
    await page.locator('select[name="cycle"]').selectOption('7');
    await expect(page.getByTestId('loan-quote-interest')).toHaveText('7 USDT');
    await expect(page.getByTestId('loan-quote-total')).toHaveText('1,007 USDT');
    await expect(page.locator('select[name="repayType"] option')).toHaveText([t('loan.repay.1')]);
    for (const p of ['front', 'back', 'selfie']) await page.locator(`input[name="${p}"]`).setInputFiles(photo(p));
    await shot(page, `loan-apply-${lang}`);
    await page.getByRole('button', { name: t('loan.apply.submit'), exact: true }).click();
    const dialog = page.locator('dialog.confirm-dialog[open]');
    await expect(dialog).toContainText('1,007');
    await dialog.getByRole('button', { name: t('loan.confirm.yes') }).click();
    await expect(page.getByTestId('loan-applied')).toBeVisible();

    await page.goto(`${prefix}/loan/order`);
    const [applied] = (await call<ListPage<LoanRecord>>(request, token, '/api/loan/order')).records;
    await expect(loanCard(page, applied!.id).getByTestId('loan-state')).toHaveText(t('loan.state.pending'));

    // The operator sees the photos and approves in the console.
    const ops = await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 } });
    const console_ = await ops.newPage();
    await signInOperator(console_, prefix);
    await console_.goto(`${prefix}/admin`);
    await hydrated(console_);
    await console_.getByRole('tab', { name: t('admin.tab.loans') }).click();
    const row = console_.locator(`[data-application="${applied!.id}"]`);
    await expect(row).toContainText(name);
    await row.getByRole('button', { name: d['admin.kyc.viewPhotos'] }).click();
    await expect(console_.getByTestId('admin-loan-photos').locator('img')).toHaveCount(3);
    await shot(console_, `loan-console-${lang}`);
    await row.getByRole('button', { name: d['admin.approve'] }).click();
    await expect(console_.getByText(t('loan.admin.approved'))).toBeVisible();
    await console_
      .getByTestId('admin-loans')
      .getByRole('tab', { name: t('loan.admin.products') })
      .click();
    await expect(console_.getByTestId('admin-loan-products')).toContainText(shown.name);
    await console_
      .getByTestId('admin-loans')
      .getByRole('tab', { name: t('loan.admin.pool') })
      .click();
    await expect(console_.locator('[data-pool="USDT"]')).toBeVisible();
    // Funding the pool from the console: the balance it shows is the pool's balance after the top-up.
    await console_.locator('.loan-admin__fund input').nth(1).fill('500');
    await console_.getByRole('button', { name: t('loan.admin.fund') }).click();
    await expect(console_.getByText(t('loan.admin.funded'))).toBeVisible();
    const pool = (
      await call<{ pools: Array<{ coin: string; balance: string; lent: string }> }>(
        request,
        await operatorToken(request),
        '/api/admin/loan/products',
        undefined,
        'get',
      )
    ).pools[0]!;
    await expect(console_.locator('[data-pool="USDT"] td').nth(1)).toHaveText(
      formatAmount(pool.balance, 8, { grouping: true, pad: false }),
    );
    await shot(console_, `loan-console-pool-${lang}`);

    // The payout: on the loan (live, without a reload), in the wallet and in the bills.
    const card = loanCard(page, applied!.id);
    await expect(card.getByTestId('loan-state')).toHaveText(t('loan.state.passed'));
    await expect(card.getByTestId('loan-interest')).toHaveText('1 USDT');
    await expect(card.getByTestId('loan-total')).toHaveText('1,001 USDT');
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    await expect(page.getByTestId('records-bills')).toContainText(d['bill.loan_payout']!);
    await page.goto(`${prefix}/account/wallet?tab=assets`);
    await expect(page.locator('body')).toContainText('1,000');

    // Three days and a bit later, repaid early: four started days of interest, paid from spot (credited the interest).
    await call(request, await operatorToken(request), '/api/admin/credit', {
      username: name,
      asset: 'USDT',
      amount: '10',
    });
    await advanceClock(3 * DAY + 3_600_000);
    await page.goto(`${prefix}/loan/order`);
    await expect(card.getByTestId('loan-interest')).toHaveText('4 USDT');
    await card.getByTestId('loan-repay').click();
    await expect(dialog).toContainText('1,004');
    await dialog.getByRole('button', { name: t('loan.repay.confirm') }).click();
    await expect(card.getByTestId('loan-state')).toHaveText(t('loan.state.settled'));
    await expect(card.getByTestId('loan-total')).toHaveText('1,004 USDT');
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    await expect(page.getByTestId('records-bills')).toContainText(d['bill.loan_repay']!);

    // A second loan, approved over the API, runs past its due date as the clock is driven: overdue, with its penalty.
    const photos: Record<string, string> = {};
    for (const p of ['front', 'back', 'selfie']) {
      const up = await request.post(`${BASE}/api/common/upload/OSS`, {
        headers: { authorization: token },
        multipart: { file: photo(p) },
      });
      photos[p] = (await up.json()).data.id;
    }
    const second = await call<LoanRecord>(request, token, '/api/loan/apply', {
      productId: product.id,
      amount: '200',
      cycleDays: 7,
      repayType: 1,
      ...photos,
    });
    await call(request, await operatorToken(request), '/api/admin/loan/review', { id: second.id, approve: true });
    await advanceClock(9 * DAY + 60_000);
    await page.goto(`${prefix}/loan/order`);
    const late = loanCard(page, second.id);
    await expect(late.getByTestId('loan-state')).toHaveText(t('loan.state.overdue'));
    // 7 days at 0.1% on 200 is 1.4; three started days past the due date at 0.5% is 3.
    await expect(late.getByTestId('loan-interest')).toHaveText('1.4 USDT');
    await expect(late.getByTestId('loan-penalty')).toHaveText('3 USDT');
    await expect(late.getByTestId('loan-total')).toHaveText('204.4 USDT');
    await shot(page, `loan-orders-${lang}`);
    await ops.close();
  });
}
