import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import {
  PUBLISHED_ID_BASE,
  type ContentDetail,
  type ContentSummary,
  type HelpNode,
  type Page,
} from '../../isomorphic/contract/content.ts';
import { seedOperator } from '../seed/operator.ts';
import { loadContentFiles } from './files.ts';

const files = loadContentFiles();
const NEWS = files.news.en.map((e) => e.data).sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
const NOTICES = files.notices.en.map((e) => e.data);

/** A GET through the app, with the envelope and status, like api() does for POST. */
async function get<T = any>(app: FastifyInstance, url: string, lang?: string) {
  const res = await app.inject({ method: 'GET', url, headers: lang ? { lang } : {} });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: T }) };
}

describe.each(FEATURE_DIALECTS)('content API on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let operator: string;
  let user: string;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await seedOperator(t.db, 'ops@example.com', 'Operator-1');
    operator = (
      await api(app, '/api/user/login', {
        payload: { type: 'email', email: 'ops@example.com', password: 'Operator-1' },
      })
    ).data.token;
    await api(app, '/api/user/register', {
      payload: { type: 'account', username: 'reader_1', password: 'abc123', confirmPassword: 'abc123' },
    });
    user = (
      await api(app, '/api/user/login', { payload: { type: 'account', username: 'reader_1', password: 'abc123' } })
    ).data.token;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  describe('cgform-api getData', () => {
    it('lists news newest first, paged, in the caller’s language', async () => {
      const res = await get<Page<ContentSummary>>(app, '/cgform-api/getData/news?page=1&pageSize=2', 'de');
      expect(res).toMatchObject({ status: 200, code: 200 });
      expect(res.data).toMatchObject({ total: NEWS.length, current: 1, size: 2, pages: Math.ceil(NEWS.length / 2) });
      expect(res.data.records.map((r) => r.id)).toEqual(NEWS.slice(0, 2).map((n) => n.id));
      const german = files.news.de.find((e) => e.data.id === NEWS[0]!.id);
      expect(res.data.records[0]).toMatchObject({
        kind: 'news',
        title: german?.data.title ?? NEWS[0]!.title,
        locale: german ? 'de' : 'en',
        fallback: !german,
      });
      expect(res.data.records[0]).not.toHaveProperty('content');
    });

    it('returns every record for page size -521', async () => {
      const res = await get<Page<ContentSummary>>(app, '/cgform-api/getData/article?pageSize=-521');
      expect(res.data).toMatchObject({ total: 12, size: -521, pages: 1 });
      expect(res.data.records).toHaveLength(12);
    });

    it('sorts by id or title in either order, and searches', async () => {
      const asc = await get<Page<ContentSummary>>(app, '/cgform-api/getData/rule?column=id&order=asc');
      expect(asc.data.records.map((r) => r.code)).toEqual(['second-contract', 'spot', 'u-contract', 'loan']);
      const byTitle = await get<Page<ContentSummary>>(app, '/cgform-api/getData/notice?column=title&order=asc');
      const titles = byTitle.data.records.map((r) => r.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
      const found = await get<Page<ContentSummary>>(
        app,
        `/cgform-api/getData/article?keyword=${encodeURIComponent('liquidation')}`,
      );
      expect(found.data.records.map((r) => r.id)).toContain(112);
      expect(found.data.records.every((r) => r.kind === 'article')).toBe(true);
    });

    it('answers an empty page past the end', async () => {
      const res = await get<Page<ContentSummary>>(app, '/cgform-api/getData/news?page=500&pageSize=10');
      expect(res.data).toMatchObject({ records: [], total: NEWS.length, current: 500 });
    });
  });

  describe('cgform-api detailData', () => {
    it('returns one document with its Markdown body', async () => {
      const res = await get<ContentDetail>(app, '/cgform-api/detailData/terms/1', 'fr');
      expect(res.code).toBe(200);
      expect(res.data.content.length).toBeGreaterThan(200);
      expect(res.data.kind).toBe('terms');
    });

    it('refuses an unknown id with a translated 404', async () => {
      const en = await get(app, '/cgform-api/detailData/news/9999');
      expect(en).toMatchObject({ status: 404, code: 404, msg: 'Not found' });
      const zh = await get(app, '/cgform-api/detailData/news/9999', 'zh-CN');
      expect(zh.msg).not.toBe(en.msg);
    });
  });

  describe('notice/list', () => {
    it('lists notices newest first with spec paging', async () => {
      const res = await api<Page<ContentSummary>>(app, '/api/notice/list', { query: { current: '1', size: '3' } });
      expect(res.data).toMatchObject({ total: NOTICES.length, size: 3 });
      const dates = res.data.records.map((r) => r.date);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('helpCenterInfo', () => {
    it('loads the whole tree with page size -521: categories at pid 0, paths from the top', async () => {
      const res = await api<Page<HelpNode>>(app, '/api/helpCenterInfo/0', { payload: { current: 1, size: -521 } });
      const nodes = res.data.records;
      expect(nodes).toHaveLength(3 + 6 + 12);
      expect(nodes.filter((n) => n.pid === 0).map((n) => n.type)).toEqual(['category', 'category', 'category']);
      const article = nodes.find((n) => n.id === 101)!;
      expect(article).toMatchObject({ type: 'article', pid: 10, path: '1/10/101' });
      // Depth first: every node comes after its parent.
      for (const n of nodes) if (n.pid) expect(nodes.findIndex((p) => p.id === n.pid)).toBeLessThan(nodes.indexOf(n));
    });

    it('lists below one node, paged by default at 15', async () => {
      const below = await api<Page<HelpNode>>(app, '/api/helpCenterInfo/3', { payload: { size: -521 } });
      expect(below.data.records.map((n) => n.id)).toEqual([30, 109, 110, 31, 111, 112]);
      const paged = await api<Page<HelpNode>>(app, '/api/helpCenterInfo/0');
      expect(paged.data).toMatchObject({ size: 15, total: 21, pages: 2 });
      expect(paged.data.records).toHaveLength(15);
    });

    it('refuses an unknown node', async () => {
      expect(await api(app, '/api/helpCenterInfo/4242', { lang: 'de' })).toMatchObject({ status: 404, code: 404 });
    });
  });

  describe('publish', () => {
    const body = {
      kind: 'notice',
      date: '2026-11-20',
      translations: {
        en: {
          title: 'Wallet upgrade finished',
          summary: 'Deposits of every coin are open again.',
          content: '## Done\n\nAll **deposits** are open.',
        },
        de: {
          title: 'Wallet-Upgrade abgeschlossen',
          summary: 'Einzahlungen aller Coins sind wieder möglich.',
          content: 'Alle **Einzahlungen** sind offen.',
        },
      },
    };

    it('is for operators only', async () => {
      expect(await api(app, '/api/content/publish', { payload: body })).toMatchObject({ status: 401, code: 401 });
      const refused = await api(app, '/api/content/publish', { payload: body, token: user, lang: 'ja' });
      expect(refused).toMatchObject({ status: 403, code: 403 });
      expect(refused.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      // Even a malformed body from a non-operator is refused for who sends it, not for what.
      expect(await api(app, '/api/content/publish', { payload: { kind: 42 }, token: user })).toMatchObject({
        status: 403,
      });
    });

    it('serves a published notice at once, in each locale or English as a fallback', async () => {
      const res = await api(app, '/api/content/publish', { payload: body, token: operator });
      expect(res).toMatchObject({
        status: 200,
        code: 200,
        data: { kind: 'notice', date: '2026-11-20', locales: ['en', 'de'] },
      });
      const id = res.data.id as number;
      expect(id).toBeGreaterThan(PUBLISHED_ID_BASE);

      const list = await api<Page<ContentSummary>>(app, '/api/notice/list', { query: { size: '-521' }, lang: 'de' });
      expect(list.data.total).toBe(NOTICES.length + 1);
      expect(list.data.records[0]).toMatchObject({
        id,
        title: 'Wallet-Upgrade abgeschlossen',
        locale: 'de',
        fallback: false,
      });

      const ja = await get<ContentDetail>(app, `/cgform-api/detailData/notice/${id}`, 'ja');
      expect(ja.data).toMatchObject({
        id,
        title: 'Wallet upgrade finished',
        locale: 'en',
        fallback: true,
        content: '## Done\n\nAll **deposits** are open.',
      });

      const searched = await get<Page<ContentSummary>>(app, '/cgform-api/getData/notice?keyword=deposits', 'en');
      expect(searched.data.records.map((r) => r.id)).toContain(id);
      // The other kind is untouched.
      expect((await get<Page<ContentSummary>>(app, '/cgform-api/getData/news?pageSize=-521')).data.total).toBe(
        NEWS.length,
      );
    });

    it('gives each item its own id, also when operators publish at once', async () => {
      const news = { ...body, kind: 'news' };
      const results = await Promise.all(
        [1, 2, 3].map(() => api(app, '/api/content/publish', { payload: news, token: operator })),
      );
      const ids = results.map((r) => r.data.id as number);
      expect(new Set(ids).size).toBe(3);
      expect(results.every((r) => r.code === 200)).toBe(true);
    });

    it('defaults the date to today', async () => {
      const { date: _date, ...undated } = body;
      const res = await api(app, '/api/content/publish', { payload: undated, token: operator });
      expect(res.data.date).toBe(new Date().toISOString().slice(0, 10));
    });
  });
});
