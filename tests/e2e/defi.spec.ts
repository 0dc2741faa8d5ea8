import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { CurrencyAccountRow } from '../../isomorphic/contract/wallet.ts';
import type { EarnOrder, EarnProduct } from '../../isomorphic/contract/earn.ts';
import type { Page as ListPage } from '../../isomorphic/contract/wallet.ts';
import { formatAssetAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { addressOf, personalSign } from '../../server/defi/eth-sign.ts';
import { expect, test } from './fixtures.ts';
import { advanceClock, ownServer } from './own-server.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';

/**
 * DeFi liquidity mining from the user's side, with a browser wallet the test plays: an EIP-1193 provider injected
 * into the page whose personal_sign signs with a real secp256k1 key (server/defi/eth-sign.ts), so the server checks a
 * real signature. The user reads what is on chain and what is not, declines once, signs with the wrong account once,
 * then links the wallet (the fee leaves the spot ETH and shows in the bills), stakes into a pool, sees a day's income
 * after the server's clock moves a day on, and redeems early. A browser without a wallet, and a user short of ETH,
 * are told so.
 */
const SHOTS = 'tests/.artifacts/screens';
const PORT = Number(process.env.E2E_PORT ?? 4410) + 20;
ownServer('defi', 20, {
  MARKET_MAKERS: '0',
  DRIVEN_CLOCK: '1',
  WHITE_PAPER_URL: `http://127.0.0.1:${PORT}/article/main/index`,
});
const DAY = 86_400_000;

/** How the wallet answers personal_sign: sign with its key, sign with another account's key, or decline. */
type WalletMode = 'sign' | 'wrongKey' | 'decline';

/**
 * Injects the wallet before any script of the page runs: window.ethereum answers eth_requestAccounts with the key's
 * address and hands personal_sign to the test, which signs the hex text (or declines with EIP-1193's code 4001).
 */
async function installWallet(page: Page, key: Uint8Array): Promise<{ address: string; mode: (m: WalletMode) => void }> {
  const address = addressOf(secp256k1.getPublicKey(key));
  let mode: WalletMode = 'sign';
  await page.exposeFunction('__e2eWalletSign', (hex: string) => {
    if (mode === 'decline') return { declined: true };
    const text = Buffer.from(hex.slice(2), 'hex').toString('utf8');
    return { signature: personalSign(text, mode === 'wrongKey' ? secp256k1.utils.randomSecretKey() : key) };
  });
  await page.addInitScript((account: string) => {
    const sign = (
      window as unknown as { __e2eWalletSign: (hex: string) => Promise<{ declined?: boolean; signature?: string }> }
    ).__e2eWalletSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
        if (method === 'personal_sign') {
          const answer = await sign(String(params?.[0]));
          if (answer.declined) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          return answer.signature;
        }
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
      },
    };
  }, address);
  return { address, mode: (m) => void (mode = m) };
}

