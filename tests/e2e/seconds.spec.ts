import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { advanceClock, operatorToken, ownServer, serverClock } from './own-server.ts';
import { createAccount, signIn, uniqueName } from './support.ts';

/**
 * Second contracts need a moving, recorded index: this journey runs its own server with the market makers on (so
 * the index is sampled every second), on its own data folder and port, beside the shared one, on a driven clock so
 * that the 5-second period passes without waiting for it.
 */
ownServer('seconds', 7, { DRIVEN_CLOCK: '1' });
const SHOTS = 'tests/.artifacts/screens';

/** A user with 1,000 USDT in the contract account, and the 5-second BTC period the journey stakes on. */
async function readyUser(request: APIRequestContext, name: string): Promise<{ token: string; periodId: number }> {
  await createAccount(request, name);
  const ops = await operatorToken(request);
  expect(
    (
      await (
        await request.post('/api/admin/credit', {
          headers: { authorization: ops },
          data: { username: name, asset: 'USDT', amount: '1000' },
        })
      ).json()
    ).code,
  ).toBe(200);
  const token = (
    await (
      await request.post('/api/user/login', { data: { type: 'account', username: name, password: 'abc123' } })
    ).json()
  ).data.token as string;
  expect(
    (
      await (
        await request.post('/api/asset/transferFunds', {
          headers: { authorization: token },
          data: { coin: 'USDT', from: 1, to: 2, amount: '1000' },
        })
      ).json()
    ).code,
  ).toBe(200);
  const period = {
    symbol: 'btcusdt',
    seconds: 5,
    profitBps: 8_500,
    lossBps: 10_000,
    minStake: 10,
    maxStake: 10_000,
    exposureCap: 100_000,
    active: true,
  };
  const periods = (await (await request.get('/api/admin/seconds/periods', { headers: { authorization: ops } })).json())
    .data.periods as Array<{ id: number; symbol: string; seconds: number }>;
  const existing = periods.find((p) => p.symbol === 'btcusdt' && p.seconds === 5);
  const saved = await request.post('/api/admin/seconds/period', {
    headers: { authorization: ops },
    data: existing ? { id: existing.id, ...period } : period,
  });
  return { token, periodId: (await saved.json()).data.id };
}

