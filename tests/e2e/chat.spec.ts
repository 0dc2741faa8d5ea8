import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn, signInOperator } from './support.ts';
import { png } from '../support/png.ts';

const SHOTS = 'tests/.artifacts/screens';

async function signedIn(browser: Browser, prefix: string, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, prefix, { username });
  // The chat's button is on every page; the journeys start from the home page.
  await page.goto(`${prefix}/home/index`);
  await hydrated(page);
  return page;
}

async function operatorInbox(browser: Browser, prefix: string, tab: string, part: string): Promise<Page> {
  const ops = await (await browser.newContext()).newPage();
  await signInOperator(ops, prefix);
  await ops.goto(`${prefix}/admin`);
  await hydrated(ops);
  await ops.getByRole('tab', { name: tab, exact: true }).click();
  await ops.getByRole('tab', { name: part, exact: true }).click();
  return ops;
}

const box = (l: Locator) => l.boundingBox().then((b) => b!);

test('customer service: a user writes (refusals, text, an image), an operator answers from the inbox, live, with the unread badge', async ({
  browser,
  page,
  request,
}) => {
  const user = uniqueName('chat');
  await createAccount(request, user);

  // Logged out, the button leads to login (chat needs login) and comes back.
  await page.goto('/home/index');
  const button = page.getByTestId('service-button');
  await expect(button).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chat-button-en.png` });
  await button.click();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fhome%2Findex$/);

  const me = await signedIn(browser, '', user);
  const fab = me.getByTestId('service-button');
  await expect(fab).toBeVisible();

  // Dragged anywhere, it stays inside the window and never above 64 px from the top.
  const viewport = me.viewportSize()!;
  const start = await box(fab);
  await me.mouse.move(start.x + 28, start.y + 28);
  await me.mouse.down();
  await me.mouse.move(start.x - 300, 5, { steps: 8 });
  await me.mouse.up();
  let at = await box(fab);
  expect(at.y).toBe(64);
  expect(at.x).toBeCloseTo(start.x - 328, 0);
  await me.mouse.move(at.x + 28, at.y + 28);
  await me.mouse.down();
  await me.mouse.move(viewport.width + 400, viewport.height + 400, { steps: 8 });
  await me.mouse.up();
  at = await box(fab);
  expect(at.x + at.width).toBeLessThanOrEqual(viewport.width);
  expect(at.y + at.height).toBeLessThanOrEqual(viewport.height);
  await expect(me.getByTestId('chat-dialog')).toHaveCount(0);

  // A click opens the 564 px dialog.
  await fab.click();
  const dialog = me.getByTestId('chat-dialog');
  await expect(dialog).toBeVisible();
  expect((await box(dialog)).width).toBe(564);
  const input = dialog.getByRole('textbox');
  const send = dialog.getByRole('button', { name: 'Send', exact: true });

  // docs/requirements.md §5: nothing but spaces is refused, send stays off while empty; 401 characters are refused with
  // the counter at 401/400.
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('The message cannot be empty');
  await input.fill('x'.repeat(401));
  await expect(dialog.getByTestId('chat-counter')).toHaveText('401/400');
  await input.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('A message is at most 400 characters');
  await expect(dialog.locator('.chat-line')).toHaveCount(0);

  // Ctrl+Enter starts a new line, Enter sends; markup stays text.
  await input.fill('Hello, my <b>deposit</b> has not arrived.');
  await input.press('Control+Enter');
  await input.pressSequentially('Order 42');
  await expect(dialog.getByTestId('chat-counter')).toHaveText('50/400');
  await input.press('Enter');
  const mine = dialog.locator('.chat-line--me');
  await expect(mine).toHaveCount(1);
  await expect(mine.locator('.chat-line__bubble')).toHaveText('Hello, my <b>deposit</b> has not arrived.\nOrder 42');
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(input).toHaveValue('');
  await expect(dialog.getByTestId('chat-counter')).toHaveText('0/400');

  // An image goes through the upload endpoint and shows as an <img>; a file that is not an image gets the upload-failed
  // tip.
  await dialog
    .getByTestId('chat-image-input')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(120, 80, [35, 84, 230]) });
  await expect(mine).toHaveCount(2);
  const image = mine.nth(1).locator('img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await dialog
    .getByTestId('chat-image-input')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(dialog.getByRole('alert')).toContainText('Upload failed');
  await expect(mine).toHaveCount(2);
  await me.screenshot({ path: `${SHOTS}/chat-dialog-en.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // The operator's inbox lists the conversation with its two unread lines; opening it shows them in the 532 px dialog.
  const ops = await operatorInbox(browser, '', 'OTC', 'Customer service');
  const row = ops.getByTestId('admin-otc-inbox').locator('tr', { hasText: user });
  await expect(row).toContainText('2');
  await ops.screenshot({ path: `${SHOTS}/chat-console-inbox-en.png`, fullPage: true });
  await row.getByRole('button', { name: 'Open' }).click();
  const opsDialog = ops.getByTestId('chat-dialog');
  expect((await box(opsDialog)).width).toBe(532);
  await expect(opsDialog.locator('.chat-line--other')).toHaveCount(2);
  await expect(opsDialog.locator('.chat-line--other').first()).toContainText(user);
  await expect(opsDialog.locator('.chat-line--other img')).toBeVisible();

  // The answer reaches the user live over STOMP: the badge counts it while the dialog is shut.
  await opsDialog.getByRole('textbox').fill('We are looking into it.');
  await opsDialog.getByRole('textbox').press('Enter');
  await expect(opsDialog.locator('.chat-line--me')).toHaveCount(1);
  await ops.screenshot({ path: `${SHOTS}/chat-console-conversation-en.png` });
  const badge = me.getByTestId('service-unread');
  await expect(badge).toHaveText('1');
  await opsDialog.getByRole('textbox').fill('Could you send the transaction hash?');
  await opsDialog.getByRole('textbox').press('Enter');
  await expect(badge).toHaveText('2');
  await me.screenshot({ path: `${SHOTS}/chat-badge-en.png` });

  // The top bar's customer-service icon opens the same dialog; opening reads the chat, so the count resets.
  await me.locator('.topbar').getByRole('button', { name: 'Customer service' }).click();
  const again = me.getByTestId('chat-dialog');
  await expect(again.locator('.chat-line--service')).toHaveCount(2);
  await expect(again.locator('.chat-line--service').first()).toContainText('Customer service');
  await expect(badge).toHaveCount(0);

  // With the dialog open, a new answer appears in it at once.
  await opsDialog.getByRole('textbox').fill('Thank you, found it.');
  await opsDialog.getByRole('textbox').press('Enter');
  await expect(again.locator('.chat-line--service')).toHaveCount(3);
  await expect(again.locator('.chat-line--service').last()).toContainText('Thank you, found it.');
  await again.getByRole('button', { name: 'Close' }).click();
  await me.reload();
  await hydrated(me);
  await expect(me.getByTestId('service-button')).toBeVisible();
  await expect(me.getByTestId('service-unread')).toHaveCount(0);
});