/** The data of an answer, which must be a success. */
async function data<T>(answer: Promise<APIResponse>): Promise<T> {
  const body = await (await answer).json();
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

/** A user credited through the operator, with a session token for the checks the journey makes through the API. */
async function fundedUser(request: APIRequestContext, name: string, credits: Record<string, string>): Promise<string> {
  await createAccount(request, name);
  for (const [asset, amount] of Object.entries(credits)) await credit(request, name, asset, amount);
  return (
    await data<{ token: string }>(
      request.post('/api/user/login', { data: { type: 'account', username: name, password: 'abc123' } }),
    )
  ).token;
}

const api = <T>(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, lang = 'en') =>
  data<T>(request[method](path, { headers: { authorization: token, 'accept-language': lang } }));
const spot = async (request: APIRequestContext, token: string, coin: string) =>
  (await api<CurrencyAccountRow[]>(request, token, 'post', '/api/asset/getCurrencyAccount?type=1')).find(
    (c) => c.coin === coin,
  )!;

/** A whole-page screenshot from the top. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`a user links a browser wallet by signing, pays the one-time fee in ETH, mines, sees a day's income and redeems, in ${lang}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const d = loadDictionary(lang);
    const tr = (key: string, params: Record<string, string | number> = {}) =>
      d[key]!.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
    const name = uniqueName(`defi${lang.slice(0, 2)}`);
    const token = await fundedUser(request, name, { ETH: '0.012', USDT: '1500' });
    const wallet = await installWallet(page, secp256k1.utils.randomSecretKey());
    const ethDecimals = (await spot(request, token, 'ETH')).displayDecimals;
    const usdtDecimals = (await spot(request, token, 'USDT')).displayDecimals;
    const eth = (v: string) => formatAssetAmount(v, ethDecimals);
    const usdt = (v: string) => formatAssetAmount(v, usdtDecimals);

    // 1. The page says what is on chain and what is not, and states the fee before anything is signed.
    await signIn(page, prefix, { username: name });
    await page.goto(`${prefix}/defis/index`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['defi.title']!);
    await expect(page.getByTestId('defi-honest')).toContainText(d['defi.honest.onChain']!);
    await expect(page.getByTestId('defi-honest')).toContainText(d['defi.honest.offChain']!);
    const fee = page.getByTestId('defi-fee');
    await expect(fee).toContainText(tr('defi.link.fee', { amount: '0.005', coin: 'ETH' }));
    await expect(fee).toContainText(tr('defi.link.balance', { coin: 'ETH', balance: eth('0.012') }));
    await expect(page.getByTestId('defi-links')).toContainText(d['defi.link.none']!);
    // Product names come in the caller's language (docs/products/earn.md, "Names per language").
    const pools = await api<EarnProduct[]>(request, token, 'post', '/api/defi/list', lang);
    const pool = pools.find((p) => p.coin === 'USDT')!;
    await expect(page.getByTestId(`earn-product-${pool.id}`)).toContainText(pool.name);
    await expect(page.getByTestId(`earn-product-${pool.id}`).getByTestId('earn-daily-rate')).toHaveText('0.12%');

    // The white paper opens from the page.
    const [paper] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('defi-white-paper').click()]);
    await expect(paper).toHaveURL(/\/article\/main\/index$/);
    await paper.close();

    // 2. Declined in the wallet, then signed by another account: each is said, and nothing is linked or charged.
    const linkButton = page.getByTestId('defi-link-button');
    const problem = page.getByTestId('defi-link-problem');
    wallet.mode('decline');
    await linkButton.click();
    await expect(problem).toHaveText(d['defi.problem.rejected']!);
    await shot(page, `defi-declined-${lang}`);
    wallet.mode('wrongKey');
    await linkButton.click();
    await expect(problem).toHaveText(tr('defi.problem.badSignature', { address: wallet.address }));
    expect((await spot(request, token, 'ETH')).available).toBe('0.01200000');
    expect(await api<unknown[]>(request, token, 'get', '/api/apiDefi/links')).toEqual([]);

    // 3. Signed by the wallet's account: linked, and the fee left the spot ETH once.
    wallet.mode('sign');
    await linkButton.click();
    await expect(page.getByTestId('defi-link-done')).toHaveText(
      tr('defi.link.done', { address: wallet.address, amount: '0.005', coin: 'ETH' }),
    );
    await expect(page.getByTestId('defi-link')).toContainText(wallet.address);
    await expect(fee).toContainText(tr('defi.link.balance', { coin: 'ETH', balance: eth('0.007') }));
    expect((await spot(request, token, 'ETH')).available).toBe('0.00700000');
    await shot(page, `defi-index-${lang}`);

    // Linking the same address again is refused before anything is signed.
    await linkButton.click();
    await expect(problem).toHaveText(tr('defi.problem.alreadyLinked', { address: wallet.address }));

    // 4. The wallet shows the spot ETH after the fee, and the bills name the fee.
    await page.goto(`${prefix}/account/wallet?tab=assets`);
    await page.getByTestId('account-1').click();
    await expect(page.getByTestId('coin-table').locator('tr[data-coin="ETH"]')).toContainText(eth('0.007'));
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    const feeBill = page.locator('tr[data-bill="defi_link_fee"]');
    await expect(feeBill).toHaveCount(1);
    await expect(feeBill).toContainText(d['bill.defi_link_fee']!);
    await expect(feeBill).toContainText(`-${eth('0.005')}`);
    await expect(feeBill).toContainText('ETH');

    // 5. Staking 1000 USDT into the USDT pool at its posted rate: the whole cycle's interest is shown before sending.
    await page.goto(`${prefix}/defis/index`);
    await page.getByTestId(`earn-product-${pool.id}`).getByRole('link', { name: d['defi.pool.start'] }).click();
    await expect(page).toHaveURL(new RegExp(`/defis/details\\?id=${pool.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tr('earn.title.mining', { coin: 'USDT', days: tr('earn.days_other', { count: 30 }) }),
    );
    const form = page.getByTestId('defi-stake-form');
    await form.getByRole('textbox').fill('1000');
    await expect(page.getByTestId('defi-stake-interest')).toHaveText(
      tr('defi.stake.interest', { days: 30, amount: usdt('36'), coin: 'USDT' }),
    );
    await form.getByRole('button', { name: d['defi.stake.submit'] }).click();
    await expect(form.getByRole('status')).toContainText(usdt('1000'));
    const [order] = (await api<ListPage<EarnOrder>>(request, token, 'post', '/api/order/list?kind=mining')).records;
    expect(order).toMatchObject({
      amount: '1000.00000000',
      state: 'inProgress',
      accrued: '0.00000000',
      expectedRevenue: '36.00000000',
    });
    const row = page.getByTestId(`earn-order-${order!.id}`);
    await expect(row.getByTestId('earn-order-income')).toHaveText(`${usdt('0')} USDT`);
    expect((await spot(request, token, 'USDT')).available).toBe('500.00000000');

    // 6. A day on (the server's clock moved past the first whole day of interest): the order shows its accrued income.
    await advanceClock(order!.beginAt + DAY - order!.subscribedAt);
    await page.reload();
    await expect(row.getByTestId('earn-order-income')).toHaveText(`${usdt('1.2')} USDT`);
    await shot(page, `defi-details-${lang}`);

    // 7. Redeeming early gives the principal back and gives up the day's interest, said before confirming.
    await row.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(tr('earn.redeem.forfeit', { forfeited: `${usdt('1.2')} USDT` }));
    await shot(page, `defi-redeem-${lang}`);
    await dialog.getByRole('button', { name: d['earn.orders.redeem'] }).click();
    await expect(page.getByTestId('earn-orders-note')).toHaveText(
      tr('earn.redeem.done', { principal: `${usdt('1000')} USDT`, interest: `${usdt('0')} USDT` }),
    );
    await page.getByRole('tab', { name: d['earn.orders.states.redeemed'] }).click();
    await expect(row).toContainText(`${usdt('1000')} USDT`);
    const redeemed = (await api<ListPage<EarnOrder>>(request, token, 'post', '/api/order/list?kind=mining'))
      .records[0]!;
    expect(redeemed).toMatchObject({ id: order!.id, state: 'redeemed', interestPaid: '0.00000000' });

    // 8. The bills show the fee, the stake leaving the spot account and the principal back in the finance account.
    await page.getByRole('link', { name: d['earn.orders.openBills'] }).click();
    await expect(page.locator('tr[data-bill="earn_subscribe"]').first()).toContainText(d['bill.earn_subscribe']!);
    await expect(page.locator('tr[data-bill="earn_redeem"]').first()).toContainText(`+${usdt('1000')}`);
    await expect(page.locator('tr[data-bill="defi_link_fee"]')).toHaveCount(1);
    await shot(page, `defi-bills-${lang}`);
  });
}

test('a browser without a wallet, and a user short of ETH, are told so before anything is signed', async ({
  page,
  request,
}) => {
  const d = loadDictionary('en');
  const name = uniqueName('defino');
  await fundedUser(request, name, { ETH: '0.004' });

  // Signed out, the page shows the pools and the statement, and asks to log in to link.
  await page.goto('/defis/index');
  await expect(page.getByTestId('defi-honest')).toBeVisible();
  await expect(page.getByText(d['defi.link.loginFirst']!)).toBeVisible();

  await signIn(page, '', { username: name });
  await page.goto('/defis/index');
  await page.getByTestId('defi-link-button').click();
  await expect(page.getByTestId('defi-link-problem')).toHaveText(d['defi.problem.noWallet']!);
  await shot(page, 'defi-no-wallet-en');

  // With a wallet but 0.004 ETH, the fee cannot be paid: the wallet is not even asked.
  await installWallet(page, secp256k1.utils.randomSecretKey());
  await page.reload();
  await page.getByTestId('defi-link-button').click();
  const problem = page.getByTestId('defi-link-problem');
  await expect(problem).toContainText('0.005 ETH');
  await expect(problem.getByRole('link', { name: d['defi.problem.deposit'] })).toBeVisible();
  await shot(page, 'defi-eth-short-en');

  // Mining without a linked wallet leads to the link.
  const [pool] = await data<EarnProduct[]>(request.post('/api/defi/list'));
  await page.goto(`/defis/details?id=${pool!.id}`);
  await expect(page.getByTestId('defi-need-link')).toContainText(d['defi.stake.needLink']!);
});
