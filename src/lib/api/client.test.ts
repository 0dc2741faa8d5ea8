import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closedPortUrl,
  installBrowser,
  removeBrowser,
  setApiBase,
  startLocalApi,
  type LocalApi,
  type Reply,
} from '../../../tests/support/browser.ts';

// The modules under test are imported dynamically in beforeAll, after the browser stand-ins exist.
type ClientModule = typeof import('./client.ts');
type SessionModule = typeof import('../stores/session.ts');
type ToastModule = typeof import('../stores/toast.ts');

const NETWORK_SLOW = 'Your network is loading slowly, please refresh the current page';
const LOGIN_STEP1 = 'Login step 1 succeeded';

let api: LocalApi;
const assigned: string[] = [];

let client: ClientModule;
let session: SessionModule;
let toast: ToastModule;

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({
    apiBase: api.baseUrl,
    lang: 'de',
    window: {
      location: {
        assign(url: string) {
          assigned.push(url);
        },
      },
    },
  });
  client = await import('./client.ts');
  session = await import('../stores/session.ts');
  toast = await import('../stores/toast.ts');
});

afterAll(async () => {
  await api.close();
  removeBrowser();
});

beforeEach(() => {
  api.requests.length = 0;
  assigned.length = 0;
  api.reply = { status: 200, body: { code: 200, msg: '', data: null } };
  setApiBase(api.baseUrl);
  session.clearSession();
  toast.clearToasts();
  toast.resetToastThrottle();
});

function toastTexts(): Array<[string, string]> {
  return toast.$toasts.get().map((t) => [t.kind, t.text]);
}

async function failure(promise: Promise<unknown>): Promise<InstanceType<ClientModule['ApiError']>> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(client.ApiError);
    return e as InstanceType<ClientModule['ApiError']>;
  }
  throw new Error('the call resolved but was expected to reject');
}

describe('call: success', () => {
  it.each<[string, unknown]>([
    ['object', { id: 7, name: 'BTC' }],
    ['array', [1, 2, 3]],
    ['string', 'ok'],
    ['number', 0],
    ['null', null],
  ])('code 200 envelope resolves with data (%s)', async (_name, data) => {
    api.reply = { status: 200, body: { code: 200, msg: 'success', data } };
    await expect(client.call('/api/thing')).resolves.toEqual(data);
    expect(toastTexts()).toEqual([]);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]!.method).toBe('POST');
    expect(api.requests[0]!.url).toBe('/api/thing');
  });
});

describe('call: headers', () => {
  it('sends the token as authorization and satoken, and the page locale as lang and language', async () => {
    session.storeTokens({
      token: 'tok-abc.123',
      refreshToken: 'ref',
      tenantId: '000000',
      issuedAt: 1_700_000_000,
      expiresIn: 3600,
      refreshExpiresIn: 604800,
    });
    await client.call('/api/h');
    const h = api.requests[0]!.headers;
    expect(h.authorization).toBe('tok-abc.123');
    expect(h.satoken).toBe('tok-abc.123');
    expect(h.lang).toBe('de');
    expect(h.language).toBe('de');
  });

  it('sends no token headers when logged out, but still the locale', async () => {
    await client.call('/api/h');
    const h = api.requests[0]!.headers;
    expect(h.authorization).toBeUndefined();
    expect(h.satoken).toBeUndefined();
    expect(h.lang).toBe('de');
    expect(h.language).toBe('de');
  });
});