test('the chat pages back 15 lines at a time, newest at the bottom', async ({ browser, request }) => {
  const user = uniqueName('chatpg');
  await createAccount(request, user);
  const login = (
    await (
      await request.post('/api/user/login', { data: { type: 'account', username: user, password: 'abc123' } })
    ).json()
  ).data;
  const [token, id] = [login.token as string, login.userInfo.id as number];
  for (let i = 1; i <= 20; i++) {
    const res = await request.post('/api/app/coin/buy/sendChatRecord', {
      headers: { authorization: token },
      data: { chatId: `service-${id}`, contentType: 1, content: `line ${i}` },
    });
    expect((await res.json()).code).toBe(200);
  }
  const me = await signedIn(browser, '', user);
  await me.getByTestId('service-button').click();
  const dialog = me.getByTestId('chat-dialog');
  const lines = dialog.locator('.chat-line__bubble');
  await expect(lines).toHaveCount(15);
  await expect(lines.first()).toHaveText('line 6');
  await expect(lines.last()).toHaveText('line 20');
  await dialog.getByRole('button', { name: 'Earlier messages' }).click();
  await expect(lines).toHaveCount(20);
  await expect(lines.first()).toHaveText('line 1');
  await expect(dialog.getByRole('button', { name: 'Earlier messages' })).toHaveCount(0);
});

/** A user's token, and a call of theirs that must succeed, answering its data. */
async function apiUser(request: APIRequestContext, username: string) {
  const login = (
    await (await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } })).json()
  ).data;
  const call = async <T = any>(
    url: string,
    data?: object,
    multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>,
  ): Promise<T> => {
    const res = await (
      await request.post(url, {
        headers: { authorization: login.token },
        ...(multipart ? { multipart } : { data: data ?? {} }),
      })
    ).json();
    expect(res.code, `${url}: ${res.msg}`).toBe(200);
    return res.data as T;
  };
  const get = async <T = any>(url: string): Promise<T> =>
    (await (await request.get(url, { headers: { authorization: login.token } })).json()).data as T;
  const upload = async (rgb: [number, number, number]) =>
    (
      await call<{ id: string }>('/api/common/upload/OSS', undefined, {
        file: { name: 'proof.png', mimeType: 'image/png', buffer: png(90, 60, rgb) },
      })
    ).id;
  return { id: login.userInfo.id as number, call, get, upload };
}

