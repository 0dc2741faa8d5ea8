import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { expect, hydrated, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn, tablesWiderThanTheirBox } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

test('an API key created in the account centre signs an order that shows in the order centre', async ({
  page,
  request,
}) => {
  const name = uniqueName('bot');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  await signIn(page, '', { username: name });

  // 1. Create a trading key; the secret is shown once.
  await page.goto('/account/center?tab=api');
  await hydrated(page);
  await expect(page.getByTestId('api-keys')).toContainText('You have no API keys yet.');
  await expect(page.locator('input[name="withdraw"]')).toBeDisabled();
  await page.locator('input[name="label"]').fill('Grid bot');
  await page.locator('input[name="trade"]').check();
  await page.getByRole('button', { name: 'Create API key' }).click();
  const apiKey = (await page.getByTestId('api-key-value').textContent())!;
  const secret = (await page.getByTestId('api-secret-value').textContent())!;
  expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
  await page.screenshot({ path: `${SHOTS}/api-keys-secret-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'I have saved the secret' }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  const row = page.getByTestId('api-keys').locator('tr[data-label="Grid bot"]');
  await expect(row).toContainText('Read, Trade');
  await expect(row).toContainText(`${apiKey.slice(0, 8)}…${apiKey.slice(-6)}`);
  await expect(page.getByTestId('api-keys')).not.toContainText(secret);

  // 2. A program signs an order on the Binance-compatible API, as Binance documents: query string then body,
  // HMAC-SHA256 with the secret.
  const query = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC';
  const body = `quantity=0.001&price=95000&recvWindow=5000&timestamp=${Date.now()}`;
  const signature = createHmac('sha256', secret)
    .update(query + body)
    .digest('hex');
  const send = () =>
    request.post(`/api/v3/order?${query}`, {
      headers: { 'X-MBX-APIKEY': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      data: `${body}&signature=${signature}`,
    });
  const placed = await send();
  expect(await placed.json()).toMatchObject({ symbol: 'BTCUSDT', side: 'BUY', status: 'NEW' });
  // The same request again is refused, with Binance's code.
  const replay = await send();
  expect((await replay.json()).code).toBe(-1022);

  // 3. The order is the user's, in the order centre.
  await page.goto('/account/entrust');
  await hydrated(page);
  await expect(page.getByTestId('orders-open')).toContainText('95000.00');
  await expect(page.getByTestId('orders-open')).toContainText('BTC/USDT');

  // 4. The key shows when it was last used; the tab reads the same in German.
  await page.goto('/account/center?tab=api');
  await hydrated(page);
  await expect(row).not.toContainText('Never');
  await expect(page.locator('.api-keys__steps')).toContainText('/api/v3');
  await expect(page.locator('.api-keys__steps')).toContainText('X-MBX-APIKEY');
  await page.screenshot({ path: `${SHOTS}/api-keys-en.png`, fullPage: true });
  await page.goto('/de/account/center?tab=api');
  await hydrated(page);
  await expect(page.getByTestId('api-keys').locator('tr[data-label="Grid bot"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-keys-de.png`, fullPage: true });
  // Issue 30: the German headings pushed Delete out of the table's box at 1366 px; on a phone each key is a card.
  const remove = page.getByTestId('api-keys').getByRole('button', { name: 'Löschen' });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await tablesWiderThanTheirBox(page), `at ${width} px`).toEqual([]);
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width, `Delete at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.screenshot({ path: `${SHOTS}/api-keys-de-390.png`, fullPage: true });
});

test('a self-generated Ed25519 key: the public key is pasted, no secret is shown, and the private key signs', async ({
  page,
  request,
}) => {
  const name = uniqueName('edkey');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  await signIn(page, '', { username: name });
  const pair = generateKeyPairSync('ed25519');
  const publicPem = String(pair.publicKey.export({ type: 'spki', format: 'pem' }));

  await page.goto('/account/center?tab=api');
  await hydrated(page);
  await page.locator('input[name="label"]').fill('Ed bot');
  await page.locator('input[name="trade"]').check();
  await page.getByLabel('Self-generated (Ed25519)').check();
  // A private key pasted by mistake is refused before it is sent.
  await page
    .locator('textarea[name="publicKey"]')
    .fill(String(pair.privateKey.export({ type: 'pkcs8', format: 'pem' })));
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByTestId('api-key-form')).toContainText('This is a private key');
  await page.locator('textarea[name="publicKey"]').fill(publicPem);
  await page.screenshot({ path: `${SHOTS}/api-keys-ed25519-form-en.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create API key' }).click();
  const apiKey = (await page.getByTestId('api-key-value').textContent())!;
  await expect(page.getByTestId('api-secret-value')).toHaveCount(0);
  await expect(page.getByTestId('api-key-secret')).toContainText('We keep only your public key');
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-keys').locator('tr[data-label="Ed bot"]');
  await expect(row).toContainText('Ed25519');

  // Binance's Ed25519 signing: base64 of the signature of query string then body, URL-encoded.
  const query = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC';
  const body = `quantity=0.001&price=95000&recvWindow=5000&timestamp=${Date.now()}`;
  const signature = encodeURIComponent(sign(null, Buffer.from(query + body), pair.privateKey).toString('base64'));
  const placed = await request.post(`/api/v3/order?${query}`, {
    headers: { 'X-MBX-APIKEY': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
    data: `${body}&signature=${signature}`,
  });
  expect(await placed.json()).toMatchObject({ symbol: 'BTCUSDT', side: 'BUY', status: 'NEW' });

  for (const [lang, prefix] of [
    ['en', ''],
    ['de', '/de'],
  ] as const) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${prefix}/account/center?tab=api`);
    await hydrated(page);
    await page.getByTestId('api-key-type').locator('input[value="ED25519"]').check();
    await page.screenshot({ path: `${SHOTS}/api-keys-ed25519-1366-${lang}.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/api-keys-ed25519-390-${lang}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
