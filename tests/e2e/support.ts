import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { seal } from '../../isomorphic/crypto/seal.ts';
import { arrivedAt, expect, hydrated } from './fixtures.ts';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

/** Opens the server's own database file read-only, as an inbox would be read. */
export function readDb<T>(fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(E2E_DATA_DIR, 'lumex.db'), { readOnly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The last code the platform sent to an address or phone (E.164), waiting for it to arrive. */
export async function codeSentTo(target: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const row = readDb((db) =>
        db.prepare('SELECT body FROM outbox WHERE target = ? ORDER BY id DESC LIMIT 1').get(target),
      ) as { body?: string } | undefined;
      code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export function inviterOf(username: string): string | null {
  return readDb((db) => {
    const row = db
      .prepare(
        'SELECT i.username AS inviter FROM users u LEFT JOIN users i ON i.id = u.inviter_id WHERE u.username = ?',
      )
      .get(username) as { inviter: string | null } | undefined;
    return row?.inviter ?? null;
  });
}

/** A unique account name per call, so tests can run in any order against one database. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 40);
}

/** Creates an account through the API (for tests whose subject is not registration itself). */
export async function createAccount(
  request: APIRequestContext,
  username: string,
  password = 'abc123',
): Promise<{ inviteCode: string }> {
  const res = await request.post('/api/user/register', {
    data: { type: 'account', username, password, confirmPassword: password },
  });
  const body = await res.json();
  expect(body.code).toBe(200);
  return body.data;
}

/** Logs in through the login page's account tab. */
export async function loginThroughUi(page: Page, prefix: string, username: string, password = 'abc123'): Promise<void> {
  await page.goto(`${prefix}/user/login`);
  // Pages from browser.newContext() do not come from the fixture, so wait for the form to be live here too.
  await hydrated(page);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await arrivedAt(page, new RegExp(`${prefix}/home/index$`));
}

/**
 * Logs in as the login page does, without its form, for journeys whose subject is not logging in: the browser
 * itself calls the login API (its own headers, so the session and the device are the browser's) and stores the
 * answer as src/lib/stores/session.ts does. Leaves the page on a page of the site's origin that has no islands;
 * the journey's next goto opens the page it is about. Half a second where the form and the home page took three.
 */
export async function signIn(
  page: Page,
  prefix: string,
  login: { username: string; password?: string } | { email: string; password: string },
): Promise<void> {
  await page.goto('/platform/dev/config.js');
  const lang = prefix.replace('/', '') || 'en';
  const body =
    'email' in login
      ? { type: 'email', email: login.email, password: login.password }
      : { type: 'account', username: login.username, password: login.password ?? 'abc123' };
  const stored = await page.evaluate(
    async ({ body, lang }) => {
      const res = await fetch('/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang, language: lang },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (answer.code !== 200) return answer.msg as string;
      const keep = (key: string, content: unknown) =>
        localStorage.setItem(
          `lumex:${key}`,
          JSON.stringify({ dataType: typeof content, content, type: 'localStorage', datetime: Date.now() }),
        );
      keep('token', answer.data.token);
      keep('refreshToken', answer.data.refreshToken);
      keep('session', {
        tenantId: answer.data.tenantId,
        issuedAt: answer.data.issuedAt,
        userInfo: answer.data.userInfo,
      });
      return '';
    },
    { body, lang },
  );
  expect(stored, 'login answered').toBe('');
}

/** signIn for the e2e install's operator. */
export function signInOperator(page: Page, prefix = ''): Promise<void> {
  return signIn(page, prefix, { email: 'operator@localhost.localdomain', password: 'e2e-operator-1' });
}

/** The value the site stored under a key, unwrapped from the stored-item wrapper of docs/requirements.md §3. */
export function stored(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => {
    const raw = localStorage.getItem(`lumex:${k}`);
    return raw ? JSON.parse(raw).content : undefined;
  }, key);
}

/** Credits test funds through the operator endpoint, as an operator of a development install does. */
export async function credit(
  request: APIRequestContext,
  username: string,
  asset: string,
  amount: string,
): Promise<void> {
  const login = await request.post('/api/user/login', {
    data: { type: 'email', email: 'operator@localhost.localdomain', password: 'e2e-operator-1' },
  });
  const token = (await login.json()).data.token as string;
  const res = await request.post('/api/admin/credit', {
    headers: { authorization: token },
    data: { username, asset, amount },
  });
  expect((await res.json()).code).toBe(200);
}

/** Logs the e2e install's operator in through the form, in the language of `prefix` ('' or '/de'). */
export async function loginOperator(page: Page, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/user/login`);
  // Pages of a new browser context do not come from the fixture: wait for the form to be live.
  await hydrated(page);
  await page.locator('[role="tab"]').nth(1).click();
  await page.locator('input[name="email"]').fill('operator@localhost.localdomain');
  await page.locator('input[name="password"]').fill('e2e-operator-1');
  await page.locator('form button[type="submit"]').click();
  await arrivedAt(page, new RegExp(`${prefix}/home/index$`));
}

/** Sets the fund password through the API, sealed like the browser seals it. */
export async function setFundPassword(
  request: APIRequestContext,
  username: string,
  fundPassword: string,
): Promise<void> {
  const login = await request.post('/api/user/login', { data: { type: 'account', username, password: 'abc123' } });
  const { token, userInfo } = (await login.json()).data as { token: string; userInfo: { id: number } };
  const script = await (await request.get('/platform/dev/config.js')).text();
  const sealKey = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';'))).sealKey as string;
  const sealed = await seal(
    { loginPassword: 'abc123', password: fundPassword, confirmPassword: fundPassword },
    sealKey,
    userInfo.id,
  );
  const res = await request.post('/api/user/tardPwdSet', { headers: { authorization: token }, data: { sealed } });
  expect((await res.json()).code).toBe(200);
}

/** Pixels of the canvas that are neither the background nor blank: the drawn sides, grid and labels. */
export function colouredPixels(canvas: ReturnType<Page['locator']>) {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx || !el.width) return 0;
    const data = ctx.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 700) n++;
    return n;
  });
}

/**
 * The shared tables (src/islands/ui/DataTable.tsx) on the page that are wider than their box: a table that would
 * scroll sideways inside its panel, as they did on a phone before they became cards. Each as "test id: width > box".
 */
export function tablesWiderThanTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLTableElement>('table.data-table')]
      .filter((t) => t.offsetParent && t.getBoundingClientRect().width > t.parentElement!.clientWidth + 1)
      .map(
        (t) =>
          `${t.dataset.testid ?? t.className}: ${t.getBoundingClientRect().width} > ${t.parentElement!.clientWidth}`,
      ),
  );
}

/**
 * The controls (buttons, fields, links) matched by `controls` that lie under the floating element `over` (the
 * customer-service button, a notice stack): what a floating layer must never cover.
 */
export function controlsUnder(page: Page, over: string, controls: string): Promise<string[]> {
  return page.evaluate(
    ([overSelector, controlSelector]) => {
      const layers = [...document.querySelectorAll(overSelector!)].map((e) => e.getBoundingClientRect());
      return [...document.querySelectorAll<HTMLElement>(controlSelector!)]
        .filter(
          (e) => !e.closest(overSelector!) && e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        )
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return layers.some((b) => r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom);
        })
        .map((e) => e.getAttribute('name') ?? e.textContent?.trim() ?? e.tagName);
    },
    [over, controls],
  );
}
