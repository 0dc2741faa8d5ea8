import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { CurrencyAccountRow } from '../../isomorphic/contract/wallet.ts';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { expect, hydrated } from './fixtures.ts';
import { createAccount, uniqueName, signIn } from './support.ts';

/**
 * What the OTC journeys share: people made through the API (verified, funded, signed in a browser context of their
 * own), balances, the market.
 */
export const SHOTS = 'tests/.artifacts/screens';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const OTC = 4;
export const MERCHANT = 8;

export interface Person {
  name: string;
  token: string;
  id: number;
  ctx: BrowserContext;
  page: Page;
}

export async function api<T>(
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
  expect(body, `${path}: ${body.msg}`).toMatchObject({ code: 200 });
  return body.data as T;
}

export async function apiLogin(
  request: APIRequestContext,
  data: object,
): Promise<{ token: string; userInfo: { id: number } }> {
  return (await (await request.post('/api/user/login', { data })).json()).data;
}

/** The e2e server's operator, signed in through the API. */
export async function operatorSignIn(request: APIRequestContext): Promise<string> {
  return (
    await apiLogin(request, { type: 'email', email: 'operator@localhost.localdomain', password: 'e2e-operator-1' })
  ).token;
}

/** Primary and advanced verification, approved by the operator: level 2, in the given name. */
async function verify(
  request: APIRequestContext,
  ops: string,
  token: string,
  realName: string,
  idNumber: string,
): Promise<void> {
  const primary = await api<{ id: number }>(request, token, 'post', '/api/app/coin/member/verified', {
    realName,
    country: 'DE',
    idType: 'passport',
    idNumber,
  });
  await api(request, ops, 'post', '/api/admin/kyc/review', { id: primary.id, approve: true });
  const photo = async () => {
    const res = await request.post('/api/common/upload/OSS', {
      headers: { authorization: token },
      multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: PNG } },
    });
    return (await res.json()).data.id as string;
  };
  const advanced = await api<{ id: number }>(request, token, 'post', '/api/user/uploadKYC', {
    front: await photo(),
    back: await photo(),
    selfie: await photo(),
  });
  await api(request, ops, 'post', '/api/admin/kyc/review', { id: advanced.id, approve: true });
}

export async function setFundPassword(request: APIRequestContext, p: Pick<Person, 'token' | 'id'>): Promise<void> {
  const script = await (await request.get('/platform/dev/config.js')).text();
  const sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey as string;
  const sealed = await seal(
    { loginPassword: 'abc123', password: 'fund123', confirmPassword: 'fund123' },
    sealKey,
    p.id,
  );
  await api(request, p.token, 'post', '/api/user/tardPwdSet', { sealed });
}

/** A verified user with an Alipay account, USDT credited to spot and moved into the given account. */
export async function person(
  browser: Browser,
  request: APIRequestContext,
  ops: string,
  key: string,
  realName: string,
  idNumber: string,
  usdt: string,
  into: number,
): Promise<Person> {
  const name = uniqueName(key);
  await createAccount(request, name);
  const { token, userInfo } = await apiLogin(request, { type: 'account', username: name, password: 'abc123' });
  await verify(request, ops, token, realName, idNumber);
  await api(request, token, 'post', '/api/app/coin/member/payment', {
    kind: 'alipay',
    name: realName,
    account: `${key}@pay.example`,
  });
  if (usdt !== '0') {
    await api(request, ops, 'post', '/api/admin/credit', { username: name, asset: 'USDT', amount: usdt });
    await api(request, token, 'post', '/api/asset/transferFunds', { coin: 'USDT', from: 1, to: into, amount: usdt });
  }
  await setFundPassword(request, { token, id: userInfo.id });
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, '', { username: name });
  return { name, token, id: userInfo.id, ctx, page };
}

/** A user's balance of USDT in one account type: free and held. */
export async function usdt(
  request: APIRequestContext,
  p: Pick<Person, 'token'>,
  type: number,
): Promise<{ available: string; frozen: string }> {
  const rows = await api<CurrencyAccountRow[]>(request, p.token, 'post', `/api/asset/getCurrencyAccount?type=${type}`);
  const row = rows.find((r) => r.coin === 'USDT')!;
  return { available: Number(row.available).toFixed(2), frozen: Number(row.frozen).toFixed(2) };
}

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** The newest notice on a page says `text`. */
export async function noticeSays(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('otc-notice').last()).toContainText(text, { timeout: 15_000 });
}

/** The market's row of a merchant's ad: journeys share the server, so another journey's ads may be listed first. */
export function adOf(page: Page, merchant: Pick<Person, 'name'>) {
  return page.getByTestId('otc-ads').locator('tbody tr', { hasText: merchant.name });
}

/** Takes the merchant's ad on the market with an amount in fiat; answers the order page's id. */
export async function takeAdOf(
  page: Page,
  merchant: Pick<Person, 'name'>,
  side: 'buy' | 'sell',
  fiat: string,
  payment?: boolean,
): Promise<number> {
  await open(page, `/otc/common?side=${side}&coin=USDT&fiat=CNY`);
  await adOf(page, merchant).getByRole('button').click();
  const dialog = page.getByTestId('otc-take-dialog');
  await dialog.locator('input[name="fiat"]').fill(fiat);
  if (payment) await dialog.locator('select[name="payment"]').selectOption({ index: 1 });
  await dialog.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/otc\/order\?id=\d+$/);
  await hydrated(page);
  return Number(new URL(page.url()).searchParams.get('id'));
}