describe('call: answered failures (docs/requirements.md §8)', () => {
  it.each<[string, Reply, { code: number; message: string; toast: boolean }]>([
    [
      'msg shown as toast',
      { status: 200, body: { code: 1002, msg: 'Wrong password', data: null } },
      { code: 1002, message: 'Wrong password', toast: true },
    ],
    [
      'error_description when msg is absent',
      { status: 400, body: { code: 400, error_description: 'Bad grant' } },
      { code: 400, message: 'Bad grant', toast: true },
    ],
    [
      'error_description when msg is empty',
      { status: 200, body: { code: 500, msg: '', error_description: 'Described' } },
      { code: 500, message: 'Described', toast: true },
    ],
    [
      'msg wins over error_description',
      { status: 200, body: { code: 500, msg: 'M', error_description: 'D' } },
      { code: 500, message: 'M', toast: true },
    ],
    [
      'default message when both absent',
      { status: 200, body: { code: 500 } },
      { code: 500, message: NETWORK_SLOW, toast: true },
    ],
    [
      'HTTP status as code when the envelope has none',
      { status: 404, body: { msg: 'Not here' } },
      { code: 404, message: 'Not here', toast: true },
    ],
    [
      'HTTP 500 is answered',
      { status: 500, body: { code: 500, msg: 'Boom' } },
      { code: 500, message: 'Boom', toast: true },
    ],
    [
      'message with sql: no toast',
      { status: 200, body: { code: 500, msg: 'bad SQL grammar near x' } },
      { code: 500, message: 'bad SQL grammar near x', toast: false },
    ],
    [
      'message with Sql: no toast',
      { status: 200, body: { code: 500, msg: 'SqlException' } },
      { code: 500, message: 'SqlException', toast: false },
    ],
    [
      'message with sql lower case: no toast',
      { status: 200, body: { code: 500, msg: 'mysql down' } },
      { code: 500, message: 'mysql down', toast: false },
    ],
    [
      '"Invalid token": no toast',
      { status: 200, body: { code: 500, msg: 'Invalid token' } },
      { code: 500, message: 'Invalid token', toast: false },
    ],
    [
      '"token无效": no toast',
      { status: 200, body: { code: 500, msg: 'token无效' } },
      { code: 500, message: 'token无效', toast: false },
    ],
    [
      'code 1001 (loginStep1): no toast',
      { status: 200, body: { code: 1001, msg: 'Enter the code' } },
      { code: 1001, message: 'Enter the code', toast: false },
    ],
    [
      'step-1 login text: no toast',
      { status: 200, body: { code: 500, msg: LOGIN_STEP1 } },
      { code: 500, message: LOGIN_STEP1, toast: false },
    ],
  ])('%s', async (_name, r, expected) => {
    api.reply = r;
    const err = await failure(client.call('/api/fail'));
    expect(err.message).toBe(expected.message);
    expect(err.code).toBe(expected.code);
    expect(err.shown).toBe(expected.toast);
    expect(toastTexts()).toEqual(expected.toast ? [['error', expected.message]] : []);
  });

  it.each<[number, unknown]>([
    [503, { code: 503, msg: 'Service down' }],
    [502, '<html>bad gateway</html>'],
    [504, { msg: 'timeout upstream' }],
  ])('HTTP %i rejects with the default message', async (status, body) => {
    api.reply = { status, body };
    const err = await failure(client.call('/api/fail'));
    expect(err.message).toBe(NETWORK_SLOW);
    expect(err.code).toBe(status);
    expect(err.shown).toBe(true);
    expect(toastTexts()).toEqual([['error', NETWORK_SLOW]]);
  });

  it('shows at most one error toast per 2 seconds', async () => {
    api.reply = { status: 200, body: { code: 500, msg: 'First' } };
    const first = await failure(client.call('/api/fail'));
    api.reply = { status: 200, body: { code: 500, msg: 'Second' } };
    const second = await failure(client.call('/api/fail'));
    expect(first.shown).toBe(true);
    expect(second.shown).toBe(false);
    expect(second.message).toBe('Second');
    expect(toastTexts()).toEqual([['error', 'First']]);
  });

  it('quiet: true suppresses the toast', async () => {
    api.reply = { status: 200, body: { code: 500, msg: 'Quiet please' } };
    const err = await failure(client.call('/api/fail', { quiet: true }));
    expect(err.message).toBe('Quiet please');
    expect(err.shown).toBe(false);
    expect(toastTexts()).toEqual([]);
    // The throttle was not used up by the quiet call.
    const loud = await failure(client.call('/api/fail'));
    expect(loud.shown).toBe(true);
    expect(toastTexts()).toEqual([['error', 'Quiet please']]);
  });

  it('quiet: true suppresses the toast of an unanswered status', async () => {
    api.reply = { status: 503, body: { code: 503 } };
    const err = await failure(client.call('/api/fail', { quiet: true }));
    expect(err.message).toBe(NETWORK_SLOW);
    expect(err.shown).toBe(false);
    expect(toastTexts()).toEqual([]);
  });
});

