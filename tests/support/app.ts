import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock/clock.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Db } from '../../server/storage/db.ts';

/** A real app on a real database, with limits relaxed so that tests are not throttled unless they mean to be;
 * `clock` (a ManualClock) puts its timers and jobs in the test's hands. */
export async function testApp(
  db: Db,
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = loadConfig({
    DIST_DIR: '/nonexistent-dist',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    CODE_RESEND_SECONDS: '0',
    ...env,
  });
  const app = await buildApp({ config, db, clock });
  await app.ready();
  return { app, config };
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** Calls the API the way the site does and returns the HTTP status with the envelope. */
export async function api<T = any>(
  app: FastifyInstance,
  url: string,
  opts: Omit<InjectOptions, 'url'> & { token?: string; lang?: string } = {},
): Promise<Answer<T>> {
  const { token, lang, ...rest } = opts;
  const res = await app.inject({
    method: 'POST',
    url,
    ...rest,
    headers: { ...(token ? { authorization: token } : {}), ...(lang ? { lang } : {}), ...(rest.headers ?? {}) },
  });
  const body = res.json() as { code: number; msg: string; data: T };
  // Tests read the database right after an answer: let the projector write what the call's orders decided.
  if (app.hasDecorator('core')) await app.core.settled();
  return { status: res.statusCode, ...body };
}

/** The last verification code the platform sent to an address, read from the outbox as a user reads mail. */
export async function lastCode(db: Db, target: string): Promise<string> {
  const row = await db.get<{ body: string }>('SELECT body FROM outbox WHERE target = ? ORDER BY id DESC LIMIT 1', [
    target,
  ]);
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${target}`);
  return code;
}

/**
 * Registers an account by name (password abc123) and logs it in, as a new user does: signUp(app, 'alice_x') → { id,
 * token }.
 */
export async function signUp(app: FastifyInstance, username: string): Promise<{ id: number; token: string }> {
  const reg = await api(app, '/api/user/register', {
    payload: { type: 'account', username, password: 'abc123', confirmPassword: 'abc123' },
  });
  const login = await api(app, '/api/user/login', { payload: { type: 'account', username, password: 'abc123' } });
  return { id: reg.data.id, token: login.data.token };
}

/** Seeds an operator and logs it in; answers its token. */
export async function operatorToken(app: FastifyInstance, db: Db): Promise<string> {
  const { seedOperator } = await import('../../server/seed/operator.ts');
  await seedOperator(db, 'ops@example.com', 'opspass1');
  return (
    await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
  ).data.token;
}
