import { spawn, type ChildProcess } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const OPERATOR_PASSWORD = 'e2e-operator-1';

/**
 * A journey that needs a server of its own (market makers on, so the index is sampled every second; a price feed the
 * test moves; a short funding interval) starts one beside the shared one, on port E2E_PORT + `offset` with its own
 * data folder, for the file's tests; answers its base URL. Call it at the top of a spec file. With E2E_CLOCK: '1' in
 * `env` its clock can be moved ahead by advanceClock.
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
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `tests/.artifacts/e2e-data-${name}`, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '10000', MARKET_MAKERS: '1',
        OPERATOR_PASSWORD, ...env,
      },
      // The IPC channel carries advanceClock to a server started with E2E_CLOCK=1 (tests/e2e/server.ts).
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    current = server;
    await expect.poll(async () => (await fetch(`${base}/platform/dev/config.js`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
  });
  test.afterAll(() => {
    server.kill('SIGTERM');
    if (current === server) current = undefined;
  });
  return base;
}

/** The own server of the file running now (one per spec file: files run in separate workers). */
let current: ChildProcess | undefined;

/**
 * Moves the own server's clock `ms` ahead (it must run with E2E_CLOCK: '1'); resolves once the server has taken it.
 * Jobs that check the clock each second (hourly interest) then act on it within a second or two.
 */
export function advanceClock(ms: number): Promise<void> {
  const server = current;
  if (!server?.connected) return Promise.reject(new Error('advanceClock needs ownServer(…, { E2E_CLOCK: "1" })'));
  return new Promise((resolve) => {
    const answer = (m: { clockAdvanced?: number }) => {
      if (typeof m?.clockAdvanced !== 'number') return;
      server.off('message', answer);
      resolve();
    };
    server.on('message', answer);
    server.send({ advanceClock: ms });
  });
}

/** The own server's operator token. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/login', { data: { type: 'email', email: 'operator@localhost.localdomain', password: OPERATOR_PASSWORD } });
  return (await login.json()).data.token as string;
}
