import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { siteBuildBeside, siteBuilding } from './site-build.ts';

describe('pages while the site is built beside the server (npm start on a fresh clone)', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'lumex-building-'));
  let land!: () => void;

  beforeAll(async () => {
    siteBuildBeside(new Promise<void>((resolve) => (land = resolve)));
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db, { DIST_DIR: dist }));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a page with "being built" in its language, reloading itself, and the API at once', async () => {
    for (const [url, title] of [
      ['/home/index', 'Lumex is starting'],
      ['/de/trade/index?type=spot', 'Lumex startet'],
      ['/zh-CN/no/such/page', 'Lumex 正在启动'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain('http-equiv="refresh"');
    }
    const time = await app.inject({ url: '/api/common/time' });
    expect(time.statusCode).toBe(200);
    // An API path that does not exist is still the API's 404, never the page.
    expect((await app.inject({ url: '/api/no-such-call' })).statusCode).toBe(404);
  });

  it('serves the pages once the build lands, and the home-page fallback again', async () => {
    mkdirSync(join(dist, 'home/index'), { recursive: true });
    writeFileSync(join(dist, 'home/index/index.html'), '<!doctype html><title>home</title>');
    land();
    await new Promise((r) => setImmediate(r));
    expect(siteBuilding()).toBe(false);
    const home = await app.inject({ url: '/home/index' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>home</title>');
    const missing = await app.inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe('/home/index');
  });
});
