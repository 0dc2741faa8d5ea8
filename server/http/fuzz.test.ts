import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { isApiPath } from './envelope.ts';
import type { RouteEntry } from './route-list.ts';

/**
 * Every API route — the public OpenAPI document's and the hidden operator routes, from the app's route list —
 * gets malformed bodies, queries and path parameters, 1 MB strings and type confusion, with and without a
 * token. Not one answer may be a server error (5xx) or anything but the `{ code, msg, data }` envelope.
 */

const MB = 'x'.repeat(1024 * 1024);
/** Values no schema should be confused by, in JSON bodies. */
const CONFUSING: unknown[] = [
  true,
  false,
  null,
  [],
  [1],
  ['a', 'b'],
  {},
  { a: 1 },
  0,
  -1,
  1.5,
  -0.0001,
  1e308,
  2 ** 64,
  9007199254740993,
  'NaN',
  'Infinity',
  ' 1',
  '1 ',
  '0x10',
  '-0',
  '1e3',
  '',
  ' ',
  '\u0000',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀'.repeat(50),
  '__proto__',
  'a'.repeat(200_000),
  '9'.repeat(400),
];
/** The same as query-string or path text; arrays become repeated keys. */
const TEXTS = [
  ...new Set(CONFUSING.filter((v) => !Array.isArray(v)).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))),
];
/** Whole bodies that are not the object a route expects. */
const RAW_BODIES: Array<[string, string]> = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"x"'],
  ['application/json', '1'],
  ['application/json', 'true'],
  ['application/json', '{"__proto__":{"polluted":1}}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":1}}}'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', JSON.stringify({ big: MB })],
  ['text/plain', 'hello'],
  ['multipart/form-data', 'x'],
  ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"'],
  ['application/x-www-form-urlencoded', 'a=1'],
];
/** Plausible values per field name, so one field at a time can be confused while the rest pass. */
const PLAUSIBLE: Record<string, unknown> = {
  coin: 'USDT',
  from: 1,
  to: 2,
  amount: '1',
  network: 'TRC20',
  screenshot: 'x',
  symbol: 'btcusdt',
  side: 'buy',
  type: 'limit',
  price: '1',
  quantity: '1',
  quoteAmount: '1',
  timeInForce: 'GTC',
  quote: 'x',
  slippageBps: 50,
  id: 1,
  approve: false,
  reason: 'r',
  username: 'fuzz_user',
  asset: 'USDT',
  kind: 'news',
  status: 'review',
  page: 1,
  size: 10,
  current: 1,
  formId: 'news',
  state: 'open',
  interval: '1m',
  limit: 5,
  email: 'fuzz@example.com',
  purpose: 'reset',
};

/** The top-level field names a zod schema takes, across union branches. */
function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
    properties?: object;
    anyOf?: object[];
    oneOf?: object[];
    allOf?: object[];
  };
  const branches = [json, ...(json.anyOf ?? []), ...(json.oneOf ?? []), ...(json.allOf ?? [])] as Array<{
    properties?: object;
    allOf?: object[];
    anyOf?: object[];
  }>;
  const nested = branches.flatMap((b) => [...(b.allOf ?? []), ...(b.anyOf ?? [])]) as Array<{
    properties?: object;
    anyOf?: object[];
  }>;
  const deeper = nested.flatMap((b) => b.anyOf ?? []) as Array<{ properties?: object }>;
  return [...new Set([...branches, ...nested, ...deeper].flatMap((b) => Object.keys(b.properties ?? {})))];
}

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const plausible = (fields: string[]) =>
  Object.fromEntries(fields.filter((f) => f in PLAUSIBLE).map((f) => [f, PLAUSIBLE[f]]));
const queryText = (q: Record<string, unknown>) =>
  Object.entries(q)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map(
        (x) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof x === 'string' ? x : JSON.stringify(x))}`,
      ),
    )
    .join('&');

interface Probe {
  label: string;
  opts: InjectOptions;
}

/** Every malformed request for one route. */
function probesFor(route: RouteEntry, token: string | undefined): Probe[] {
  const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  const params = fieldsOf(schema?.params);
  const query = fieldsOf(schema?.querystring);
  const body = fieldsOf(schema?.body);
  const path = (values: Record<string, string> = {}) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) =>
      encodeURIComponent(values[name] ?? String(PLAUSIBLE[name] ?? '1')),
    );
  const headers = token ? { authorization: token } : {};
  const probes: Probe[] = [];
  const add = (label: string, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    probes.push({
      label,
      opts: {
        method: route.method as 'GET',
        url,
        headers: { ...headers, ...extra },
        ...(payload === undefined || route.method === 'GET'
          ? {}
          : typeof payload === 'string'
            ? { payload }
            : { payload: payload as object }),
      },
    });

  for (const name of params)
    for (const text of [...TEXTS, 'a'.repeat(101), MB])
      add(`param ${name}=${text.slice(0, 20)}`, path({ [name]: text }));
  const baseQuery = plausible(query);
  for (const name of query) {
    for (const value of [...TEXTS, MB, ['1', '2'], ['a', 'b', 'c']])
      add(
        `query ${name}=${String(value).slice(0, 20)}`,
        `${path()}?${queryText({ ...baseQuery, [name]: value })}`,
        plausible(body),
      );
  }
  add(
    'query junk keys',
    `${path()}?${queryText({ ...baseQuery, 'a[b]': '1', __proto__: 'x', '': '' })}`,
    plausible(body),
  );
  const baseBody = plausible(body);
  for (const name of body)
    for (const value of CONFUSING)
      add(`body ${name}=${JSON.stringify(value)?.slice(0, 20)}`, `${path()}?${queryText(baseQuery)}`, {
        ...baseBody,
        [name]: value,
      });
  if (route.method !== 'GET')
    for (const [type, raw] of RAW_BODIES)
      add(`raw ${type} ${raw.slice(0, 20)}`, `${path()}?${queryText(baseQuery)}`, raw, { 'content-type': type });
  add('odd headers', path(), baseBody, {
    lang: MB.slice(0, 5000),
    'accept-language': '*;q=NaN,,,',
    satoken: MB.slice(0, 300),
  });
  // Several fields confused at once, from a seeded generator so a failure replays.
  const random = seeded(route.url.length * 7919 + route.method.length);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (let i = 0; i < 40 && body.length + query.length > 1; i++) {
    const mix = <T>(fields: string[], base: Record<string, unknown>, values: readonly T[]) =>
      Object.fromEntries(
        fields.map((f) => [f, random() < 0.5 ? base[f] : pick(values)]).filter(([, v]) => v !== undefined),
      );
    add(`mixed #${i}`, `${path()}?${queryText(mix(query, baseQuery, TEXTS))}`, mix(body, baseBody, CONFUSING));
  }
  return probes;
}

