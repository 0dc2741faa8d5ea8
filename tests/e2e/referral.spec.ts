import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { arrivedAt, expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, inviterOf, uniqueName, signIn, signInOperator } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

async function register(
  request: APIRequestContext,
  username: string,
  inviteCode: string,
): Promise<{ inviteCode: string }> {
  const res = await request.post('/api/user/register', {
    data: { type: 'account', username, password: 'abc123', confirmPassword: 'abc123', inviteCode },
  });
  const body = await res.json();
  expect(body.code).toBe(200);
  return body.data;
}

/** Places an order through the API, as a program of the account holder would. */
async function order(request: APIRequestContext, username: string, body: object): Promise<{ status: string }> {
  const token = (
    await (await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } })).json()
  ).data.token as string;
  const res = await (
    await request.post('/api/currency/order/submit', {
      headers: { authorization: token },
      data: { symbol: 'trxusdt', ...body },
    })
  ).json();
  expect(res.code).toBe(200);
  return res.data;
}

async function signedIn(browser: Browser, prefix: string, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, prefix, { username });
  return page;
}

async function openTab(page: Page, prefix: string, tab: string): Promise<void> {
  await page.goto(`${prefix}/account/center?tab=${tab}`);
  await hydrated(page);
}

/** The masked form a referrer sees of an account name of 6 or more characters: first 2, ****, last 2. */
const masked = (name: string) => `${name.slice(0, 2)}****${name.slice(-2)}`;

test('three generations: the third trades, and each generation is paid its rebate and sees it in the reward centre', async ({
  browser,
  page,
  request,
}) => {
  // Five people and an operator, each in a browser of their own.
  test.setTimeout(180_000);
  const [alpha, bravo, charlie, delta, echo] = ['refa', 'refb', 'refc', 'refd', 'refe'].map(uniqueName);
  const a = await createAccount(request, alpha);
  // Bravo follows alpha's invite link in the browser (docs/requirements.md §2: an address with /i& opens registration).
  await page.goto(`/i&${a.inviteCode}`);
  await expect(page.locator('input[name="inviteCode"]')).toHaveValue(a.inviteCode);
  await page.locator('input[name="username"]').fill(bravo);
  await page.locator('input[name="password"]').fill('abc123');
  await page.locator('input[name="confirmPassword"]').fill('abc123');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await arrivedAt(page, /\/user\/login/);
  expect(inviterOf(bravo)).toBe(alpha);
  const bravoCode = (
    await (
      await request.post('/api/user/login', { data: { type: 'account', username: bravo, password: 'abc123' } })
    ).json()
  ).data.userInfo.inviteCode as string;
  const c = await register(request, charlie, bravoCode);
  await register(request, delta, c.inviteCode);
  await createAccount(request, echo);

  // Delta sells 10,000 TRX at 0.24500 into echo's bid: 2,450 USDT, of which delta pays 0.1% (2.45 USDT) as fee.
  await credit(request, delta, 'TRX', '10000');
  await credit(request, echo, 'USDT', '3000');
  expect((await order(request, echo, { side: 'buy', type: 'limit', price: '0.24500', quantity: '10000' })).status).toBe(
    'open',
  );
  expect(
    (await order(request, delta, { side: 'sell', type: 'limit', price: '0.24500', quantity: '10000' })).status,
  ).toBe('filled');

  // Alpha's agent tab: the code, the link with its QR, one promoted user in each generation, nothing paid yet.
  const alphaPage = await signedIn(browser, '', alpha);
  await openTab(alphaPage, '', 'agent');
  await expect(alphaPage.locator('.account-centre h1')).toHaveText('Referral');
  await expect(alphaPage.getByTestId('invite-code')).toHaveText(a.inviteCode);
  await expect(alphaPage.getByTestId('invite-link')).toHaveText(new RegExp(`/i&${a.inviteCode}$`));
  await expect(alphaPage.getByTestId('invite-qr')).toBeVisible();
  await expect(alphaPage.getByTestId('promoted-total')).toHaveText('3');
  for (const g of [1, 2, 3]) await expect(alphaPage.getByTestId(`promoted-${g}`)).toHaveText('1');
  await expect(alphaPage.getByTestId('promoted-list-1')).toContainText(masked(bravo));
  await alphaPage.getByRole('tab', { name: '3rd generation' }).click();
  await expect(alphaPage.getByTestId('promoted-list-3')).toContainText(masked(delta));
  await expect(alphaPage.getByTestId('promoted-list-3')).not.toContainText(delta);

  // The operator pays what is due now, the same run the rebate job makes at the end of each period.
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops);
  await ops.goto('/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Referral' }).click();
  await expect(ops.locator('input[name="rate-1"]')).toHaveValue('20');
  await ops.getByRole('button', { name: 'Pay rebates due now' }).click();
  await expect(ops.locator('.toast--success', { hasText: /^Paid\. Trades read: \d+; rebates: \d+\.$/ })).toBeVisible();
  await expect(ops.getByTestId('admin-payouts').locator('tbody tr').first()).toContainText('Operator');
  await ops.screenshot({ path: `${SHOTS}/referral-admin-en.png`, fullPage: true });
  await ops.context().close();

  // Each generation finds its share of delta's fee in the reward centre: 20%, 10% and 5% of 2.45 USDT.
  for (const [who, amount, generation] of [
    [charlie, '0.49', '1st generation'],
    [bravo, '0.245', '2nd generation'],
    [alpha, '0.1225', '3rd generation'],
  ] as const) {
    const p = who === alpha ? alphaPage : await signedIn(browser, '', who);
    await openTab(p, '', 'reward-center');
    await expect(p.getByTestId('reward-total')).toHaveText(`${amount} USDT`);
    await expect(p.getByTestId('reward-days').locator('tbody tr').first()).toContainText(`${amount}`);
    await p.getByRole('tab', { name: 'By promoted user' }).click();
    const row = p.getByTestId('reward-users').locator('tr', { hasText: masked(delta) });
    await expect(row).toContainText(generation);
    await expect(row).toContainText(amount);
    if (who === alpha) await p.screenshot({ path: `${SHOTS}/referral-reward-en.png`, fullPage: true });
    else await p.context().close();
  }
  await openTab(alphaPage, '', 'agent');
  await expect(alphaPage.getByTestId('earned')).toHaveText('0.1225 USDT');
  await alphaPage.screenshot({ path: `${SHOTS}/referral-agent-en.png`, fullPage: true });

  // The same tabs in German for bravo.
  const bravoDe = await signedIn(browser, '/de', bravo);
  await openTab(bravoDe, '/de', 'agent');
  await expect(bravoDe.locator('.account-centre h1')).toHaveText('Empfehlungen');
  await expect(bravoDe.getByTestId('earned')).toHaveText('0.245 USDT');
  await bravoDe.screenshot({ path: `${SHOTS}/referral-agent-de.png`, fullPage: true });
  await openTab(bravoDe, '/de', 'reward-center');
  await expect(bravoDe.getByTestId('reward-total')).toHaveText('0.245 USDT');
  await bravoDe.screenshot({ path: `${SHOTS}/referral-reward-de.png`, fullPage: true });
});

