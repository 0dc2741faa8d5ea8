import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { seedOperator } from '../seed/operator.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import { manualAddressesFor } from '../../tests/support/manual-addresses.ts';

/** The platform config script's object. */
async function platform(app: FastifyInstance): Promise<Record<string, unknown>> {
  const script = (await app.inject({ url: '/platform/dev/config.js' })).body;
  return JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';')));
}

describe.each(FEATURE_DIALECTS)('what an operator of a default install sees, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const call = (who: string, url: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, url, { token: tokens[who], method: 'GET', ...opts });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, {
      DATA_DIR: `/tmp/lumex-outbox-test-${process.pid}`,
      SMTP_URL: '',
      SMS_WEBHOOK_URL: '',
      PRICE_FEED_URL: '',
    }));
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    await manualAddressesFor(t.db, 'USDT/TRC20');
    tokens.ops = (
      await api(app, '/api/user/login', { payload: { type: 'email', email: 'ops@example.com', password: 'opspass1' } })
    ).data.token;
    await api(app, '/api/user/register', {
      payload: { type: 'account', username: 'carol_outbox', password: 'abc123', confirmPassword: 'abc123' },
    });
    tokens.carol = (
      await api(app, '/api/user/login', { payload: { type: 'account', username: 'carol_outbox', password: 'abc123' } })
    ).data.token;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('tells the browser that codes do not leave and that prices are a demo', async () => {
    expect(await platform(app)).toMatchObject({ deliversCodes: { email: false, sms: false }, demoPrices: true });
  });

  it('lists the outbox to operators only, newest first, with the codes in it', async () => {
    for (const email of ['first@example.com', 'second@example.com']) {
      expect((await api(app, '/api/user/sendEmailCode', { query: { email, purpose: 'register' } })).code).toBe(200);
    }
    expect((await call('', '/api/admin/outbox')).status).toBe(401);
    expect((await call('carol', '/api/admin/outbox')).status).toBe(403);

    const page = await call('ops', '/api/admin/outbox', { query: { page: '1', size: '1' } });
    expect(page.code).toBe(200);
    expect(page.data).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({ channel: 'email', target: 'second@example.com', status: 'kept' });
    expect(page.data.records[0].body).toMatch(/\b\d{6}\b/);
    expect(page.data.records[0].subject).toBeTruthy();
    expect(typeof page.data.records[0].time).toBe('number');
    expect((await call('ops', '/api/admin/outbox', { query: { page: '2', size: '1' } })).data.records[0].target).toBe(
      'first@example.com',
    );
    expect((await call('ops', '/api/admin/outbox', { query: { size: '101' } })).status).toBe(400);
  });

  it('answers the audit log with decimal amounts, never base units', async () => {
    const up = await api(app, '/api/common/upload/OSS', { token: tokens.carol, ...multipart(PNG) });
    const r = await api(app, '/api/recharge/submit', {
      token: tokens.carol,
      payload: { coin: 'USDT', network: 'TRC20', amount: '1234.5', screenshot: up.data.id },
    });
    expect(
      (
        await api(app, '/api/admin/wallet/recharge/review', {
          token: tokens.ops,
          payload: { id: r.data.id, approve: false, reason: 'blurry' },
        })
      ).code,
    ).toBe(200);
    const audit = await call('ops', '/api/admin/audit');
    expect(JSON.parse(audit.data.records[0].detail)).toMatchObject({
      coin: 'USDT',
      amount: '1234.50000000',
      reason: 'blurry',
    });
  });
});

describe('a configured install', () => {
  it('says codes leave by the configured channel and prices come from the feed', async () => {
    const t = await FEATURE_DIALECTS[0]![1]();
    const { app } = await testApp(t.db, {
      SMTP_URL: 'smtp://127.0.0.1:9',
      PRICE_FEED_URL: 'http://127.0.0.1:9/{SYMBOL}',
    });
    try {
      expect(await platform(app)).toMatchObject({ deliversCodes: { email: true, sms: false }, demoPrices: false });
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