const OTC_ACCOUNT = 4;
const MERCHANT_ACCOUNT = 8;

test('console: a merchant application approved, and an appeal ruled with both sides, the proofs and the order chat in front of the operator', async ({
  browser,
  request,
}) => {
  const [merchantName, buyerName] = [uniqueName('cmerch'), uniqueName('cbuyer')];
  await createAccount(request, merchantName);
  await createAccount(request, buyerName);
  const merchant = await apiUser(request, merchantName);
  const buyer = await apiUser(request, buyerName);
  const opsApi = await request
    .post('/api/user/login', {
      data: { type: 'email', email: 'operator@localhost.localdomain', password: 'e2e-operator-1' },
    })
    .then((r) => r.json());
  const opsCall = async (url: string, data: object) =>
    expect((await (await request.post(url, { headers: { authorization: opsApi.data.token }, data })).json()).code).toBe(
      200,
    );

  // The merchant reaches advanced verification, funds the OTC account and applies.
  const primary = await merchant.call<{ id: number }>('/api/app/coin/member/verified', {
    realName: 'Mei Chen',
    country: 'DE',
    idType: 'passport',
    idNumber: `P${Date.now().toString().slice(-8)}`,
  });
  await opsCall('/api/admin/kyc/review', { id: primary.id, approve: true });
  const advanced = await merchant.call<{ id: number }>('/api/user/uploadKYC', {
    front: await merchant.upload([200, 0, 0]),
    back: await merchant.upload([0, 200, 0]),
    selfie: await merchant.upload([0, 0, 200]),
  });
  await opsCall('/api/admin/kyc/review', { id: advanced.id, approve: true });
  await credit(request, merchantName, 'USDT', '3000');
  await merchant.call('/api/asset/transferFunds', { coin: 'USDT', from: 1, to: OTC_ACCOUNT, amount: '1500' });
  await merchant.call('/api/otc/merchant/apply');

  // The operator approves it from the console.
  const ops = await operatorInbox(browser, '', 'OTC', 'Merchant applications');
  const application = ops.getByTestId('admin-otc-merchants').locator('tr', { hasText: merchantName });
  await expect(application).toContainText('Advanced verification');
  await expect(application).toContainText('1000.00000000');
  await ops.screenshot({ path: `${SHOTS}/chat-console-merchants-en.png`, fullPage: true });
  await application.getByPlaceholder('Reason for rejection').fill('Welcome aboard');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(application).toHaveCount(0);
  await ops.getByRole('tab', { name: 'Approved' }).click();
  await expect(ops.getByTestId('admin-otc-merchants').locator('tr', { hasText: merchantName })).toContainText(
    'Welcome aboard',
  );

  // A sell ad; the buyer takes it, writes in the order chat, pays with a proof and appeals with another.
  await merchant.call('/api/app/coin/member/payment', {
    kind: 'alipay',
    name: 'Mei Chen',
    account: `${merchantName}@pay.example`,
  });
  const payment = (await merchant.get<Array<{ id: number }>>('/api/app/coin/member/getPayment'))[0]!.id;
  await merchant.call('/api/asset/transferFunds', { coin: 'USDT', from: 1, to: MERCHANT_ACCOUNT, amount: '1500' });
  const ad = await merchant.call<{ id: number }>('/api/otc/merchant/ad', {
    side: 'sell',
    coin: 'USDT',
    fiat: 'CNY',
    priceType: 'fixed',
    price: '7.25',
    total: '500',
    minFiat: '100',
    maxFiat: '3000',
    payWindow: 15,
    payments: [payment],
  });
  const order = await buyer.call<{ id: number; orderCode: string; chatId: string }>('/api/otc/order/take', {
    adId: ad.id,
    amount: '100',
    price: '7.25',
  });
  await buyer.call('/api/app/coin/buy/sendChatRecord', {
    chatId: order.chatId,
    contentType: 1,
    content: 'Paid by Alipay, please release <script>',
  });
  await merchant.call('/api/app/coin/buy/sendChatRecord', {
    chatId: order.chatId,
    contentType: 1,
    content: 'Nothing has arrived yet.',
  });
  await buyer.call('/api/otc/order/paid', { id: order.id, payment, proof: await buyer.upload([30, 160, 90]) });
  await buyer.call('/api/otc/order/appeal', {
    id: order.id,
    reason: 'I paid 725 CNY twenty minutes ago.',
    proof: await buyer.upload([230, 140, 20]),
  });

  await ops.getByRole('tab', { name: 'Appeals', exact: true }).click();
  const appeal = ops.getByTestId('admin-otc-appeal').filter({ hasText: order.orderCode });
  await expect(appeal).toContainText(`${buyerName} #${buyer.id}`);
  await expect(appeal).toContainText(`${merchantName} #${merchant.id}`);
  await expect(appeal).toContainText('100.00000000 USDT');
  await expect(appeal).toContainText('725.00 CNY');
  await expect(appeal).toContainText('I paid 725 CNY twenty minutes ago.');
  await expect(appeal.locator('.otc-case__proof img')).toHaveCount(2);
  for (const img of await appeal.locator('.otc-case__proof img').all())
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(90);
  const chat = appeal.getByTestId('chat-panel');
  await expect(chat.locator('.chat-line')).toHaveCount(2);
  await expect(chat.locator('.chat-line').first()).toContainText('Paid by Alipay, please release <script>');
  await expect(chat.getByRole('textbox')).toHaveCount(0);
  await ops.screenshot({ path: `${SHOTS}/chat-console-appeals-en.png`, fullPage: true });

  // A ruling needs a note; release after the confirmation.
  await appeal.getByRole('button', { name: 'Release to buyer' }).click();
  await expect(ops.getByText('Write a note explaining the ruling')).toBeVisible();
  await appeal.getByRole('textbox').fill('Alipay receipt matches the amount.');
  await appeal.getByRole('button', { name: 'Release to buyer' }).click();
  await ops.getByRole('dialog').getByRole('button', { name: 'Release to buyer' }).click();
  await expect(appeal).toHaveCount(0);
  await ops.getByRole('tab', { name: 'Ruled', exact: true }).click();
  await expect(
    ops.getByTestId('admin-otc-appeal').filter({ hasText: order.orderCode }).getByTestId('admin-otc-ruling'),
  ).toContainText('Released to the buyer');
  await ops.getByRole('tab', { name: 'Audit log' }).click();
  await expect(ops.getByTestId('admin-audit')).toContainText('Appeal ruled: released to the buyer');
  await expect(ops.getByTestId('admin-audit')).toContainText('note: Alipay receipt matches the amount.');
});

