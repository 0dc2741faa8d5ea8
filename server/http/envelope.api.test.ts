import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { signInOperator, signUp } from '../../tests/support/accounts.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { translatorFor } from '../i18n/i18n.ts';

const de = translatorFor('de');

/** One raw HTTP/1.1 exchange over a real socket, for what Node refuses before Fastify sees a request. */
function rawRequest(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('error', (err) => (text ? undefined : reject(err)));
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
      }),
    );
  });
}

describe('every API answer is the envelope', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it.each([
    '/api/nope',
    '/api/nope/deeper?x=1',
    '/cgform-api/nope',
    '/cgform-api/getData',
    '/sys/sys/dict/nope',
    '/api',
    '/sys',
  ])('%s is a 404 envelope for every method', async (url) => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const r = await api(app, url, { method, lang: 'de' });
      expect([r.status, r.code, r.msg, r.data], `${method} ${url}`).toEqual([
        404,
        ERRORS.notFound,
        de('error.notFound'),
        null,
      ]);
    }
  });

  it('answers a path parameter over 100 characters with a translated 414 envelope', async () => {
    const r = await api(app, `/api/asset/getDepositAddress/${'a'.repeat(150)}`, { method: 'GET', lang: 'de' });
    expect([r.status, r.code, r.msg]).toEqual([414, ERRORS.uriTooLong, de('error.uriTooLong')]);
  });

  it('answers an undecodable path with a 400 envelope', async () => {
    const r = await api(app, '/cgform-api/detailData/news/%E0%A4%A', { method: 'GET', lang: 'de' });
    expect([r.status, r.code, r.msg]).toEqual([400, ERRORS.badRequest, de('validation.body')]);
  });

  it('answers headers or a query string over 16 KB with a translated 431 envelope', async () => {
    const long = await rawRequest(
      port,
      `GET /api/app/coin/market/ticker?symbol=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\nlang: de\r\n\r\n`,
    );
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual({
      code: ERRORS.headersTooLarge,
      msg: de('error.headersTooLarge'),
      data: null,
    });
    const header = await rawRequest(
      port,
      `GET /api/user/getCountryCode HTTP/1.1\r\nhost: x\r\nlang: de\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(header.status).toBe(431);
    expect(JSON.parse(header.body)).toEqual({
      code: ERRORS.headersTooLarge,
      msg: de('error.headersTooLarge'),
      data: null,
    });
  });

  it('answers a broken request line with a 400 envelope', async () => {
    const r = await rawRequest(port, 'GET /api/x HTTP/1.1 nonsense\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ code: ERRORS.badRequest, data: null });
  });

  it('answers bad JSON, a wrong content type and an oversized body with envelopes', async () => {
    const bad = await api(app, '/api/user/login', {
      payload: '{"type":',
      headers: { 'content-type': 'application/json' },
      lang: 'de',
    });
    expect([bad.status, bad.code, bad.msg]).toEqual([400, ERRORS.badRequest, de('validation.body')]);
    const type = await api(app, '/api/user/login', { payload: 'x', headers: { 'content-type': 'application/x-nope' } });
    expect([type.status, type.code]).toEqual([415, ERRORS.badRequest]);
    const big = await api(app, '/api/user/login', { payload: { type: 'account', username: 'x'.repeat(300_000) } });
    expect([big.status, big.code]).toEqual([413, ERRORS.badRequest]);
  });

  it('sends the API answers with nosniff and no-store on every prefix', async () => {
    for (const url of ['/api/nope', '/cgform-api/getData/news', '/sys/x']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe.each(FEATURE_DIALECTS)('authentication comes before the body on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let user: string;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    await signInOperator(app, t.db);
    user = (await signUp(app, 'auth_order')).token;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers 401 to every guarded route without a valid token, whatever the body', async () => {
    const guarded = app.routeList.filter((r) => r.access && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(30);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const token of [undefined, 'not-a-token']) {
        for (const payload of ['', '{', 'x'.repeat(300_000)]) {
          const r = await api(app, url, {
            method: route.method as 'POST',
            token,
            payload,
            headers: { 'content-type': 'application/json' },
          });
          expect([r.status, r.code], `${route.method} ${route.url} ${payload.slice(0, 5)}`).toEqual([
            401,
            ERRORS.unauthorized,
          ]);
        }
      }
    }
  });

  it('answers 403 to a user on operator routes before reading the body', async () => {
    for (const route of app.routeList.filter((r) => r.access === 'operator' && r.method === 'POST')) {
      const r = await api(app, route.url, {
        token: user,
        payload: '',
        headers: { 'content-type': 'application/json' },
      });
      expect([r.status, r.code], route.url).toEqual([403, ERRORS.forbidden]);
    }
  });

  it('leaves operator routes out of the public API document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const operatorPaths = app.routeList
      .filter((r) => r.access === 'operator')
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    expect(operatorPaths).toEqual(
      expect.arrayContaining(['/api/admin/wallet/withdrawal/review', '/api/content/publish', '/api/admin/credit']),
    );
    for (const path of operatorPaths) expect(Object.keys(doc.paths), path).not.toContain(path);
    expect(Object.keys(doc.paths)).toContain('/api/asset/transferFunds');
  });
});