describe('call: HTTP 401 (docs/requirements.md §4)', () => {
  it('clears the session and goes home in the page locale, without a toast', async () => {
    session.storeTokens({
      token: 'tok-1',
      refreshToken: 'ref-1',
      tenantId: '000000',
      issuedAt: 1_700_000_000,
      expiresIn: 3600,
      refreshExpiresIn: 604800,
    });
    expect(session.$token.get()).toBe('tok-1');
    expect(session.$refreshToken.get()).toBe('ref-1');
    expect(session.$session.get()).not.toBeNull();

    api.reply = { status: 401, body: { code: 401, msg: 'Unauthorized' } };
    const err = await failure(client.call('/api/private'));
    expect(api.requests[0]!.headers.authorization).toBe('tok-1');
    expect(err.code).toBe(401);
    expect(err.shown).toBe(false);
    expect(session.$token.get()).toBe('');
    expect(session.$refreshToken.get()).toBe('');
    expect(session.$session.get()).toBeNull();
    expect(session.$isLogin.get()).toBe(false);
    expect(assigned).toEqual(['/de/home/index']);
    expect(toastTexts()).toEqual([]);
  });
});

describe('call: transport errors', () => {
  it.each<[string, boolean]>([
    ['loud', false],
    ['quiet', true],
  ])('a closed port rejects (%s)', async (_name, quiet) => {
    setApiBase(await closedPortUrl());
    const err = await failure(client.call('/api/x', { quiet }));
    expect(err.code).toBe(0);
    expect(err.message).toBe(NETWORK_SLOW);
    expect(err.shown).toBe(!quiet);
    expect(toastTexts()).toEqual(quiet ? [] : [['error', NETWORK_SLOW]]);
    expect(api.requests).toEqual([]);
  });
});

describe('call: request shape', () => {
  it.each<[string, Parameters<ClientModule['call']>[1], string, Record<string, string>]>([
    [
      'GET with query',
      { method: 'GET', query: { page: 2, size: 15, q: 'btc usdt', all: true, none: undefined } },
      'GET',
      { page: '2', size: '15', q: 'btc usdt', all: 'true' },
    ],
    ['POST with query', { query: { symbol: 'BTC/USDT' } }, 'POST', { symbol: 'BTC/USDT' }],
    ['no query', {}, 'POST', {}],
  ])('%s reaches the server', async (_name, opts, method, query) => {
    api.reply = { status: 200, body: { code: 200, msg: '', data: 'fine' } };
    await expect(client.call('/api/list', opts)).resolves.toBe('fine');
    const r = api.requests[0]!;
    expect(r.method).toBe(method);
    const url = new URL(r.url, 'http://x');
    expect(url.pathname).toBe('/api/list');
    expect(Object.fromEntries(url.searchParams)).toEqual(query);
  });

  it.each<[string, unknown]>([
    ['flat object', { username: 'trader_01', password: 'abc123' }],
    ['nested object', { a: { b: [1, 'two', null] }, ok: true, n: 1.5 }],
    ['unicode', { text: 'Grüße 你好' }],
  ])('JSON body reaches the server (%s)', async (_name, body) => {
    await client.call('/api/post', { body });
    const r = api.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body)).toEqual(body);
  });

  it('plainText sends the JSON text as text/plain', async () => {
    const body = { sealed: 'abc==' };
    await client.call('/api/plain', { body, plainText: true });
    const r = api.requests[0]!;
    expect(r.headers['content-type']).toBe('text/plain');
    expect(r.body).toBe('{"sealed":"abc=="}');
  });
});