test('in Japanese (after the journeys above): the button, the dialog and the console’s OTC pages with their records', async ({
  browser,
  request,
}) => {
  const user = uniqueName('chatja');
  await createAccount(request, user);
  const me = await signedIn(browser, '/ja', user);
  await expect(me.getByTestId('service-button')).toHaveAttribute('title', 'カスタマーサービス');
  await me.screenshot({ path: `${SHOTS}/chat-button-ja.png` });
  await me.getByTestId('service-button').click();
  const dialog = me.getByTestId('chat-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('カスタマーサービス');
  await dialog.getByRole('textbox').press('Enter');
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  await dialog.getByRole('textbox').fill('入金が反映されません。');
  await dialog.getByRole('button', { name: '送信' }).click();
  await expect(dialog.locator('.chat-line--me')).toHaveCount(1);
  await me.screenshot({ path: `${SHOTS}/chat-dialog-ja.png` });

  const ops = await operatorInbox(browser, '/ja', '店頭取引', 'マーチャント申請');
  await ops.getByRole('tab', { name: '承認済み', exact: true }).click();
  await expect(ops.getByTestId('admin-otc-merchants').locator('tbody tr').first()).toContainText('上級認証');
  await ops.screenshot({ path: `${SHOTS}/chat-console-merchants-ja.png`, fullPage: true });
  await ops.getByRole('tab', { name: '申し立て', exact: true }).click();
  await expect(ops.locator('.otc-console .field__hint')).toContainText('エスクロー');
  await ops.getByRole('tab', { name: '裁定済み', exact: true }).click();
  await expect(ops.getByTestId('admin-otc-ruling').first()).toContainText('買い手に解放しました');
  await ops.screenshot({ path: `${SHOTS}/chat-console-appeals-ja.png`, fullPage: true });
  await ops.getByRole('tab', { name: 'カスタマーサービス', exact: true }).click();
  await expect(ops.getByTestId('admin-otc-inbox').locator('tr', { hasText: user })).toBeVisible();
  await ops.screenshot({ path: `${SHOTS}/chat-console-inbox-ja.png`, fullPage: true });
});
