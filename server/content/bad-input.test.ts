import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { seedOperator } from '../seed/operator.ts';

const HUGE = 'x'.repeat(10_000);
/** Test names show a long value by its length, not in full. */
const named = <T>(values: T[]) =>
  values.map(
    (v) => [typeof v === 'string' && v.length > 40 ? `${v.length} characters` : JSON.stringify(v), v] as const,
  );
const WRONG_TYPES: unknown[] = [null, true, [], ['1'], { a: 1 }, 'abc', HUGE, 1.5, -1, 0, 1e12, "' OR 1=1 --"];
const WRONG_TEXTS: unknown[] = [null, true, [], ['t'], { a: 1 }, 42, '', '   '];
const BAD_PAGES = ['0', '-1', '10001', '1.5', 'abc', '', '1e3', HUGE, "' OR 1=1 --"];
const BAD_SIZES = ['0', '-1', '101', '-520', '-522', '2.5', 'all', ''];

const VALID_PUBLISH = {
  kind: 'news',
  date: '2026-11-20',
  translations: { en: { title: 'Title', summary: 'Summary', content: 'Text' } },
};

describe.each(FEATURE_DIALECTS)('bad input to the content API changes nothing on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let operator: string;
  const count = async () => Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM content_items'))!.n);
  let before: number;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await seedOperator(t.db, 'ops@example.com', 'Operator-1');
    operator = (
      await api(app, '/api/user/login', {
        payload: { type: 'email', email: 'ops@example.com', password: 'Operator-1' },
      })
    ).data.token;
    before = await count();
  });
  afterAll(async () => {
    expect(await count()).toBe(before);
    await app.close();
    await t.drop();
  });

  const get = async (url: string, lang?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: lang ? { lang } : {} });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) };
  };
  const expectRefused = (res: { status: number; code: number; msg: string }, code = 400) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.code).toBe(code);
    expect(res.msg.length).toBeGreaterThan(3);
    expect(res.msg).not.toMatch(/Error:|at \w+ \(|undefined|\[object|expected/);
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  describe('GET /cgform-api/getData/{formId}', () => {
    it.each(named(['users', 'NEWS', 'news ', '%2e%2e', HUGE.slice(0, 100)]))(
      'refuses form %s',
      async (_label, form) => {
        expectRefused(await get(`/cgform-api/getData/${encodeURIComponent(form)}`));
      },
    );
    it.each(named(BAD_PAGES))('refuses page=%s', async (_label, page) => {
      expectRefused(await get(`/cgform-api/getData/news?${q({ page })}`));
    });
    it.each(BAD_SIZES)('refuses pageSize=%j', async (pageSize) => {
      expectRefused(await get(`/cgform-api/getData/news?${q({ pageSize })}`));
    });
    it.each([
      ['column', 'password'],
      ['column', 'date; DROP TABLE users'],
      ['order', 'sideways'],
      ['keyword', 'k'.repeat(101)],
    ])('refuses %s=%j', async (key, value) => {
      expectRefused(await get(`/cgform-api/getData/news?${q({ [key]: value })}`));
    });
    it('refuses a repeated parameter', async () => {
      expectRefused(await get('/cgform-api/getData/news?page=1&page=2'));
    });
  });

  describe('GET /cgform-api/detailData/{formId}/{id}', () => {
    it.each(['-1', 'abc', '1.5', '99999999999', "1' OR '1'='1"])('refuses id %j', async (id) => {
      expectRefused(await get(`/cgform-api/detailData/news/${encodeURIComponent(id)}`));
    });
    it.each([
      ['news', '9999'],
      ['notice', '0'],
      ['rule', '5'],
      ['article', '1'],
      ['notice', String(100_001)],
    ])('answers 404 for %s %s', async (form, id) => {
      expectRefused(await get(`/cgform-api/detailData/${form}/${id}`), 404);
    });
  });

  describe('POST /api/notice/list', () => {
    it.each([
      ...named(BAD_PAGES).map(([l, v]) => ['current', l, v]),
      ...named(BAD_SIZES).map(([l, v]) => ['size', l, v]),
    ])('refuses %s=%s', async (key, _label, value) => {
      expectRefused(await api(app, '/api/notice/list', { query: { [key]: value } }));
    });
  });

  describe('POST /api/helpCenterInfo/{id}', () => {
    it.each(['-1', 'abc', '1.5', '99999999999'])('refuses node id %j', async (id) => {
      expectRefused(await api(app, `/api/helpCenterInfo/${encodeURIComponent(id)}`));
    });
    it.each(['current', 'size'].flatMap((field) => named(WRONG_TYPES).map(([l, v]) => [field, l, v] as const)))(
      'refuses %s = %s',
      async (field, _label, value) => {
        expectRefused(await api(app, '/api/helpCenterInfo/0', { payload: { [field]: value } }));
      },
    );
    it.each([
      ['a JSON array', '[]'],
      ['a JSON string', '"hello"'],
      ['malformed JSON', '{"current":'],
    ])('refuses %s', async (_label, payload) => {
      expectRefused(
        await api(app, '/api/helpCenterInfo/0', { payload, headers: { 'content-type': 'application/json' } }),
      );
    });
  });

  describe('POST /api/content/publish', () => {
    const publish = (payload: unknown, lang?: string) =>
      api(app, '/api/content/publish', { payload: payload as object, token: operator, lang });
    const en = VALID_PUBLISH.translations.en;

    it.each(Object.keys(VALID_PUBLISH).filter((k) => k !== 'date'))('refuses the body without %s', async (field) => {
      const { [field as keyof typeof VALID_PUBLISH]: _gone, ...rest } = VALID_PUBLISH;
      expectRefused(await publish(rest));
    });
    it.each(
      ['kind', 'date', 'translations'].flatMap((field) => named(WRONG_TYPES).map(([l, v]) => [field, l, v] as const)),
    )('refuses %s = %s', async (field, _label, value) => {
      expectRefused(await publish({ ...VALID_PUBLISH, [field]: value }));
    });
    it.each(
      ['title', 'summary', 'content'].flatMap((field) => named(WRONG_TEXTS).map(([l, v]) => [field, l, v] as const)),
    )('refuses translations.en.%s = %s', async (field, _label, value) => {
      expectRefused(await publish({ ...VALID_PUBLISH, translations: { en: { ...en, [field]: value } } }));
    });
    it.each([
      ['a rule', { ...VALID_PUBLISH, kind: 'rule' }],
      ['no English', { ...VALID_PUBLISH, translations: { de: en } }],
      ['an unknown language', { ...VALID_PUBLISH, translations: { en, xx: en } }],
      ['a title of 201 characters', { ...VALID_PUBLISH, translations: { en: { ...en, title: 't'.repeat(201) } } }],
      [
        'a text of 20001 characters',
        { ...VALID_PUBLISH, translations: { en: { ...en, content: 'c'.repeat(20_001) } } },
      ],
      ['30 February', { ...VALID_PUBLISH, date: '2026-02-30' }],
      ['month 13', { ...VALID_PUBLISH, date: '2026-13-01' }],
      ['a date in words', { ...VALID_PUBLISH, date: 'yesterday' }],
    ])('refuses %s', async (_label, payload) => {
      expectRefused(await publish(payload));
    });

    it('names the problem in the caller’s language', async () => {
      const english = await publish({ ...VALID_PUBLISH, translations: { de: en } });
      expect(english.msg).toBe('An English translation is required');
      const german = await publish({ ...VALID_PUBLISH, translations: { de: en } }, 'de');
      expect(german.msg).not.toBe(english.msg);
      const page = await get('/cgform-api/getData/news?page=0', 'zh-CN');
      expect(page.msg).toMatch(/[\u4e00-\u9fff]/);
    });
  });
});
