import { mkdirSync } from 'node:fs';
import type { PerpConditional, PerpOrder, PerpPosition, TrailingStop } from '../../isomorphic/contract/perpetual.ts';
import { formatAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { perpetualServer } from './perpetual-support.ts';
import { controlsUnder, createAccount, signIn, tablesWiderThanTheirBox, uniqueName } from './support.ts';

/**
 * Closing from the position row and the trailing stop, in English and German: half a long closed by a limit from its
 * row, a close for more than the position refused in the page's language, a trailing stop placed from the order
 * form and listed under TP/SL where the API says it would fire.
 */
const { BASE, json, login, credit, contracts, positionsOf, shot } = perpetualServer('perp-close', 35);
const SHOTS = 'tests/.artifacts/screens';

test('a long is half closed by a limit from its row and protected by a trailing stop, in English and German', async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [prefix, lang] of [
    ['', 'en'],
    ['/de', 'de'],
  ] as const) {
    const d = loadDictionary(lang);
    const name = uniqueName(`perp_close_${lang}`);
    await createAccount(request, name);
    await credit(request, name, 'USDT', '10000');
    const token = await login(request, name);
    const h = { authorization: token };
    expect(
      (
        await json(
          request.post(`${BASE}/api/asset/transferFunds`, {
            headers: h,
            data: { coin: 'USDT', from: 1, to: 2, amount: '10000' },
          }),
        )
      ).code,
    ).toBe(200);
    const opened = await json<PerpOrder>(
      request.post(`${BASE}/api/contract/order/submit`, {
        headers: h,
        data: { symbol: 'btcusdt_perp', side: 'buy', type: 'market', quantity: '0.1' },
      }),
    );
    expect(opened.code, opened.msg).toBe(200);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, prefix, { username: name });
    await page.goto(`${prefix}/trade/index?type=usta&symbol=btcusdt_perp`);
    const row = page.getByTestId('perp-position-btcusdt_perp');
    const close = row.getByTestId('position-close');
    await expect(close.getByRole('textbox', { name: d['perp.rowClose.qty'] })).toHaveValue('0.100');

    // More than the position is refused before it is sent, in the page's language.
    await close.getByRole('textbox', { name: d['perp.rowClose.qty'] }).fill('0.2');
    await close.getByRole('button', { name: d['trade.limit'], exact: true }).click();
    await expect(close.getByRole('alert')).toHaveText(d['error.perpCloseOverPosition']!.replace('{{max}}', '0.100'));

    // Half of it at a limit under the best bid: a reduce-only sell that fills against the bids at once.
    await close.getByRole('button', { name: '50%' }).click();
    await expect(close.getByRole('textbox', { name: d['perp.rowClose.qty'] })).toHaveValue('0.05');
    const mark = Number((await positionsOf(request, token))[0]!.markPrice);
    await close.getByRole('textbox', { name: d['perp.rowClose.price'] }).fill((mark - 30).toFixed(1));
    await close.getByRole('button', { name: d['trade.limit'], exact: true }).click();
    await expect(
      page.locator('.toast--success', { hasText: d['perp.rowClose.placed']!.split('{{')[0]! }),
    ).toBeVisible();
    await expect(row.getByTestId('position-size')).toHaveText('0.050 BTC');
    await page.locator('.perp-panels').screenshot({ path: `${SHOTS}/perpetual-close-row-1366-${lang}.png` });
    // The customer-service button floats in the window's corner: scrolled to the end, no control of the row is under
    // it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await controlsUnder(page, '[data-testid="service-button"]', '.perp-panels :is(button, input)')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/perpetual-close-1366-${lang}.png` });
    // On a phone the position is a card of label: value lines, its close fields inside the window.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/perpetual-close-390-${lang}.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    const history = await json<{ records: PerpOrder[] }>(
      request.post(`${BASE}/api/contract/order/list?state=history`, { headers: h }),
    );
    expect(history.data.records[0]).toMatchObject({
      side: 'sell',
      type: 'limit',
      reduceOnly: true,
      quantity: '0.050',
      status: 'filled',
    });

    // A trailing stop of 1% on the mark for the 0.05 left, from the order form.
    await page.getByRole('tab', { name: d['perp.trail.tab'] }).click();
    const form = page.getByTestId('perp-trailing-form');
    await expect(form.getByTestId('perp-trailing-closes')).toContainText('0.050 BTC');
    await expect(form.locator('#perp-trail-qty')).toHaveValue('0.050');
    await form.locator('#perp-callback').fill('1');
    await form.getByRole('button', { name: d['perp.trail.place'] }).click();
    await expect(page.locator('.toast--success', { hasText: d['perp.trail.placed']!.split('{{')[0]! })).toBeVisible();

    // Listed under TP/SL where the API says it would fire now, cancellable.
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.stops']}`) }).click();
    const listed = (await json<TrailingStop[]>(request.post(`${BASE}/api/contract/trailing/list`, { headers: h })))
      .data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ side: 'sell', quantity: '0.050', callbackRate: '1.0', status: 'active' });
    const trailing = page.getByTestId(`perp-trailing-${listed[0]!.id}`);
    await expect(trailing.getByTestId('trailing-working')).toHaveText(formatAmount(listed[0]!.workingPrice!, 1));
    await expect(trailing.getByRole('button', { name: d['trade.cancel'] })).toBeVisible();
    await shot(page, `perpetual-close-1366-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(390);
    await shot(page, `perpetual-close-390-${lang}`);
    const position: PerpPosition = (await positionsOf(request, token))[0]!;
    expect(position.quantity).toBe('0.050');
  }
});

test('a conditional order placed from the order form is listed under the open orders, cancelled and listed in the order history, in English and German', async ({
  page,
  request,
}) => {
  const [btc] = (await contracts(request)).filter((c) => c.symbol === 'btcusdt_perp');
  // A stop-market sell far under the mark waits (nothing is held until it fires); one above the mark would fire at
  // once and is refused.
  const stopPrice = (Math.floor(Number(btc!.mark) / 2) + 0.5).toFixed(1);
  const wrongSide = Math.floor(Number(btc!.mark) * 2).toFixed(1);
  for (const [prefix, lang] of [
    ['', 'en'],
    ['/de', 'de'],
  ] as const) {
    const d = loadDictionary(lang);
    const name = uniqueName(`perp_cond_${lang}`);
    await createAccount(request, name);
    const h = { authorization: await login(request, name) };

    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, prefix, { username: name });
    await page.goto(`${prefix}/trade/index?type=usta&symbol=btcusdt_perp`);
    await page.getByRole('tab', { name: d['perp.cond.tab'], exact: true }).click();
    const form = page.getByTestId('perp-conditional-form');
    await form.locator('#perp-cond-trigger').fill(wrongSide);
    await form.locator('#perp-cond-qty').fill('0.02');
    await form.getByRole('checkbox', { name: d['perp.reduceOnly'] }).check();
    await form.getByRole('button', { name: d['perp.sellShort'] }).click();
    await expect(
      page.locator('.toast--error', { hasText: d['error.perpTriggerMustBeBelow']!.split('{{')[0]! }),
    ).toBeVisible();
    await form.locator('#perp-cond-trigger').fill(stopPrice);
    await form.getByRole('button', { name: d['perp.sellShort'] }).click();
    await expect(page.locator('.toast--success', { hasText: d['perp.cond.placed']!.split('{{')[0]! })).toBeVisible();
    await form.screenshot({ path: `${SHOTS}/perpetual-conditional-form-1366-${lang}.png` });
    const placed = await json<PerpConditional[]>(request.post(`${BASE}/api/contract/conditional/list`, { headers: h }));
    expect(placed.data).toHaveLength(1);
    expect(placed.data[0]).toMatchObject({ side: 'sell', type: 'STOP_MARKET', stopPrice, triggerBy: 'mark' });
    expect(placed.data[0]).toMatchObject({ quantity: '0.020', reduceOnly: true, status: 'active', price: null });
    const id = placed.data[0]!.id;

    // Counted in the open-orders tab and listed there with what it watches.
    await page.getByRole('tab', { name: `${d['perp.tab.open']} (1)` }).click();
    const row = page.getByTestId(`perp-conditional-${id}`);
    await expect(row.getByTestId('conditional-type')).toHaveText(d['perp.cond.type.STOP_MARKET']!);
    await expect(row.getByTestId('conditional-trigger')).toHaveText(formatAmount(stopPrice, 1));
    await expect(row).toContainText(d['perp.markPrice']!);
    await expect(row).toContainText(d['perp.reduceOnly']!);
    await shot(page, `perpetual-conditional-1366-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    await shot(page, `perpetual-conditional-390-${lang}`);
    await form.screenshot({ path: `${SHOTS}/perpetual-conditional-form-390-${lang}.png` });

    await row.getByRole('button', { name: d['trade.cancel'] }).click();
    await expect(page.locator('.toast--success', { hasText: d['perp.cond.cancelled'] })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('perp-conditionals')).toHaveCount(0);
    const after = await json<PerpConditional[]>(request.post(`${BASE}/api/contract/conditional/list`, { headers: h }));
    expect(after.data[0]).toMatchObject({ id, status: 'cancelled' });

    // The order history lists it as ended, as Binance's does, at both widths.
    await page.getByRole('tab', { name: d['perp.tab.history'], exact: true }).click();
    const ended = page.getByTestId('perp-conditional-history').getByTestId(`perp-conditional-${id}`);
    await expect(ended.getByTestId('conditional-status')).toHaveText(d['perp.cond.status.cancelled']!);
    await expect(page.getByRole('heading', { name: d['perp.cond.history'] })).toBeVisible();
    await shot(page, `perpetual-conditional-history-390-${lang}`);
    expect(await tablesWiderThanTheirBox(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(ended).toBeVisible();
    await shot(page, `perpetual-conditional-history-1366-${lang}`);
  }
});