test('a user checks their proof of liabilities in the browser, in the account centre and on the public page', async ({
  browser,
}) => {
  const holder = uniqueName('prover');
  const request = (await browser.newContext()).request;
  await createAccount(request, holder);
  await credit(request, holder, 'USDT', '321.5');

  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops);
  await ops.goto('/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Proof of liabilities' }).click();
  await ops.getByRole('button', { name: 'Publish a proof now' }).click();
  const published = ops.locator('.toast--success', { hasText: /^Proof No\. \d+ published\.$/ });
  await expect(published).toBeVisible();
  const proofId = Number(/No\. (\d+)/.exec((await published.textContent())!)![1]);

  const user = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(user, '', { username: holder });
  await openTab(user, '', 'proof');
  await user.locator('select[name="proof"]').selectOption(String(proofId));
  await expect(user.getByTestId('proof-balances')).toHaveText('321.5 USDT');
  await user.getByRole('button', { name: 'Verify in my browser' }).click();
  await expect(user.getByTestId('proof-verdict')).toHaveText(new RegExp(`^Verified: .* proof No\\. ${proofId}\\.$`));
  await user.getByText('How your leaf is built').click();
  await expect(user.getByTestId('proof-leaf-text')).toContainText('|USDT:321.50000000');
  await user.screenshot({ path: `${SHOTS}/proof-tab-en.png`, fullPage: true });
  const [download] = await Promise.all([
    user.waitForEvent('download'),
    user.getByRole('button', { name: 'Download proof file' }).click(),
  ]);
  const file = await download.path();

  // Anyone can check the file on the public page, without an account.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/proof/index');
  await hydrated(visitor);
  await expect(visitor.getByTestId('proof-roots').locator(`tr[data-proof="${proofId}"]`)).toContainText('USDT');
  await visitor.getByTestId('proof-file').setInputFiles(file);
  await expect(visitor.getByTestId('proof-verdict')).toHaveText(new RegExp(`^Verified: .* proof No\\. ${proofId}\\.$`));
  await visitor.screenshot({ path: `${SHOTS}/proof-public-en.png`, fullPage: true });
  // A file whose balances were raised no longer verifies.
  const forged = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'));
  forged.leaf.balances = [{ asset: 'USDT', amount: '1000000.00000000' }];
  await visitor
    .getByTestId('proof-file')
    .setInputFiles({ name: 'forged.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(forged)) });
  await expect(visitor.getByTestId('proof-verdict')).toHaveText(
    'The leaf does not match its hash: the file has been changed.',
  );

  const visitorZh = await (await browser.newContext()).newPage();
  await visitorZh.goto('/zh-CN/proof/index');
  await hydrated(visitorZh);
  await visitorZh.getByTestId('proof-file').setInputFiles(file);
  await expect(visitorZh.getByTestId('proof-verdict')).toContainText('验证通过');
  await visitorZh.screenshot({ path: `${SHOTS}/proof-public-zh-CN.png`, fullPage: true });
  const userZh = await (await browser.newContext()).newPage();
  await signIn(userZh, '/zh-CN', { username: holder });
  await openTab(userZh, '/zh-CN', 'proof');
  await expect(userZh.locator('.account-centre h1')).toHaveText('负债证明');
  await userZh.screenshot({ path: `${SHOTS}/proof-tab-zh-CN.png`, fullPage: true });
});
