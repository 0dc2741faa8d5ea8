import { spawn, type ChildProcess } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const OPERATOR_PASSWORD = 'e2e-operator-1';
const OPERATOR_LOGIN = { type: 'email', email: 'operator@localhost.localdomain', password: OPERATOR_PASSWORD };

/**
 * A journey that needs a server of its own (market makers on, so the index is sampled every second; a price feed the
 * test moves; a short funding interval) starts one beside the shared one, on port E2E_PORT + `offset` with its own
 * data folder, for the file's tests; answers its base URL. Call it at the top of a spec file. With DRIVEN_CLOCK: '1'
 * in `env` its clock can be moved ahead by advanceClock, through the operator call every such install has.
 */
export function ownServer(name: string, offset: number, env: Record<string, string> = {}): string {
  const port = Number(process.env.E2E_PORT ?? 4410) + offset;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });
  test.beforeAll(async () => {
    server = spawn(process.execPath, ['tests/e2e/server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: `tests/.artifacts/e2e-data-${name}`,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '10000',
        MARKET_MAKERS: '1',
        OPERATOR_PASSWORD,
        // The shared server runs the demo chain for the chain journeys; an own server needs one only when it asks.
        DEMO_CHAIN: '0',
        ...env,
      },
      stdio: 'ignore',
    });
    current = base;
    await expect
      .poll(async () => (await fetch(`${base}/platform/dev/config.js`).catch(() => undefined))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
  });
  test.afterAll(() => {
    server.kill('SIGTERM');
    if (current === base) current = undefined;
  });
  return base;
}

/** The own server of the file running now (one per spec file: files run in separate workers). */
let current: string | undefined;

/** Calls an operator endpoint of the file's own server (GET without a body, POST with one). */
async function asOperator<T>(path: string, body?: object): Promise<T> {
  if (!current) throw new Error('needs ownServer(…) at the top of the spec file');
  const login = await fetch(`${current}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR_LOGIN),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(
    `${current}${path}`,
    body
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(body),
        }
      : { headers: { authorization: token } },
  );
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** The own server's clock: its time now (ms) and how far it has been moved. */
export function serverClock(): Promise<{ driven: boolean; now: number; offsetMs: number }> {
  return asOperator('/api/admin/clock');
}

/**
 * Moves the own server's clock `ms` ahead (it must run with DRIVEN_CLOCK: '1'); resolves once the server has taken
 * it. Jobs that check the clock each second (hourly interest) then act on it within a second or two.
 */
export async function advanceClock(ms: number): Promise<void> {
  await asOperator('/api/admin/clock/advance', { ms });
}

/** The own server's operator token. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/login', { data: OPERATOR_LOGIN });
  return (await login.json()).data.token as string;
}
