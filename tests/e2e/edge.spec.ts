import { arrivedAt, expect, test } from './fixtures.ts';
import { createAccount, uniqueName } from './support.ts';

test.describe('web hardening', () => {
  test('logging in with a redirect to another site lands on our own home page', async ({ page, request, baseURL }) => {
    const name = uniqueName('redir');
    await createAccount(request, name);
    const ours = new URL(baseURL!).origin;
    for (const [prefix, redirect] of [
      ['', '/%09/evil.example/'],
      ['/de', '%2F%5Cevil.example'],
      ['', '%2F%2Fevil.example%2Fx'],
    ] as const) {
      await page.goto(`${prefix}/user/login?redirect=${redirect}`);
      await page.locator('input[name="username"]').fill(name);
      await page.locator('input[name="password"]').fill('abc123');
      await page.locator('form button[type="submit"]').click();
      await arrivedAt(page, new RegExp(`^${ours}${prefix}/home/index$`));
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('logging in with a redirect to our own page goes there', async ({ page, request }) => {
    const name = uniqueName('redir');
    await createAccount(request, name);
    await page.goto(`/user/login?redirect=${encodeURIComponent('/assets/index?key=transfer')}`);
    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill('abc123');
    await page.locator('form button[type="submit"]').click();
    await arrivedAt(page, /\/assets\/index\?key=transfer$/);
  });

  for (const prefix of ['', '/de']) {
    test(`pages hydrate under a CSP without 'unsafe-inline' scripts${prefix ? ' in German' : ''}`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      // page.goto (tests/e2e/fixtures.ts) returns once every eager island has hydrated.
      for (const path of [
        '/home/index',
        '/user/login',
        '/trade/index?type=spot&symbol=btcusdt',
        '/assets/index',
        '/news/index',
        '/rule/index',
        '/article/main/content/help/110',
        '/admin',
      ]) {
        const res = await page.goto(`${prefix}${path}`);
        const scriptSrc = String(res!.headers()['content-security-policy'])
          .split(';')
          .find((d) => d.startsWith('script-src '));
        expect(scriptSrc).toMatch(/'sha256-/);
        expect(scriptSrc).not.toContain('unsafe-inline');
        await page.waitForLoadState('networkidle');
      }
      await page.goto(`${prefix}/home/index`);
      await page.screenshot({ path: `tests/.artifacts/screens/csp-home${prefix.replace('/', '-') || '-en'}.png` });
      await page.goto(`${prefix}/trade/index?type=spot&symbol=btcusdt`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `tests/.artifacts/screens/csp-trade${prefix.replace('/', '-') || '-en'}.png` });
      expect(problems).toEqual([]);
    });
  }

  test('the API docs work on their own and refuse to be framed', async ({ page, baseURL }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    await page.goto('/api/docs/');
    // Every tag comes collapsed (a long document); one opens on a click.
    await page
      .locator('.swagger-ui .opblock-tag', { hasText: /^wallet/ })
      .first()
      .click();
    await expect(
      page.locator('.opblock-summary-path', { hasText: /^\/api\/asset\/transferFunds$/ }).first(),
    ).toBeVisible();
    const paths = Object.keys(
      ((await (await page.request.get('/api/docs/json')).json()) as { paths: Record<string, unknown> }).paths,
    );
    expect(paths).toContain('/api/asset/transferFunds');
    expect(paths.filter((p) => p.startsWith('/api/admin/') || p === '/api/content/publish')).toEqual([]);
    expect(violations).toEqual([]);
    await page.goto('/home/index');
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `${baseURL}/api/docs/`);
    // The frame loads Chromium's refusal page instead of the docs: once it has loaded, nothing of them is in it.
    await expect.poll(() => page.frames().length).toBe(2);
    const docsFrame = page.frames().find((f) => f !== page.mainFrame())!;
    await docsFrame.waitForLoadState('load');
    expect(await docsFrame.locator('.swagger-ui').count()).toBe(0);
    await page.goto('/api/docs/');
    await page.screenshot({ path: 'tests/.artifacts/screens/api-docs.png' });
  });
});
