import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../isomorphic/contract/endpoints.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { isApiPath } from './envelope.ts';

const key = (e: { method: string; path?: string; url?: string }) => `${e.method} ${e.path ?? e.url}`;

describe('every API route comes from an endpoint definition', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const apiRoutes = () =>
    app.routeList.filter(
      (r) => r.method !== 'HEAD' && isApiPath(r.url) && !r.url.startsWith('/api/docs') && !r.binance,
    );

  it('declares each API route from one of the contract endpoints, with its method and path', () => {
    const defined = new Set(ENDPOINTS);
    expect(apiRoutes().length).toBeGreaterThan(60);
    const strays = apiRoutes().filter((r) => !r.endpoint || !defined.has(r.endpoint) || key(r.endpoint) !== key(r));
    expect(strays.map(key)).toEqual([]);
  });

  it('declares every endpoint exactly once, and guards it as the endpoint says', () => {
    const declared = apiRoutes().map((r) => r.endpoint);
    for (const e of ENDPOINTS) {
      expect(declared.filter((d) => d === e).length, key(e)).toBe(1);
      const route = apiRoutes().find((r) => r.endpoint === e)!;
      expect(route.access ?? 'none', key(e)).toBe(e.auth);
    }
    expect(new Set(ENDPOINTS.map(key)).size).toBe(ENDPOINTS.length);
  });

  it('documents each public endpoint with its summary and the codes it answers', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string; description?: string }>> };
    for (const e of ENDPOINTS.filter((x) => x.auth !== 'operator')) {
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op?.summary, key(e)).toBe(e.summary);
      for (const name of e.errors) expect(op?.description, `${key(e)} ${name}`).toContain(name);
    }
  });

  it('checks the request with the endpoint’s schemas: a bad query is refused before the handler runs', async () => {
    const r = await api(app, '/api/app/coin/market/kline?symbol=btcusdt&limit=0x2', { method: 'GET' });
    expect([r.status, r.code]).toEqual([400, 400]);
  });
});
