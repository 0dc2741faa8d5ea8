import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { inlineScriptHashes } from './csp.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const LOADER = '(()=>{window.dispatchEvent(new Event("astro:load"))})();';
const PAGE_SCRIPT = '\n  document.documentElement.dataset.ready = "1";\n';

describe('inlineScriptHashes', () => {
  it('hashes every inline script a browser runs, exactly as written', () => {
    const html = `<script>${LOADER}</script><script type="module">${PAGE_SCRIPT}</script><script src="/x.js"></script>
      <script type="application/json">{"a":1}</script><script type="text/javascript">${LOADER}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(LOADER), sha(PAGE_SCRIPT)]);
  });
});

describe('security headers of pages, docs and scripts', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'lumex-dist-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'home/index'), { recursive: true });
    writeFileSync(
      join(dist, 'home/index/index.html'),
      `<!doctype html><html><head><script>${LOADER}</script></head><body><script type="module">${PAGE_SCRIPT}</script></body></html>`,
    );
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db, { DIST_DIR: dist }));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("allows a page's own inline scripts by hash and never 'unsafe-inline' scripts", async () => {
    const res = await app.inject({ url: '/home/index' });
    expect(res.statusCode).toBe(200);
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').sort()).toEqual(['script-src', "'self'", sha(LOADER), sha(PAGE_SCRIPT)].sort());
    expect(res.headers['content-security-policy']).toContain("script-src-attr 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('follows a rebuilt page', async () => {
    const other = 'console.log("rebuilt")';
    const file = join(dist, 'home/index/index.html');
    writeFileSync(file, `<script>${other}</script>`);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const policy = String((await app.inject({ url: '/home/index' })).headers['content-security-policy']);
    expect(policy).toContain(sha(other));
    expect(policy).not.toContain(sha(LOADER));
  });

  it('keeps the API docs out of frames', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const res = await app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
    }
  });

  it('serves the platform config script with nosniff', async () => {
    const res = await app.inject({ url: '/platform/dev/config.js' });
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
