import type { Locator, Page } from '@playwright/test';
import { createPublicClient, erc20Abi, getAddress, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { E2E_CHAIN_PORT } from '../../playwright.config.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, readDb, setFundPassword, signIn, signInOperator, uniqueName } from './support.ts';

/**
 * The demo chain, as people meet it (docs/products/chain.md, chain-payouts.md): the shared e2e server runs `npm
 * start`'s default, a Hardhat node (a block every 2 s, 3 confirmations) that the platform watches and pays from. A
 * user deposits from the faucet and watches the deposit confirm and get credited, withdraws to an outside address, the
 * operator approves it (and then lets small ones through by themselves), and the chain itself is asked whether the
 * coins arrived.
 */

const SHOTS = 'tests/.artifacts/screens';
const PHONE = { width: 390, height: 844 };
// A credit needs the deposit's block and two more (2 s each) plus the watcher's poll: well under this.
const CHAIN_STEP = { timeout: 30_000 };

// The two journeys have their own users and run side by side: the chain's blocks set their pace, not the machine.
test.describe.configure({ mode: 'parallel' });

/**
 * The demo chain's node, read directly: its port is fixed for the e2e server (DEMO_CHAIN_PORT in
 * playwright.config.ts), and the demo USDT's contract is the one the server recorded for the chain.
 */
const chain = createPublicClient({ transport: http(`http://127.0.0.1:${E2E_CHAIN_PORT}`) });
const demoUsdt = () =>
  readDb(
    (db) =>
      (
        db.prepare("SELECT contract FROM chain_tokens WHERE chain = 'demo' AND coin = 'USDT'").get() as {
          contract: Hex;
        }
      ).contract,
  );

async function openAssets(page: Page, query: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/assets/index?${query}`);
  await hydrated(page);
}

/** The deposit page's row of a coin's latest chain deposit. */
const depositRow = (page: Page, coin: string): Locator =>
  page
    .getByTestId('chain-deposits')
    .locator('tbody tr', { has: page.locator('td', { hasText: new RegExp(`^${coin} `) }) });

/** Asks the faucet for test coins and waits for the deposit to show up, still pending. */
async function faucetDeposit(page: Page, coin: string, pending: RegExp): Promise<Locator> {
  await page.locator('select[name="coin"]').selectOption(coin);
  await page.locator('select[name="network"]').selectOption('ERC20');
  // The address is the same for every coin: the faucet's button says when the page is the coin's.
  await expect(page.getByTestId('faucet')).toContainText(coin);
  // In front of its phone twin (onPhone), whose page opened last: a page behind may be slowed down by the browser.
  await page.bringToFront();
  const before = await page.getByTestId('chain-deposits').locator('tbody tr').count();
  // Every state the new row shows, seen in the page itself: a pending state lasts a few blocks only.
  await page.evaluate((before) => {
    const seen: string[] = [];
    (window as unknown as { depositSeen: string[] }).depositSeen = seen;
    const look = () => {
      const rows = document.querySelectorAll<HTMLElement>('[data-testid="chain-deposits"] tbody tr');
      const s = rows.length > before ? `${rows[0]!.dataset.status}:${rows[0]!.textContent}` : undefined;
      if (s && s !== seen.at(-1)) seen.push(s);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, before);
  await page.getByTestId('faucet').click();
  const row = depositRow(page, coin).first();
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { depositSeen: string[] }).depositSeen.join('\n')),
      CHAIN_STEP,
    )
    .toMatch(new RegExp(`^pending:.*${coin} .*${pending.source}`, 'm'));
  return row;
}

/** Both widths of the page as it is now: `${name}-1366.png` and `${name}-390.png`. */
async function shots(page: Page, name: string): Promise<void> {
  // From the top: a page scrolled down draws its sticky header in the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  const wide = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(wide);
}

/**
 * The pending deposit of `coin` pictured at both widths at once, the phone's from a second page of the same user
 * opened beside (`phone`): a deposit is pending for a few seconds only, too short to resize one page between two.
 */
async function pendingShots(page: Page, phone: Page, coin: string, name: string): Promise<void> {
  await phone.locator('select[name="coin"]').selectOption(coin);
  await phone.locator('select[name="network"]').selectOption('ERC20');
  const twin = depositRow(phone, coin).first();
  await expect(twin).toHaveAttribute('data-status', /^(pending|credited)$/);
  // The journey has seen it pending (faucetDeposit); a machine slow enough to miss it here says so in the report.
  if ((await twin.getAttribute('data-status')) !== 'pending')
    test.info().annotations.push({ type: 'picture', description: `${name}: credited before the pictures` });
  await Promise.all([
    page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true }),
    phone.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true }),
  ]);
}

/** The page of `page` again, on a phone, for the same user. */
async function onPhone(page: Page): Promise<Page> {
  const phone = await page.context().newPage();
  await phone.setViewportSize(PHONE);
  await phone.goto(page.url());
  await hydrated(phone);
  return phone;
}

/**
 * Follows the payout status of the withdrawal to `address` in the page itself, every state it shows, so a journey can
 * tell the record moved by itself: a reload would lose what was seen.
 */
async function followPayout(page: Page, address: string): Promise<() => Promise<string[]>> {
  await page.evaluate((address) => {
    const seen: string[] = [];
    (window as unknown as { payoutSeen: string[] }).payoutSeen = seen;
    const look = () => {
      const el = [...document.querySelectorAll<HTMLElement>('[data-testid="payout-status"]')].find((e) =>
        e.closest('tr')?.textContent?.includes(address),
      );
      const s = el?.dataset.status;
      if (s && s !== seen.at(-1)) seen.push(s);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    look();
  }, address);
  return () => page.evaluate(() => (window as unknown as { payoutSeen: string[] }).payoutSeen);
}

/** Withdraws USDT on ERC20 through the form, with the fund password. */
async function withdrawUsdt(page: Page, to: string, amount: string): Promise<void> {
  await page.locator('select[name="coin"]').selectOption('USDT');
  await page.locator('select[name="method"]').selectOption('address');
  await page.locator('select[name="network"]').selectOption('ERC20');
  await page.locator('input[name="address"]').fill(to);
  await page.locator('input[name="amount"]').fill(amount);
  await page.locator('input[name="fundPassword"]').fill('fund123');
  await page.getByRole('button', { name: 'Submit withdrawal' }).click();
  await expect(page.getByTestId('records-withdrawals').locator('tr', { hasText: to })).toBeVisible();
}

/**
 * Waits for the withdrawal to `to` to be confirmed on screen, having moved forward only and by itself, and checks on
 * chain that the hot wallet paid `to` exactly `usdt` in one successful transaction, the one the record names.
 */
async function confirmedOnChain(page: Page, to: string, usdt: bigint, seen: () => Promise<string[]>): Promise<Hex> {
  const status = page.getByTestId('records-withdrawals').locator('tr', { hasText: to }).getByTestId('payout-status');
  await expect(status).toHaveAttribute('data-status', 'confirmed', CHAIN_STEP);
  const order = ['queued', 'signed', 'sent', 'confirmed'];
  const states = await seen();
  expect(states, `states seen: ${states.join(' → ')}`).toEqual(
    [...states].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
  );
  expect(states).toContain('sent');
  test.info().annotations.push({ type: 'payout states seen', description: states.join(' → ') });
  await expect(status).toContainText('Confirmed');
  const hash = (await status.locator('code').getAttribute('title')) as Hex;
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  const receipt = await chain.getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  expect(getAddress(receipt.to!)).toBe(getAddress(demoUsdt()));
  const received = await chain.readContract({
    address: demoUsdt(),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [to as Hex],
  });
  expect(received).toBe(usdt * 10n ** 6n);
  return receipt.from;
}

/** A fresh outside address (EIP-55), so what it holds is exactly what the platform paid it. */
const outsideAddress = () => privateKeyToAccount(generatePrivateKey()).address;

test('demo chain: faucet deposits confirmed and credited, a withdrawal approved, one auto-approved, both paid on chain', async ({
  browser,
  request,
}) => {
  const name = uniqueName('chain');
  await createAccount(request, name);
  const user = await (await browser.newContext()).newPage();
  const ops = await (await browser.newContext()).newPage();
  await signIn(user, '', { username: name });
  await signInOperator(ops);

  // 1. The deposit page on the demo chain: the user's own address, checksummed, with its QR code; nothing to upload.
  await openAssets(user, 'key=recharge&coin=USDT');
  await user.locator('select[name="network"]').selectOption('ERC20');
  await expect(user.getByTestId('chain-deposit')).toBeVisible();
  await expect(user.getByTestId('demo-chain').first()).toHaveText('Demo chain');
  const address = (await user.getByTestId('deposit-address').textContent())!;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(address).toBe(getAddress(address));
  expect(address).not.toBe(address.toLowerCase());
  await expect(user.getByTestId('deposit-qr')).toBeVisible();
  await expect(user.getByTestId('min-deposit')).toHaveText('1.00 USDT');
  await expect(user.getByTestId('confirmations')).toHaveText('3');
  await expect(user.getByTestId('send-only')).toContainText('Send only USDT on ERC20');
  await expect(user.getByTestId('manual-deposit')).toHaveCount(0);
  await expect(user.locator('input[type="file"]')).toHaveCount(0);

  // The faucet pays 1,000 USDT from outside: seen with its first confirmation, then credited once final.
  const usdt = await faucetDeposit(user, 'USDT', /Pending · [12] of 3 confirmations/);
  await expect(usdt).toHaveAttribute('data-status', 'credited', CHAIN_STEP);
  await expect(usdt).toContainText('Credited');
  await expect(usdt).toContainText('1,000.00');
  // Then 1 ETH: the picture has one deposit pending and one credited.
  const phone = await onPhone(user);
  const eth = await faucetDeposit(user, 'ETH', /Pending · [12] of 3 confirmations/);
  await expect(user.getByTestId('deposit-address')).toHaveText(address);
  await pendingShots(user, phone, 'ETH', 'chain-deposit-pending-en');
  await phone.close();
  await expect(eth).toHaveAttribute('data-status', 'credited', CHAIN_STEP);
  await shots(user, 'chain-deposit-credited-en');

  // 2. Bitcoin has neither a key of the platform's nor an operator's address here: no address at all.
  await user.locator('select[name="coin"]').selectOption('BTC');
  await expect(user.getByTestId('deposit-off')).toBeVisible();
  await expect(user.getByTestId('deposit-address')).toHaveCount(0);

  await openAssets(user, 'key=overview');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('1,000.00');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="ETH"]')).toContainText('1.00');

  // 3. A withdrawal to an outside address, approved by the operator in the queue, paid from the hot wallet.
  await setFundPassword(request, name, 'fund123');
  const first = outsideAddress();
  await openAssets(user, 'key=withdraw&coin=USDT');
  await withdrawUsdt(user, first, '100');
  await expect(user.getByTestId('withdraw-available')).toHaveText('895.00 USDT');
  const seenFirst = await followPayout(user, first);
  await ops.goto('/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Withdrawals' }).click();
  await ops
    .getByTestId('admin-withdrawals')
    .locator('tr', { hasText: first })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(ops.locator('.toast--success', { hasText: 'Approved' })).toBeVisible();
  const hot = await confirmedOnChain(user, first, 100n, seenFirst);
  await shots(user, 'chain-withdrawal-confirmed-en');

  // The operator lets withdrawals below 500 USDT through by themselves; the next one needs nobody.
  await ops.getByRole('tab', { name: 'Chains' }).click();
  await ops.getByRole('textbox', { name: 'Auto-approve below USDT' }).fill('500');
  await ops.getByTestId('admin-chains').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(ops.locator('.toast--success', { hasText: 'Operation successful' })).toBeVisible();
  const second = outsideAddress();
  await withdrawUsdt(user, second, '50');
  const seenSecond = await followPayout(user, second);
  await expect(user.getByTestId('records-withdrawals').locator('tr', { hasText: second })).not.toContainText(
    'Under review',
  );
  expect(await confirmedOnChain(user, second, 50n, seenSecond)).toBe(hot);
  await expect(user.getByTestId('records-withdrawals').locator('tr', { hasText: second })).toContainText(
    'Approved automatically',
  );

  // 4. The console's chains: the hot wallet that paid, what it holds beside what users are owed, the gas budget.
  await ops.reload();
  await hydrated(ops);
  await ops.getByRole('tab', { name: 'Chains' }).click();
  const holding = ops.getByTestId('chain-holdings').locator('tr[data-coin="USDT"]');
  await expect(holding).toContainText('Demo chain');
  await expect(holding.locator('code')).toHaveText(hot.toLowerCase());
  // What the console says the hot wallet holds is what the chain says (sweeps of users' deposits move it: the console
  // is opened again until both are read between two of them).
  await expect(async () => {
    const onChain = await chain.readContract({
      address: demoUsdt(),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [hot],
    });
    const shown = (await holding.locator('td.num').first().innerText()).split('\n')[0]!.replace(/,/g, '');
    if (BigInt(shown.replace('.', '')) !== onChain * 100n) {
      await ops.reload();
      await hydrated(ops);
      await ops.getByRole('tab', { name: 'Chains' }).click();
    }
    expect(BigInt(shown.replace('.', ''))).toBe(onChain * 100n);
  }).toPass(CHAIN_STEP);
  const coverage = ops.getByTestId('chain-coverage');
  await expect(coverage.locator('thead')).toContainText('Liabilities (ledger)');
  await expect(coverage.locator('thead')).toContainText('On chain');
  await expect(coverage.locator('tr[data-coin="USDT"] td.num').nth(0)).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
  await expect(coverage.locator('tr[data-coin="USDT"] td.num').nth(1)).toHaveText(/^\d{1,3}(,\d{3})*\.\d+$/);
  // Paying gas came out of the budget the demo install starts with (10 ETH).
  const gas = (await coverage.locator('tr[data-coin="ETH"] td.num').nth(2).textContent())!;
  expect(Number(gas.replace(/,/g, ''))).toBeGreaterThan(9);
  expect(Number(gas.replace(/,/g, ''))).toBeLessThan(10);
  await shots(ops, 'chain-console-en');
  await ops.goto('/zh-CN/admin');
  await hydrated(ops);
  await ops.getByRole('tab', { name: '链' }).click();
  await expect(ops.getByTestId('chain-holdings')).toContainText('演示链');
  await shots(ops, 'chain-console-zh-CN');

  await openAssets(user, 'key=withdraw&coin=USDT', '/zh-CN');
  await expect(
    user.getByTestId('records-withdrawals').locator('tr', { hasText: first }).getByTestId('payout-status'),
  ).toContainText('已确认');
  await expect(user.getByTestId('records-withdrawals').locator('tr', { hasText: second })).toContainText(
    '自动审核通过',
  );
  await shots(user, 'chain-withdrawal-confirmed-zh-CN');

  // The signer swept the user's USDT to the hot wallet after sending the address its gas (the sweep confirmed: the
  // top-up was mined blocks before): that top-up is the platform's, and the user's deposits are the faucet's two.
  await expect
    .poll(
      () =>
        readDb((db) =>
          db
            .prepare(
              "SELECT id FROM chain_sweeps WHERE address = ? AND coin = 'USDT' AND topup_tx IS NOT NULL AND status = 'confirmed'",
            )
            .all(address.toLowerCase()),
        ).length,
      CHAIN_STEP,
    )
    .toBeGreaterThan(0);
  await openAssets(user, 'key=recharge&coin=ETH');
  await expect(user.getByTestId('chain-deposits').locator('tbody tr')).toHaveCount(2);
});

test('demo chain in Chinese: a faucet deposit pending, then credited, in translated words', async ({
  browser,
  request,
}) => {
  const name = uniqueName('chainzh');
  await createAccount(request, name);
  const user = await (await browser.newContext()).newPage();
  await signIn(user, '/zh-CN', { username: name });
  await openAssets(user, 'key=recharge&coin=ETH', '/zh-CN');
  await expect(user.getByTestId('demo-chain').first()).toHaveText('演示链');
  await expect(user.getByTestId('send-only')).toContainText('请仅向此地址发送 ERC20 网络上的 ETH');
  await expect(user.getByTestId('faucet')).toHaveText('获取测试 ETH');
  await expect(user.getByTestId('chain-deposit')).toContainText('暂未在链上发现充值。');

  const eth = await faucetDeposit(user, 'ETH', /待确认 · [12]\/3 个确认/);
  await expect(eth).toHaveAttribute('data-status', 'credited', CHAIN_STEP);
  await expect(eth).toContainText('已入账');
  const phone = await onPhone(user);
  const usdt = await faucetDeposit(user, 'USDT', /待确认 · [12]\/3 个确认/);
  await pendingShots(user, phone, 'USDT', 'chain-deposit-pending-zh-CN');
  await phone.close();
  await expect(usdt).toHaveAttribute('data-status', 'credited', CHAIN_STEP);
  await expect(usdt).toContainText('已入账');
  await shots(user, 'chain-deposit-credited-zh-CN');

  await openAssets(user, 'key=overview', '/zh-CN');
  await expect(user.getByTestId('coin-table').locator('tr[data-coin="USDT"]')).toContainText('1,000.00');
});
