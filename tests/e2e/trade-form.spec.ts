import { expect, test } from './fixtures.ts';
import { createAccount, credit, uniqueName, signIn } from './support.ts';
import { apiLogin, openTrade } from './trade-support.ts';

/** The trade screen's order form: its messages, its share buttons, and cancel-all. */
const SHOTS = 'tests/.artifacts/screens';

test.describe('order form messages', () => {
  test('zero, negative and missing prices get the right sentence, with field names in lower case', async ({
    page,
    request,
  }) => {
    const name = uniqueName('msgs');
    await createAccount(request, name);
    await credit(request, name, 'USDT', '1000');
    await signIn(page, '', { username: name });
    await openTrade(page, '', 'bnbusdt');
    const price = page.locator('#buy-limit-price');
    const error = page.locator('.side-form--buy .field__error');
    const buy = page.locator('.side-form--buy button[type="submit"]');
    await page.locator('#buy-limit-qty').fill('1');

    await price.fill('0');
    await buy.click();
    await expect(error).toHaveText('The price must be greater than zero');
    await price.fill('-90000');
    await expect(price).toHaveValue('-90000');
    await expect(error).toHaveText('The price cannot be negative');
    await buy.click();
    await expect(error).toHaveText('The price cannot be negative');
    await expect(page.getByTestId('orders-open')).toHaveCount(0);
    await price.fill('');
    await buy.click();
    await expect(error).toHaveText('Please enter the price');
    await page.screenshot({ path: `${SHOTS}/trade-form-errors-en.png` });

    await openTrade(page, '/de', 'bnbusdt');
    await page.locator('#buy-limit-price').fill('0');
    await page.locator('#buy-limit-qty').fill('1');
    await page.locator('.side-form--buy button[type="submit"]').click();
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Preis muss größer als null sein');
    await page.locator('#buy-limit-price').fill('-1');
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Preis darf nicht negativ sein');
    await expect(page.getByTestId('available-buy')).toHaveText('1,000.00');
    // The German labels are long: both forms must still fit inside their panel.
    const panel = (await page.locator('.order-form').boundingBox())!;
    for (const form of await page.locator('.side-form').all()) {
      const b = (await form.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width);
    }
    await page.screenshot({ path: `${SHOTS}/trade-form-errors-de.png` });
  });

  test('the order kinds’ tabs are translated in every language', async ({ page }) => {
    const expected: Record<string, [string, string, string, string]> = {
      '': ['Limit', 'Market', 'Stop-limit', 'OCO'],
      '/de': ['Limit', 'Markt', 'Stop-Limit', 'OCO'],
      '/fr': ['Limite', 'Au marché', 'Stop-limite', 'OCO'],
      '/es': ['Límite', 'Mercado', 'Stop límite', 'OCO'],
      '/pt': ['Limite', 'Mercado', 'Stop com limite', 'OCO'],
      '/lt': ['Ribinis', 'Rinkos', 'Stop riba', 'OCO'],
      '/ru': ['Лимитный', 'Рыночный', 'Стоп-лимит', 'OCO'],
      '/ja': ['指値', '成行', '逆指値', 'OCO'],
      '/ko': ['지정가', '시장가', '스탑 리밋', 'OCO'],
      '/zh-CN': ['限价', '市价', '止盈止损', 'OCO'],
      '/zh-TW': ['限價', '市價', '停利停損', 'OCO'],
      '/vi': ['Giới hạn', 'Thị trường', 'Dừng giới hạn', 'OCO'],
      '/th': ['กำหนดราคา', 'ราคาตลาด', 'สต็อปลิมิต', 'OCO'],
    };
    for (const [prefix, tabs] of Object.entries(expected)) {
      await openTrade(page, prefix, 'btcusdt');
      await expect(page.locator('.order-form [role="tab"]')).toHaveText(tabs);
    }
  });

  test("the buttons for a share of the balance and the total use exact arithmetic in the market's quote asset", async ({
    page,
    request,
  }) => {
    const name = uniqueName('pct');
    await createAccount(request, name);
    await credit(request, name, 'USDT', '748.07351452');
    await signIn(page, '', { username: name });
    await openTrade(page, '', 'bnbusdt');
    await expect(page.getByTestId('available-buy')).toHaveText('748.07');
    await page.locator('#buy-limit-price').fill('97.13');
    await page.locator('.side-form--buy .percent-row button', { hasText: '50%' }).click();
    // 374.03675726 USDT / 97.13, rounded down to BNB's 3 decimals.
    await expect(page.locator('#buy-limit-qty')).toHaveValue('3.85');
    // 97.13 × 3.85 = 373.9505: a buy's total rounds up at USDT's 2 display decimals.
    await expect(page.getByTestId('total-buy')).toHaveText('373.96');
    await page.locator('.order-form [role="tab"]').nth(1).click();
    await page.locator('.side-form--buy .percent-row button', { hasText: '100%' }).click();
    await expect(page.locator('#buy-market-total')).toHaveValue('748.07');
    await page.locator('#buy-market-total').fill('4.99');
    await page.locator('.side-form--buy button[type="submit"]').click();
    await expect(page.locator('.side-form--buy .field__error')).toHaveText('Minimum order total 5 USDT');
  });
});

test("cancel all asks first in the page's language; keeping does nothing, confirming cancels, and the count is pluralised", async ({
  page,
  request,
}) => {
  const name = uniqueName('cxl');
  await createAccount(request, name);
  await credit(request, name, 'USDT', '1000');
  const token = await apiLogin(request, name);
  const place = async (price: string) => {
    const res = await request.post('/api/currency/order/submit', {
      headers: { authorization: token },
      data: { symbol: 'adausdt', side: 'buy', type: 'limit', price, quantity: '10' },
    });
    expect((await res.json()).code).toBe(200);
  };
  await place('0.8500');
  await place('0.8400');
  await signIn(page, '/de', { username: name });
  await openTrade(page, '/de', 'adausdt');
  const open = page.getByTestId('orders-open').locator('tbody tr');
  await expect(open).toHaveCount(2);
  const dialog = page.locator('dialog.confirm-dialog');

  await page.locator('.user-orders .panel-head .btn').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText('Alle offenen Orders stornieren?');
  await expect(dialog).toContainText('ADA/USDT');
  await page.screenshot({ path: `${SHOTS}/trade-cancel-all-de.png` });
  await dialog.getByRole('button', { name: 'Orders behalten' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(500);
  await expect(open).toHaveCount(2);

  await page.locator('.user-orders .panel-head .btn').click();
  await dialog.getByRole('button', { name: 'Alle Orders stornieren' }).click();
  await expect(page.locator('.toast--success', { hasText: '2 Orders storniert' })).toBeVisible();
  await expect(page.getByTestId('orders-open')).toHaveCount(0);

  await place('0.8000');
  await openTrade(page, '', 'adausdt');
  await expect(page.getByTestId('orders-open').locator('tbody tr')).toHaveCount(1);
  await page.locator('.user-orders .panel-head .btn').click();
  await page.locator('dialog.confirm-dialog').getByRole('button', { name: 'Cancel all orders' }).click();
  await expect(page.locator('.toast--success', { hasText: '1 order cancelled' })).toBeVisible();
});
