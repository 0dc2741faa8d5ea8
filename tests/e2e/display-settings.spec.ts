import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { loadDictionary } from '../../isomorphic/i18n/dictionary.node.ts';
import { expect, test } from './fixtures.ts';
import { createAccount, signIn, stored, uniqueName } from './support.ts';

const SHOTS = 'tests/.artifacts/screens';

/** The night theme's page background (global.css html[data-theme='night'] --bg). */
const NIGHT_BG = 'rgb(11, 14, 17)';

const PROBE = 'window.__themeAtBody = document.documentElement.getAttribute("data-theme")';

/**
 * What <html data-theme> was when the browser reached <body>, before anything was drawn: a probe is put into the
 * page's HTML right after <body> on its way to the browser, and its hash added to the page's own script policy (the
 * head's theme script runs under that policy as served).
 */
async function themeAtFirstPaint(page: Page, path: string): Promise<string | null> {
  const pathname = path.split('?')[0]!;
  const probeHash = `'sha256-${createHash('sha256').update(PROBE).digest('base64')}'`;
  await page.route(
    (url) => url.pathname.startsWith(pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const policy = headers['content-security-policy'] ?? '';
      expect(policy, 'the page keeps a script policy without unsafe-inline').toMatch(/script-src 'self' 'sha256-/);
      headers['content-security-policy'] = policy.replace("script-src 'self'", `script-src 'self' ${probeHash}`);
      const body = (await response.text()).replace(/<body[^>]*>/, (tag) => `${tag}<script>${PROBE}</script>`);
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
  await page.goto(path);
  await page.unrouteAll();
  return page.evaluate(() => (window as unknown as { __themeAtBody: string | null }).__themeAtBody);
}

/**
 * Every element of the page, visible and bigger than a dot, whose own background is white or nearly (a surface left
 * on a light colour in the night theme). QR codes keep their white ground on purpose.
 */
function whiteSurfaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('body, body *')) {
      const box = el.getBoundingClientRect();
      if (box.width < 8 || box.height < 8 || el.closest('.chain-qr, .referral-qr, .authenticator__key')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const m = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(style.backgroundColor);
      if (!m) continue;
      const alpha = m[4] === undefined ? 1 : Number(m[4]);
      if (alpha > 0.5 && [m[1], m[2], m[3]].every((c) => Number(c) > 200))
        found.push(`${el.tagName.toLowerCase()}.${String(el.className)} ${style.backgroundColor}`);
    }
    return found;
  });
}

/** "12/02/2026 17:30:05 UTC+8" → its wall-clock reading as ms and its label. */
function readTime(text: string): { wall: number; label: string } {
  const m = /(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d):(\d\d) (UTC(?:[+-]\d+(?::\d\d)?)?)/.exec(text);
  expect(m, `a time with its zone in "${text}"`).not.toBeNull();
  const [, mo, d, y, h, mi, s, label] = m!;
  return { wall: Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!), label: label! };
}

// A browser on UTC, as defect 11 had it: Hong Kong times without a label read as the reader's own.
test.use({ timezoneId: 'UTC' });

for (const [prefix, lang] of [
  ['', 'en'],
  ['/zh-CN', 'zh-CN'],
] as const) {
  test(`the night theme is chosen, kept without a flash and leaves nothing white; times shift with their zone, in ${lang}`, async ({
    page,
    request,
  }) => {
    const d = loadDictionary(lang);
    const username = uniqueName('night');
    await createAccount(request, username);
    await signIn(page, prefix, { username });

    // Times carry the zone: the default is Hong Kong, labelled so on a browser that is on UTC.
    await page.goto(`${prefix}/account/center?tab=device-management`);
    const firstLogin = page.getByTestId('login-log').locator('tbody tr').first().locator('td').first();
    const hongKong = readTime(await firstLogin.innerText());
    expect(hongKong.label).toBe('UTC+8');

    // The preferences, from the account menu.
    await page.locator('.avatar').click();
    await page.locator('.account-menu').getByRole('link', { name: d['display.title'] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['display.title']!);
    await page.getByRole('radio', { name: d['display.theme.night'] }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
    expect(await stored(page, 'settings')).toMatchObject({ theme: 'night', timeZone: 'Asia/Hong_Kong' });

    // The zone list runs from UTC-12 to UTC+14, named in the page's language; UTC moves every time 8 hours back.
    const zones = page.getByTestId('prefs-time-zone');
    await expect(zones.locator('option')).toHaveCount(27);
    await expect(zones.locator('option').first()).toHaveText('UTC-12');
    await expect(zones.locator('option').last()).toContainText('UTC+14 · ');
    await zones.selectOption('UTC');
    await expect(page.locator('#prefs-timeZone + .prefs__hint')).toContainText(/\d\d:\d\d:\d\d UTC(?![+\-\d])/);
    await page.screenshot({ path: `${SHOTS}/night-preferences-${lang}-1366.png` });

    await page.goto(`${prefix}/account/center?tab=device-management`);
    const utc = readTime(await firstLogin.innerText());
    expect(utc.label).toBe('UTC');
    expect(hongKong.wall - utc.wall).toBe(8 * 3_600_000);

    // Kept across a reload and drawn dark from the first paint, on the trade page and in the wallet.
    for (const path of [`${prefix}/trade/index?type=spot`, `${prefix}/assets/index?key=overview`]) {
      expect(await themeAtFirstPaint(page, path), path).toBe('night');
      await expect(page.locator('body')).toHaveCSS('background-color', NIGHT_BG);
      expect(await whiteSurfaces(page), path).toEqual([]);
    }

    // The top bar's switch goes back to daytime and says which it is.
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'daytime');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await page.screenshot({ path: `${SHOTS}/daytime-wallet-${lang}-1366.png` });
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');

    // What the night theme looks like, at a desk and on a phone.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const [name, path] of [
        ['home', '/home/index'],
        ['trade', '/trade/index?type=spot'],
        ['wallet', '/assets/index?key=overview'],
        ['account', '/account/center?tab=device-management'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
        await page.screenshot({ path: `${SHOTS}/night-${name}-${lang}-${width}.png`, fullPage: width < 800 });
      }
    }
  });
}
