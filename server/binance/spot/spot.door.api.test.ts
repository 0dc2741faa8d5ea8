import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';

describe.each(FEATURE_DIALECTS)('the spot door (%s) with CCXT binance', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers ping and time', async () => {
    const exchange = ccxtSpot(base);
    expect(await exchange.fetchTime()).toBeGreaterThan(0);
    const res = await fetch(`${base}/api/v3/ping`);
    expect(res.headers.get('x-mbx-used-weight-1m')).toBe('2');
    expect(await res.json()).toEqual({});
  });

  it('makes a key through the web API', async () => {
    const { token } = await signUp(app, 'doorbot');
    const key = await apiKeyFor(app, token);
    expect(key.secret).toHaveLength(64);
  });
});
