import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { loadConfig } from '../config.ts';
import { seedOperator } from '../seed/operator.ts';
import { DrivenClock } from './driven-clock.ts';

describe('DRIVEN_CLOCK', () => {
  it('is off by default, on with 1, and refused in production', () => {
    expect(loadConfig({}).drivenClock).toBe(false);
    expect(loadConfig({ DRIVEN_CLOCK: '1' }).drivenClock).toBe(true);
    expect(() => loadConfig({ DRIVEN_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
  });

  it('runs with the machine and only ever moves ahead', () => {
    const clock = new DrivenClock();
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    const moved = clock.advance(3_600_000);
    expect(moved.offsetMs).toBe(3_600_000);
    expect(moved.now - Date.now()).toBeGreaterThan(3_599_000);
    expect(clock.advance(1_000).offsetMs).toBe(3_601_000);
  });
});

describe.each(FEATURE_DIALECTS)('the operator clock calls, on %s', (_name, open) => {
  const dbs: TestDatabase[] = [];
  const apps: FastifyInstance[] = [];
  async function install(clock?: DrivenClock): Promise<{ app: FastifyInstance; ops: string; user: string }> {
    const t = await open();
    dbs.push(t);
    const { app } = await testApp(t.db, {}, clock);
    apps.push(app);
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    const ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    await api(app, '/api/user/register', {
      payload: { type: 'account', username: 'clock_user', password: 'abc123', confirmPassword: 'abc123' },
    });
    const user = (
      await api(app, '/api/user/login', { payload: { type: 'account', username: 'clock_user', password: 'abc123' } })
    ).data.token;
    return { app, ops, user };
  }
  let driven: Awaited<ReturnType<typeof install>>;
  let clock: DrivenClock;
  let plain: Awaited<ReturnType<typeof install>>;

  beforeAll(async () => {
    clock = new DrivenClock();
    driven = await install(clock);
    plain = await install();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const t of dbs) await t.drop();
  });

  it('moves a driven clock ahead for operators, with an audit line, and the server reads the new time', async () => {
    const before = await api(driven.app, '/api/admin/clock', { method: 'GET', token: driven.ops });
    expect(before.data).toMatchObject({ driven: true, offsetMs: 0 });
    const moved = await api(driven.app, '/api/admin/clock/advance', { token: driven.ops, payload: { ms: 86_400_000 } });
    expect(moved.code).toBe(200);
    expect(moved.data).toMatchObject({ driven: true, offsetMs: 86_400_000 });
    expect(moved.data.now - Date.now()).toBeGreaterThan(86_399_000);
    expect(clock.offsetMs).toBe(86_400_000);
    const audit = await api(driven.app, '/api/admin/audit', { method: 'GET', token: driven.ops });
    expect(audit.data.records[0]).toMatchObject({ action: 'clock.advance', targetType: 'clock' });
    expect(JSON.parse(audit.data.records[0].detail)).toMatchObject({ ms: 86_400_000 });
  });

  it('refuses users, visitors and bad input, and moves nothing', async () => {
    const offset = clock.offsetMs;
    expect((await api(driven.app, '/api/admin/clock/advance', { payload: { ms: 1000 } })).status).toBe(401);
    expect(
      (await api(driven.app, '/api/admin/clock/advance', { token: driven.user, payload: { ms: 1000 } })).status,
    ).toBe(403);
    for (const ms of [0, -1000, 1.5, '1000', null, 367 * 86_400_000]) {
      const res = await api(driven.app, '/api/admin/clock/advance', { token: driven.ops, lang: 'de', payload: { ms } });
      expect(res.status, String(ms)).toBe(400);
      expect(res.msg).toBeTruthy();
    }
    expect((await api(driven.app, '/api/admin/clock/advance', { token: driven.ops, payload: {} })).status).toBe(400);
    expect(clock.offsetMs).toBe(offset);
  });

  it('answers notFound on an install that runs on the machine clock', async () => {
    expect((await api(plain.app, '/api/admin/clock', { method: 'GET', token: plain.ops })).data).toMatchObject({
      driven: false,
      offsetMs: 0,
    });
    const res = await api(plain.app, '/api/admin/clock/advance', { token: plain.ops, payload: { ms: 1000 } });
    expect(res.code).toBe(404);
  });
});
