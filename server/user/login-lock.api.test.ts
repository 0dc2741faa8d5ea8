import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

/** Password guessing against the lock: in parallel, from a stranger's address, and again after a lock runs out. */
describe.each(DIALECTS)('login locks on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const realNow = Date.now;
  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    for (const name of ['target_1', 'target_2', 'target_3']) {
      await api(app, '/api/user/register', {
        payload: { type: 'account', username: name, password: 'abc123', confirmPassword: 'abc123' },
      });
    }
  });
  afterEach(() => {
    Date.now = realNow;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const login = (username: string, password: string, ip = '203.0.113.7') =>
    api(app, '/api/user/login', { payload: { type: 'account', username, password }, remoteAddress: ip });
  const later = (ms: number) => {
    const at = realNow() + ms;
    Date.now = () => at;
  };

  it('checks at most 5 of 12 parallel wrong passwords', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login('target_1', `wrong${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === ERRORS.badCredentials)).toHaveLength(5);
    expect(codes.filter((c) => c === ERRORS.accountLocked)).toHaveLength(7);
    // Locked for this client, even with the right password…
    expect((await login('target_1', 'abc123')).code).toBe(ERRORS.accountLocked);
    // …while the owner, on another address, still logs in: a stranger cannot lock an account out.
    expect((await login('target_1', 'abc123', '198.51.100.20')).code).toBe(200);
  });

  it('locks for 15 minutes, then 30, then 60, and forgives after a right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login('target_2', 'nope99')).code).toBe(ERRORS.badCredentials);
    const first = await login('target_2', 'abc123');
    expect(first).toMatchObject({
      status: 429,
      code: ERRORS.accountLocked,
      msg: 'Too many failed attempts. Try again in 15 minutes',
    });
    later(15 * 60_000 + 1000);
    for (let i = 0; i < 5; i++) expect((await login('target_2', 'nope99')).code).toBe(ERRORS.badCredentials);
    expect((await login('target_2', 'abc123')).msg).toBe('Too many failed attempts. Try again in 30 minutes');
    later(46 * 60_000);
    for (let i = 0; i < 5; i++) expect((await login('target_2', 'nope99')).code).toBe(ERRORS.badCredentials);
    expect((await login('target_2', 'abc123')).msg).toBe('Too many failed attempts. Try again in 60 minutes');
    later(107 * 60_000);
    expect((await login('target_2', 'abc123')).code).toBe(200);
    // Forgiven: the next lock is 15 minutes again.
    for (let i = 0; i < 5; i++) await login('target_2', 'nope99');
    expect((await login('target_2', 'abc123')).msg).toBe('Too many failed attempts. Try again in 15 minutes');
  });

  it('caps guesses spread over many addresses per account, and counts names that do not exist alike', async () => {
    for (let i = 0; i < 50; i++) await login('target_3', 'nope99', `192.0.2.${i}`);
    expect((await login('target_3', 'abc123', '192.0.2.200')).code).toBe(ERRORS.accountLocked);
    for (let i = 0; i < 5; i++) expect((await login('nobody_at_all', 'nope99')).code).toBe(ERRORS.badCredentials);
    expect((await login('nobody_at_all', 'nope99')).code).toBe(ERRORS.accountLocked);
  });
});