/** A JSON answer that is not a server error, or why it is not one. */
function jsonAnswer(
  status: number,
  contentType: string | undefined,
  text: string,
): { why: string } | { body: unknown } {
  if (status >= 500) return { why: `HTTP ${status}` };
  if (!contentType?.startsWith('application/json')) return { why: `content-type ${contentType}` };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { why: 'not JSON' };
  }
}

/** Why an answer breaks the policy, or undefined when it keeps it. */
function breach(status: number, contentType: string | undefined, text: string): string | undefined {
  const answer = jsonAnswer(status, contentType, text);
  if ('why' in answer) return answer.why;
  const e = answer.body as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof e !== 'object' || e === null || typeof e.code !== 'number' || typeof e.msg !== 'string' || !('data' in e))
    return 'not an envelope';
  if (Object.keys(e).length !== 3) return 'extra envelope keys';
  if (e.code !== 200 && (!e.msg || e.msg.startsWith('error.') || e.msg.startsWith('validation.')))
    return `untranslated message ${e.msg}`;
  return undefined;
}

/**
 * The Binance-shaped door (server/binance) answers Binance's shapes instead of the envelope: a refusal is
 * `{code, msg}` with a negative code and a message, and nothing is ever a server error.
 */
function binanceBreach(status: number, contentType: string | undefined, text: string): string | undefined {
  const answer = jsonAnswer(status, contentType, text);
  if ('why' in answer) return answer.why;
  if (status < 400) return undefined;
  const e = answer.body as { code?: unknown; msg?: unknown };
  if (typeof e.code !== 'number' || e.code >= 0 || typeof e.msg !== 'string' || !e.msg) return 'not a Binance error';
  if (Object.keys(e).length !== 2) return 'extra error keys';
  return undefined;
}

describe('fuzzing every API route', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  /** A fresh session for each route: logout and password routes may end the one before. */
  const login = async (who: 'user' | 'operator') =>
    (
      await api(app, '/api/user/login', {
        payload:
          who === 'user'
            ? { type: 'account', username: 'fuzz_user', password: 'abc123' }
            : { type: 'email', email: 'ops@example.com', password: 'opspass1' },
      })
    ).data.token as string;

  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-fuzz-${process.pid}` }));
    await signInOperator(app, t.db);
    await signUp(app, 'fuzz_user');
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const apiRoutes = () =>
    app.routeList.filter(
      (r) => r.method !== 'HEAD' && (isApiPath(r.url) || r.binance) && !r.url.startsWith('/api/docs'),
    );

  it('covers the public document and the hidden operator routes', () => {
    const listed = new Set(apiRoutes().map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`));
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const missing = documented.filter((d) => !d.includes('/api/docs') && !listed.has(d));
    expect(missing).toEqual([]);
    expect(apiRoutes().filter((r) => r.access === 'operator').length).toBeGreaterThanOrEqual(8);
  });

  it('answers every malformed request with an envelope and never a server error', { timeout: 120_000 }, async () => {
    const breaches: string[] = [];
    let sent = 0;
    for (const route of apiRoutes()) {
      const valid = await login(route.access ?? 'user');
      const tokens = route.access ? [valid, undefined, 'garbage-token'] : [undefined, valid];
      for (const [i, token] of tokens.entries()) {
        // The full set with the token the route needs; the rest without it must fail the same way every time.
        const probes = probesFor(route, token);
        for (const { label, opts } of i === 0 ? probes : probes.filter((_, k) => k % 7 === 0)) {
          const res = await app.inject(opts);
          sent++;
          const why = (route.binance ? binanceBreach : breach)(
            res.statusCode,
            res.headers['content-type'] as string | undefined,
            res.body,
          );
          if (why)
            breaches.push(
              `${route.method} ${route.url} [${token === valid ? 'token' : token ? 'bad token' : 'no token'}] ${label}: ${why} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    await app.core.settled();
    expect(sent).toBeGreaterThan(5000);
    expect(breaches.slice(0, 30)).toEqual([]);
  });
});