for (const [prefix, lang, words] of [
  [
    '',
    'en',
    {
      period: '5s',
      up: 'Up',
      down: 'Down',
      opened: 'opened',
      won: 'Won',
      lost: 'Lost',
      settled: 'settled',
      stake: 'Stake 100.00 USDT',
    },
  ],
  [
    '/de',
    'de',
    {
      period: '5 s',
      up: 'Steigt',
      down: 'Fällt',
      opened: 'eröffnet',
      won: 'Gewonnen',
      lost: 'Verloren',
      settled: 'abgerechnet',
      stake: '100.00 USDT setzen',
    },
  ],
] as const) {
  test(`a user opens up and down orders, watches the countdown and sees both settle with the push, in ${lang}`, async ({
    page,
    request,
  }) => {
    const name = uniqueName(`sec_${lang}`);
    const { token } = await readyUser(request, name);
    await signIn(page, prefix, { username: name });

    await page.goto(`${prefix}/trade/index?type=sec&symbol=btcusdt`);
    await hydrated(page);
    await expect(page.getByTestId('seconds-available')).toHaveText('1,000.00');
    await page.getByRole('radio', { name: new RegExp(`^${words.period}`) }).click();
    const amount = page.locator('#seconds-amount');
    await amount.fill('12.5');
    await expect(amount).toHaveValue('12.');
    await amount.fill('100');
    await page.getByRole('button', { name: words.up, exact: true }).click();
    // 100 is ten times the period's minimum: the form asks first (docs/products/seconds.md "Large stakes").
    await page.getByRole('dialog').getByRole('button', { name: words.stake }).click();
    await expect(page.locator('.toast--success', { hasText: words.opened }).first()).toBeVisible();
    await amount.fill('50');
    await page.getByRole('button', { name: words.down, exact: true }).click();
    await expect(page.getByTestId('seconds-open').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('countdown').first()).toBeVisible();
    await expect(page.getByTestId('seconds-available')).toHaveText('850.00');
    await page.screenshot({ path: `${SHOTS}/seconds-open-${lang}.png` });
    // Most of the period passes at once: the clock jumps to a second and a half before the first close, so the close
    // price is still a sample the server records after the jump, within the 3 s the rule allows before it.
    const open = (
      await (
        await request.post('/api/secondContractOrder/selectOrderList', {
          headers: { authorization: token },
          data: { state: 'open' },
        })
      ).json()
    ).data.records as Array<{ expiresAt: number }>;
    const jump = Math.min(...open.map((o) => o.expiresAt)) - (await serverClock()).now - 1_500;
    if (jump > 0) await advanceClock(jump);

    // The two SETTLEMENT pushes arrive as messages on the page, without a reload (each toast in turn: the orders
    // opened a moment apart, so the first may be gone when the second comes).
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          for (const text of await page.locator('.toast', { hasText: words.settled }).allTextContents()) seen.add(text);
          return seen.size;
        },
        { timeout: 20_000, intervals: [250] },
      )
      .toBe(2);
    await page.getByRole('tab', { name: new RegExp(`^${lang === 'en' ? 'Settled' : 'Abgerechnet'}`) }).click();
    const rows = page.getByTestId('seconds-history').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/seconds-settled-${lang}.png` });

    // The payout follows the rule: a win pays 85% on top of the stake, a loss takes it, a tie returns it.
    const orders = (
      await (
        await request.post('/api/secondContractOrder/selectOrderList', {
          headers: { authorization: token },
          data: { state: 'history' },
        })
      ).json()
    ).data.records as Array<{
      status: string;
      amount: string;
      openPrice: string;
      closePrice: string;
      direction: string;
      profit: string;
    }>;
    let expected = 1000;
    for (const o of orders) {
      const [open, close] = [Number(o.openPrice), Number(o.closePrice)];
      const status = close === open ? 'tie' : close > open === (o.direction === 'up') ? 'won' : 'lost';
      expect(o.status).toBe(status);
      expected += status === 'won' ? Number(o.amount) * 0.85 : status === 'lost' ? -Number(o.amount) : 0;
    }
    await expect(page.getByTestId('seconds-available')).toHaveText(
      expected.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    for (const o of orders.filter((x) => x.status === 'won' || x.status === 'lost')) {
      await expect(
        page
          .getByTestId('seconds-history')
          .getByText(o.status === 'won' ? words.won : words.lost)
          .first(),
      ).toBeVisible();
    }
    if (lang !== 'en') return;
    // The order centre and the bills show the same records.
    await page.goto('/account/entrust');
    await page.getByRole('tab', { name: 'Second contracts' }).click();
    await page.getByRole('tab', { name: /^Settled/ }).click();
    await expect(page.getByTestId('seconds-history').locator('tbody tr')).toHaveCount(2);
    await page.goto('/account/wallet?tab=bills');
    const bills = page.getByTestId('records-bills');
    await expect(bills.locator('td', { hasText: /^Second contract stake$/ })).toHaveCount(2);
    for (const o of orders) {
      const bill = { won: 'Second contract win', lost: 'Second contract loss', tie: 'Second contract stake returned' }[
        o.status as 'won' | 'lost' | 'tie'
      ];
      await expect(bills.locator('td', { hasText: new RegExp(`^${bill}$`) }).first()).toBeVisible();
    }
  });
}

test('a visitor sees every settled order without its user, and the speed tab of the quotes lists the pairs', async ({
  page,
}) => {
  await page.goto('/trade/index?type=sec&symbol=btcusdt');
  await expect(page.getByRole('tab', { name: 'All settlements' })).toBeVisible();
  await expect(page.getByTestId('seconds-public').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seconds-public-en.png` });
  await page.goto('/quotes/index');
  await page.getByRole('tab', { name: 'Second contract' }).click();
  const btc = page.locator('.market-table tbody tr', { hasText: 'BTC' }).first();
  await expect(btc).toContainText('30s · 60s · 120s · 300s');
  await expect(btc.getByRole('link')).toHaveAttribute('href', '/trade/index?type=sec&symbol=btcusdt');
});
