import type { StopOrder } from '../../isomorphic/contract/perpetual.ts';
import { formatAmount, formatAssetAmount } from '../../isomorphic/format/index.ts';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { advanceClock, serverClock } from './own-server.ts';
import { FUNDING_MS, perpetualServer } from './perpetual-support.ts';
import { createAccount, signIn, uniqueName } from './support.ts';

/** The perpetual journey in English and German: funding, both margin modes, TP/SL, margin added, funding, close all. */
const { BASE, json, login, credit, assetDecimals, contracts, positionsOf, shot, rowMatchesApi } = perpetualServer(
  'perp',
  11,
);
const SHOTS = 'tests/.artifacts/screens';

for (const [prefix, lang] of [
  ['', 'en'],
  ['/de', 'de'],
] as const) {
  test(`a user funds the contract account, opens a cross long and an isolated short with TP/SL, adds margin and closes all, in ${lang}`, async ({
    page,
    request,
  }) => {
    const d = loadDictionary(lang);
    const name = uniqueName(`perp_${lang}`);
    await createAccount(request, name);
    await credit(request, name, 'USDT', '10000');
    const token = await login(request, name);

    await signIn(page, prefix, { username: name });

    // 1. 5,000 USDT from the spot account into the contract account, on the wallet's transfer screen.
    await page.goto(`${prefix}/assets/index?key=transfer`);
    await page.locator('select[name="to"]').selectOption('2');
    await page.locator('input[name="amount"]').fill('5000');
    await page.getByRole('button', { name: d['assets.transferNow'] }).click();
    await expect(page.locator('.toast--success', { hasText: d['assets.transferDone'] })).toBeVisible();

    // 2. A cross long on BTCUSDT at 10×, at market.
    await page.goto(`${prefix}/trade/index?type=usta&symbol=btcusdt_perp`);
    await expect(page.getByTestId('perp-available')).toHaveText('5,000.00');
    await expect(page.getByTestId('funding-countdown')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await expect(page.getByRole('radio', { name: d['perp.mode.cross'] })).toHaveAttribute('aria-checked', 'true');
    await page.locator('#perp-leverage').fill('10');
    await page.getByRole('button', { name: d['perp.apply'] }).click();
    await expect(page.locator('.toast--success', { hasText: '10×' })).toBeVisible();
    await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
    await page.locator('#perp-qty').fill('0.05');
    // The cost of a long comes from the server's preview as the user types.
    await expect(page.getByTestId('perp-cost-buy')).not.toHaveText(/^(--|0\.00 USDT)$/);
    await page.getByRole('button', { name: d['perp.buyLong'] }).click();
    await expect(page.locator('.toast--success').first()).toBeVisible();
    await expect(page.getByTestId('perp-position-btcusdt_perp')).toHaveAttribute('data-side', 'long');
    const long = await rowMatchesApi(page, request, token, 'btcusdt_perp');
    expect(long).toMatchObject({ side: 'long', marginMode: 'cross', leverage: 10, quantity: '0.050' });

    // 3. Its take-profit and stop-loss in the dialog.
    const entry = Number(long.entryPrice);
    await page.getByTestId('perp-position-btcusdt_perp').getByRole('button', { name: d['perp.edit'] }).click();
    const stopDialog = page.getByTestId('perp-stop-dialog');
    await stopDialog.locator('#perp-trade-dialog-takeProfit').fill((entry + 3000).toFixed(1));
    await stopDialog.locator('#perp-trade-dialog-stopLoss').fill((entry - 3000).toFixed(1));
    await page.screenshot({ path: `${SHOTS}/perpetual-tpsl-dialog-${lang}.png` });
    await stopDialog.getByRole('button', { name: d['perp.confirm'] }).click();
    await expect(stopDialog).toBeHidden();
    await expect(page.getByTestId('perp-position-btcusdt_perp').getByTestId('position-tpsl')).toHaveText(
      `${formatAmount(entry + 3000, 1)} / ${formatAmount(entry - 3000, 1)}`,
    );

    // 4. An isolated short on ETHUSDT at 25×, with its TP/SL from the order form.
    await page.getByTestId('perp-contracts').getByRole('button', { name: 'ETHUSDT' }).click();
    await expect(page).toHaveURL(/symbol=ethusdt_perp/);
    await page.getByRole('radio', { name: d['perp.mode.isolated'] }).click();
    await expect(page.getByRole('radio', { name: d['perp.mode.isolated'] })).toHaveAttribute('aria-checked', 'true');
    await page.locator('#perp-leverage').fill('25');
    await page.getByRole('button', { name: d['perp.apply'] }).click();
    await expect(page.locator('.toast--success', { hasText: '25×' })).toBeVisible();
    await page.getByRole('tab', { name: d['trade.market'], exact: true }).click();
    await page.locator('#perp-qty').fill('1');
    await page.getByLabel(d['perp.tpsl']).check();
    const ethMark = Number((await contracts(request)).find((c) => c.symbol === 'ethusdt_perp')!.mark);
    await page.locator('#perp-tp').fill((ethMark * 0.95).toFixed(2));
    await page.locator('#perp-sl').fill((ethMark * 1.02).toFixed(2));
    await page.getByRole('button', { name: d['perp.sellShort'] }).click();
    await expect(page.getByTestId('perp-position-ethusdt_perp')).toHaveAttribute('data-side', 'short');
    const short = await rowMatchesApi(page, request, token, 'ethusdt_perp');
    expect(short).toMatchObject({ side: 'short', marginMode: 'isolated', leverage: 25, quantity: '1.000' });
    await expect
      .poll(
        async () =>
          (
            await json<StopOrder[]>(
              request.post(`${BASE}/api/contract/loss/list`, { headers: { authorization: token } }),
            )
          ).data.filter((s) => s.status === 'active').length,
      )
      .toBe(4);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.stops']}`) }).click();
    await expect(page.getByTestId('perp-stops').locator('tbody tr')).toHaveCount(4);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.positions']}`) }).click();

    // 5. The margin mode cannot change under a position: the server's message, in the page's language.
    const refused = await json(
      request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, {
        headers: { authorization: token, lang },
        data: { symbol: 'ethusdt_perp', leverage: 25, marginMode: 'cross' },
      }),
    );
    expect(refused.code).toBe(4107);
    await page.getByRole('radio', { name: d['perp.mode.cross'] }).click();
    await expect(page.locator('.toast--error', { hasText: refused.msg })).toBeVisible();
    await expect(page.getByRole('radio', { name: d['perp.mode.isolated'] })).toHaveAttribute('aria-checked', 'true');

    // 6. 50 USDT more margin for the isolated short.
    await page.getByTestId('perp-position-ethusdt_perp').getByRole('button', { name: d['perp.margin.adjust'] }).click();
    const marginDialog = page.getByTestId('perp-margin-dialog');
    await marginDialog.locator('#perp-margin-amount').fill('50');
    await page.screenshot({ path: `${SHOTS}/perpetual-margin-dialog-${lang}.png` });
    await marginDialog.getByRole('button', { name: d['perp.confirm'] }).click();
    await expect(marginDialog).toBeHidden();
    const added = await rowMatchesApi(page, request, token, 'ethusdt_perp');
    expect(Number(added.margin) - Number(short.margin)).toBeCloseTo(50, 6);
    await expect(page.getByTestId('perp-positions').locator('tbody tr')).toHaveCount(2);

    // 7. Funded: at the next funding time the long pays and the short receives, and the rows say so. The clock jumps
    // to just past it; the funding job, which checks every second, settles it at its next check.
    const nextFunding = Math.max(...(await contracts(request)).map((c) => c.nextFundingTime));
    const jump = nextFunding - (await serverClock()).now + 500;
    if (jump > 0) await advanceClock(Math.min(jump, FUNDING_MS));
    await expect
      .poll(async () => (await positionsOf(request, token)).every((p) => p.funding !== '0.00000000'), {
        timeout: 10_000,
        intervals: [500],
      })
      .toBe(true);
    const funded = await positionsOf(request, token);
    expect(funded.find((p) => p.symbol === 'btcusdt_perp')!.funding).toMatch(/^-/);
    expect(funded.find((p) => p.symbol === 'ethusdt_perp')!.funding).not.toMatch(/^-/);
    const decimals = await assetDecimals(request, token);
    for (const p of funded) {
      const shown = page.getByTestId(`perp-position-${p.symbol}`).getByTestId('position-funding');
      await expect
        .poll(async () => (await shown.textContent())?.replace(/^[+-]/, ''))
        .toBe(`${formatAssetAmount(p.funding.replace(/^-/, ''), decimals.USDT!)} USDT`);
    }
    const history = (
      await json<{ history: unknown[] }>(request.get(`${BASE}/api/app/coin/getFundingRate?symbolName=btcusdt_perp`))
    ).data.history;
    expect(history.length).toBeGreaterThan(0);
    await shot(page, `perpetual-positions-${lang}`);

    // 8. Close all, after a confirmation.
    await page.getByRole('button', { name: d['perp.closeAll'] }).click();
    await page.locator('dialog[open]').getByRole('button', { name: d['perp.closeAll'] }).click();
    await expect(page.getByText(d['perp.noPositions']!)).toBeVisible();
    expect(await positionsOf(request, token)).toEqual([]);
    await page.getByRole('tab', { name: new RegExp(`^${d['perp.tab.history']}`) }).click();
    await expect(page.getByTestId('perp-order-history').locator('tbody tr')).not.toHaveCount(0);
    await shot(page, `perpetual-closed-${lang}`);
  });
}
