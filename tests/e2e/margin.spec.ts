import type { APIRequestContext, Page } from '@playwright/test';
import type {
  BorrowPreview,
  MarginAccountView,
  MarginProperty,
  MarginRecord,
} from '../../isomorphic/contract/margin.ts';
import type { Page as ListPage } from '../../isomorphic/contract/wallet.ts';
import { formatAssetAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { advanceClock, operatorToken, ownServer } from './own-server.ts';
import { createAccount, uniqueName, signIn } from './support.ts';
import { priceFeed } from '../support/price-feed.ts';

/**
 * Spot margin from the user's side: transfer into the cross account, borrow, trade with a margin order on the spot
 * book, an hour's interest (the server's clock moved ahead, tests/e2e/server.ts), repay; then the index falls, a
 * margin call shows, and liquidation sells the collateral and clears the debt. The journey runs its own server
 * without market makers (a second user rests the orders margin orders fill against) and its own price feed.
 */
const SHOTS = 'tests/.artifacts/screens';
const FEED_PORT = Number(process.env.E2E_PORT ?? 4410) + 14;
const START = '96500.00';
const index: Record<string, string> = { BTCUSDT: START, ETHUSDT: '3450.00' };
let feed: Awaited<ReturnType<typeof priceFeed>>;

// The feed listens before the journey's server starts and asks it for the index.
test.beforeAll(async () => {
  feed = await priceFeed(index, FEED_PORT);
});
test.afterAll(() => feed.close());

const BASE = ownServer('margin', 13, {
  MARKET_MAKERS: '0',
  PRICE_FEED_URL: `http://127.0.0.1:${FEED_PORT}/{SYMBOL}`,
  DRIVEN_CLOCK: '1',
});

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](`${BASE}${path}`, {
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = await res.json();
  expect(body, `${path} ${body.msg}`).toMatchObject({ code: 200 });
  return body.data as T;
}

/** A user credited through the operator, with a session token for the calls the journey makes through the API. */
async function fundedUser(request: APIRequestContext, name: string, credits: Record<string, string>): Promise<string> {
  await createAccount(request, name);
  const ops = await operatorToken(request);
  for (const [asset, amount] of Object.entries(credits)) {
    const credited = await request.post(`${BASE}/api/admin/credit`, {
      headers: { authorization: ops },
      data: { username: name, asset, amount },
    });
    expect((await credited.json()).code).toBe(200);
  }
  return (
    await (
      await request.post(`${BASE}/api/user/login`, { data: { type: 'account', username: name, password: 'abc123' } })
    ).json()
  ).data.token as string;
}

const property = (request: APIRequestContext, token: string) =>
  call<MarginProperty>(request, token, 'get', '/api/app/coin/marginProperty');
const cross = async (request: APIRequestContext, token: string): Promise<MarginAccountView> =>
  (await property(request, token)).cross;
const usdtLine = (a: MarginAccountView) => a.lines.find((l) => l.coin === 'USDT')!;
const records = async (request: APIRequestContext, token: string) =>
  (await call<ListPage<MarginRecord>>(request, token, 'get', '/api/margin/records?mode=cross&size=50')).records;

/** Moves the feed's BTC index and waits until the server's index follows (sampled every second). */
async function setIndex(request: APIRequestContext, price: string): Promise<void> {
  index.BTCUSDT = price;
  await expect
    .poll(
      async () => {
        const body = await (
          await request.post(`${BASE}/api/app/coin/open/getPriceComparison`, { data: { symbolNameList: ['btcusdt'] } })
        ).json();
        return Number(body.data?.[0]?.index ?? 0);
      },
      { timeout: 15_000 },
    )
    .toBe(Number(price));
}

/** Clicks the notices on screen away (each toast is a button that dismisses itself). */
async function dismissNotices(page: Page): Promise<void> {
  while (await page.locator('.toast').count()) await page.locator('.toast').first().click();
}

/** A whole-page screenshot from the top. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`a user opens an isolated account and sets its leverage, borrows on cross margin, trades, pays interest and repays; a falling price brings a margin call, then liquidation, in ${lang}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const d = loadDictionary(lang);
    await setIndex(request, START);
    const tag = lang.replace('-', '');
    const name = uniqueName(`margin_${tag}`);
    const token = await fundedUser(request, name, { USDT: '1100' });
    const maker = await fundedUser(request, uniqueName(`marginmk_${tag}`), { USDT: '100000', BTC: '2' });
    await signIn(page, prefix, { username: name });

    // 1. The Isolated switch on ETH/USDT: no account yet; a transfer opens it, then its leverage is set to 7×.
    await page.goto(`${prefix}/trade/index?type=spot&symbol=ethusdt`);
    await page.getByTestId('margin-switch').getByRole('radio', { name: d['margin.mode.isolated'] }).click();
    await expect(page).toHaveURL(/margin=isolated/);
    await page.getByTestId('margin-panel').getByRole('button', { name: d['margin.transfer.open'] }).click();
    const opening = page.getByTestId('margin-transfer-dialog');
    await opening.locator('select[name="coin"]').selectOption('USDT');
    await opening.locator('input[name="amount"]').fill('100');
    await opening.getByRole('button', { name: d['margin.transfer.confirm'] }).click();
    await expect(opening).toBeHidden();
    const isolated = page.getByTestId('margin-isolated-ethusdt');
    await expect(isolated.getByTestId('margin-isolated-ethusdt-total')).toHaveText('100.00 USDT');
    await isolated.getByTestId('margin-leverage').selectOption('7');
    await expect
      .poll(async () => (await property(request, token)).isolated.find((a) => a.symbol === 'ethusdt')?.leverage)
      .toBe(7);
    await expect(isolated.getByTestId('margin-leverage')).toHaveValue('7');
    // The order form offers what the panel says may be borrowed at 7×.
    const ethMax = (await property(request, token)).isolated
      .find((a) => a.symbol === 'ethusdt')!
      .lines.find((l) => l.coin === 'USDT')!.maxBorrow;
    await expect(page.getByTestId('borrowable-buy')).toHaveText(formatAssetAmount(ethMax, 2));
    await dismissNotices(page);
    await shot(page, `margin-isolated-${lang}`);

    // 2. The Cross switch on BTC/USDT: the cross account panel, empty, and the margin order form.
    await page.goto(`${prefix}/trade/index?type=spot&symbol=btcusdt`);
    await page.getByTestId('margin-switch').getByRole('radio', { name: d['margin.mode.cross'] }).click();
    await expect(page).toHaveURL(/margin=cross/);
    const panel = page.getByTestId('margin-panel');
    const card = panel.getByTestId('margin-cross-all');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('margin-cross-all-level')).toHaveAttribute('data-risk', 'safe');

    // 3. Transfer 1,000 USDT in; a bad amount first, refused in the page's language.
    await card.getByRole('button', { name: d['margin.transfer.open'] }).click();
    const transfer = page.getByTestId('margin-transfer-dialog');
    await transfer.locator('select[name="coin"]').selectOption('USDT');
    await transfer.locator('input[name="amount"]').fill('5000');
    await transfer.getByRole('button', { name: d['margin.transfer.confirm'] }).click();
    await expect(transfer.getByRole('alert')).toHaveText(
      d['margin.error.overMax']!.replace('{{max}}', '1,000.00').replace('{{coin}}', 'USDT'),
    );
    await transfer.locator('input[name="amount"]').fill('1000');
    await transfer.getByRole('button', { name: d['margin.transfer.confirm'] }).click();
    await expect(transfer).toBeHidden();
    await expect(card.getByTestId('margin-cross-all-total')).toHaveText(/^1,000\.00 USDT$/);

    // 4. Borrow 1,500 USDT: the preview's first-hour interest and level after, as the server computes them.
    await card.getByRole('button', { name: d['margin.borrow.open'] }).click();
    const borrow = page.getByTestId('margin-borrow-dialog');
    await borrow.locator('select[name="coin"]').selectOption('USDT');
    await borrow.locator('input[name="amount"]').fill('1500');
    const preview = await call<BorrowPreview>(request, token, 'post', '/api/app/coin/wallet/all/preborrow', {
      coin: 'USDT',
      amount: '1500',
    });
    await expect(borrow.getByTestId('margin-first-hour')).toHaveText(
      `${formatAssetAmount(preview.firstHourInterest, 2)} USDT`,
    );
    await expect(borrow.getByTestId('margin-level-after')).toHaveText(
      preview.levelAfter!.slice(0, preview.levelAfter!.indexOf('.') + 3),
    );
    await borrow.getByRole('button', { name: d['margin.borrow.confirm'] }).click();
    await expect(borrow).toBeHidden();
    await expect(card.getByTestId('borrowed-USDT')).toHaveText('1,500.00');
    const afterBorrow = usdtLine(await cross(request, token));
    expect(afterBorrow.borrowed).toMatch(/^1500(\.0+)?$/);
    await expect(card.getByTestId('interest-USDT')).toHaveText(formatAssetAmount(afterBorrow.interest, 2));
    // The panel's figures add up as shown: net = shown total − shown liabilities, to the cent (issue 30).
    const cents = async (id: string) =>
      Math.round(Number((await card.getByTestId(id).innerText()).replace(/[^\d.-]/g, '')) * 100);
    const [total, liability] = [await cents('margin-cross-all-total'), await cents('margin-cross-all-liability')];
    expect(await cents('margin-cross-all-net')).toBe(total - liability);

    // 5. A margin order that rests (shown under the book, then cancelled), then one that fills against the maker.
    await page.locator('#buy-limit-price').fill('90000');
    await page.locator('#buy-limit-qty').fill('0.001');
    await page.getByRole('button', { name: d['trade.buyCoin']!.replace('{{coin}}', 'BTC') }).click();
    const open = page.getByTestId('margin-orders-open');
    await expect(open.locator('tbody tr')).toHaveCount(1);
    await open.getByRole('button', { name: d['trade.cancel'] }).click();
    await expect(page.getByTestId('margin-orders-cross').getByText(d['trade.noOrders']!)).toBeVisible();
    await call(request, maker, 'post', '/api/currency/order/submit', {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96500.00',
      quantity: '0.02500',
    });
    await page.locator('#buy-limit-price').fill('96500');
    await page.locator('#buy-limit-qty').fill('0.025');
    await page.getByRole('button', { name: d['trade.buyCoin']!.replace('{{coin}}', 'BTC') }).click();
    await expect(page.locator('.toast--success', { hasText: d['trade.orderFilled'] })).toBeVisible();
    // Bought 0.025 BTC, less a fee if it is taken in BTC.
    await expect
      .poll(async () => Number((await cross(request, token)).lines.find((l) => l.coin === 'BTC')?.total ?? 0))
      .toBeGreaterThan(0.024);
    await dismissNotices(page);
    await shot(page, `margin-trade-${lang}`);

    // 6. An hour passes on the server's clock: one hour's interest is charged, shown and recorded.
    const before = usdtLine(await cross(request, token)).interest;
    await advanceClock(3_600_000);
    await expect
      .poll(async () => Number(usdtLine(await cross(request, token)).interest), { timeout: 10_000 })
      .toBeGreaterThan(Number(before));
    const charged = usdtLine(await cross(request, token)).interest;
    await expect(card.getByTestId('interest-USDT')).toHaveText(formatAssetAmount(charged, 2));
    expect((await records(request, token)).some((r) => r.kind === 'interest')).toBe(true);

    // 7. Repay what the free USDT allows (Max): interest first, then principal.
    await card.getByRole('button', { name: d['margin.repay.open'] }).click();
    const repay = page.getByTestId('margin-repay-dialog');
    await repay.getByRole('button', { name: d['margin.max'] }).click();
    await repay.getByRole('button', { name: d['margin.repay.confirm'] }).click();
    await expect(repay).toBeHidden();
    const repaid = usdtLine(await cross(request, token));
    expect(Number(repaid.interest)).toBe(0);
    expect(Number(repaid.borrowed)).toBeLessThan(1500);
    await expect(card.getByTestId('borrowed-USDT')).toHaveText(formatAssetAmount(repaid.borrowed, 2));

    // 8. The index falls 25%: a margin call, in its colour, as a notice, and recorded.
    await dismissNotices(page);
    await setIndex(request, '72000.00');
    await expect.poll(async () => (await cross(request, token)).risk, { timeout: 15_000 }).toBe('marginCall');
    await expect(card.getByTestId('margin-cross-all-level')).toHaveAttribute('data-risk', 'marginCall', {
      timeout: 10_000,
    });
    await expect
      .poll(async () => (await records(request, token)).some((r) => r.kind === 'marginCall'), { timeout: 10_000 })
      .toBe(true);
    const callNotice = d['margin.notice.marginCall']!.replace('{{account}}', d['margin.name.cross']!).split(
      '{{level}}',
    )[0]!;
    await expect(page.locator('.toast--warning', { hasText: callNotice })).toBeVisible();
    await shot(page, `margin-call-${lang}`);

    // 9. Lower still, with the maker's bids to sell into: liquidation sells the BTC and the loan is repaid.
    await setIndex(request, '66000.00');
    await call(request, maker, 'post', '/api/currency/order/submit', {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '63000.00',
      quantity: '0.05000',
    });
    await setIndex(request, '60000.00');
    await expect
      .poll(
        async () =>
          Number(usdtLine(await cross(request, token)).borrowed) +
          Number(usdtLine(await cross(request, token)).interest),
        { timeout: 20_000 },
      )
      .toBe(0);
    const after = await cross(request, token);
    expect(after.level).toBeNull();
    expect((await records(request, token)).some((r) => r.kind === 'liquidation')).toBe(true);
    await expect(card.getByTestId('margin-cross-all-level')).toHaveAttribute('data-risk', 'safe', { timeout: 10_000 });

    // 10. The wallet's margin assets: the account, and the records of the whole story.
    await page.goto(`${prefix}/assets/index?key=margin`);
    const assets = page.getByTestId('margin-assets');
    await expect(assets.getByTestId('margin-cross-all')).toBeVisible();
    await expect(assets.getByTestId('margin-isolated-ethusdt')).toBeVisible();
    const list = assets.getByTestId('margin-records');
    for (const kind of ['borrow', 'repay', 'interest', 'transfer', 'marginCall', 'liquidation'])
      await expect(list.locator(`tr[data-record="${kind}"]`).first()).toBeVisible();
    await shot(page, `margin-wallet-${lang}`);

    // 11. The order centre's margin-all tab lists the filled margin order.
    await page.goto(`${prefix}/account/entrust?tab=margin-all`);
    await page.getByTestId('margin-orders-cross').getByRole('tab', { name: d['trade.orderHistory'] }).click();
    await expect(page.getByTestId('margin-orders-history').locator('tbody tr').first()).toBeVisible();

    // 12. The bills name the margin movements and the margin account types.
    await page.goto(`${prefix}/account/wallet?tab=bills`);
    const borrowBill = page.locator('tr[data-bill="margin_borrow"]').first();
    await expect(borrowBill).toContainText(d['bill.margin_borrow']!);
    await expect(borrowBill).toContainText(d['assets.account.5']!);
    await expect(page.locator('tr[data-bill="margin_repay"]').first()).toContainText(d['bill.margin_repay']!);
  });
}
