import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import {
  closedPortUrl,
  installBrowser,
  removeBrowser,
  setApiBase,
  startLocalApi,
  type LocalApi,
  type Reply,
} from '../../../tests/support/browser.ts';

/**
 * The white-paper and customer-service actions of docs/requirements.md §7/§8 against a real local HTTP server (as
 * src/lib/api/client.test.ts does): a configured link opens, a missing link warns, a bad code and a failed call
 * show their own errors, each exactly once and never the API client's generic toast.
 */
type SupportModule = typeof import('./support.ts');
type ToastModule = typeof import('../stores/toast.ts');

const NO_WHITE_PAPER = 'No white paper link yet';
const WHITE_PAPER_DOWN = 'White paper service temporarily unavailable';
const NO_LINK = 'No available customer service link';
const BAD_CODE = 'Failed to get customer service info';
const CS_DOWN = 'Customer service temporarily unavailable';

let api: LocalApi;
const opened: Array<[string, string, string]> = [];
/** Every request the local server saw, as "METHOD /path". */
const paths = () => api.requests.map((r) => `${r.method} ${r.url}`);

let support: SupportModule;
let toast: ToastModule;
let chat: typeof import('../chat/service.ts');
let session: typeof import('../stores/session.ts');
const assigned: string[] = [];

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({
    apiBase: api.baseUrl,
    lang: 'en',
    window: {
      open(url: string, target: string, features: string) {
        opened.push([url, target, features]);
        return null;
      },
      location: { pathname: '/help/index', search: '', assign: (url: string) => assigned.push(url) },
    },
  });
  support = await import('./support.ts');
  toast = await import('../stores/toast.ts');
  chat = await import('../chat/service.ts');
  session = await import('../stores/session.ts');
});

afterAll(async () => {
  await api.close();
  removeBrowser();
});

beforeEach(() => {
  api.requests.length = 0;
  opened.length = 0;
  assigned.length = 0;
  setApiBase(api.baseUrl);
  toast.clearToasts();
  toast.resetToastThrottle();
});

const toasts = () => toast.$toasts.get().map((t): [string, string] => [t.kind, t.text]);
const envelope = (data: unknown, code = 200, msg = 'success') => ({ status: 200, body: { code, msg, data } });

describe('openWhitePaper (docs/requirements.md §8)', () => {
  it('opens the configured link in a new tab, without a toast', async () => {
    api.reply = envelope({ url: 'https://lumex.example/white-paper.pdf' });
    await support.openWhitePaper();
    expect(paths()).toEqual(['POST /api/common/getWhitePaperSetting']);
    expect(opened).toEqual([['https://lumex.example/white-paper.pdf', '_blank', 'noopener,noreferrer']]);
    expect(toasts()).toEqual([]);
  });

  it.each<[string, Reply]>([
    ['url null', envelope({ url: null })],
    ['url empty', envelope({ url: '' })],
    ['no url field', envelope({})],
    ['data null', envelope(null)],
  ])('warns "no white paper link yet" when the link is missing (%s)', async (_label, r) => {
    api.reply = r;
    await support.openWhitePaper();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['warning', NO_WHITE_PAPER]]);
  });

  it.each<[string, Reply]>([
    ['a non-200 code', envelope(null, 500, 'Internal error')],
    ['a business error code', envelope(null, 1002, 'The account or password is incorrect')],
    ['HTTP 503', { status: 503, body: { code: 503, msg: 'Down' } }],
    ['HTTP 502 with an HTML page', { status: 502, body: '<html>bad gateway</html>' }],
    ['an HTML page with status 200', { status: 200, body: '<html>not the API</html>' }],
  ])('shows "white paper service temporarily unavailable" on %s, and only that', async (_label, r) => {
    api.reply = r;
    await support.openWhitePaper();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['error', WHITE_PAPER_DOWN]]);
  });

  it('shows "temporarily unavailable" when the server cannot be reached', async () => {
    setApiBase(await closedPortUrl());
    await support.openWhitePaper();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['error', WHITE_PAPER_DOWN]]);
  });
});

describe('openCustomerService (docs/requirements.md §8)', () => {
  it('opens the first configured link', async () => {
    api.reply = envelope({
      code: 200,
      data: [{ url: '' }, { url: 'https://chat.lumex.example/' }, { url: 'https://other.example/' }],
    });
    await support.openCustomerService();
    expect(paths()).toEqual(['POST /api/common/getCustomerService']);
    expect(opened).toEqual([['https://chat.lumex.example/', '_blank', 'noopener,noreferrer']]);
    expect(toasts()).toEqual([]);
  });

  it.each<[string, Reply]>([
    ['an empty list', envelope({ code: 200, data: [] })],
    ['only empty links', envelope({ code: 200, data: [{ url: '' }, {}] })],
    ['no list', envelope({ code: 200 })],
  ])('warns "no available customer service link" for %s', async (_label, r) => {
    api.reply = r;
    await support.openCustomerService();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['warning', NO_LINK]]);
  });

  it.each<[string, Reply]>([
    ['data.code 500', envelope({ code: 500, data: [{ url: 'https://chat.lumex.example/' }] })],
    ['data.code missing', envelope({ data: [{ url: 'https://chat.lumex.example/' }] })],
    ['data null', envelope(null)],
    ['an envelope code other than 200', envelope(null, 500, 'Internal error')],
    ['HTTP 400 with an envelope', { status: 400, body: { code: 400, msg: 'The request is not valid' } }],
  ])('shows "failed to get customer service info" for a bad code (%s), and only that', async (_label, r) => {
    api.reply = r;
    await support.openCustomerService();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['error', BAD_CODE]]);
  });

  it('opens the in-platform chat dialog when the server offers it (kind chat, no link), for a signed-in user', async () => {
    session.storeTokens({
      token: 't',
      refreshToken: 'r',
      tenantId: '0',
      issuedAt: 0,
      expiresIn: 1,
      refreshExpiresIn: 1,
      userInfo: { id: 42 } as UserInfo,
    });
    api.reply = envelope({ code: 200, data: [{ url: '', kind: 'chat' }] });
    await support.openCustomerService();
    expect(chat.$serviceChatOpen.get()).toBe(true);
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([]);
    chat.closeServiceChat();
    session.clearSession();
  });

  it('prefers a configured link to the chat, and sends a visitor to login for the chat (it needs login)', async () => {
    api.reply = envelope({
      code: 200,
      data: [
        { url: '', kind: 'chat' },
        { url: 'https://chat.lumex.example/', kind: 'link' },
      ],
    });
    await support.openCustomerService();
    expect(opened).toEqual([['https://chat.lumex.example/', '_blank', 'noopener,noreferrer']]);
    api.reply = envelope({ code: 200, data: [{ url: '', kind: 'chat' }] });
    await support.openCustomerService();
    expect(chat.$serviceChatOpen.get()).toBe(false);
    expect(assigned).toEqual(['/user/login?redirect=%2Fhelp%2Findex']);
    expect(toasts()).toEqual([]);
  });

  it('shows "customer service temporarily unavailable" when the server cannot be reached', async () => {
    setApiBase(await closedPortUrl());
    await support.openCustomerService();
    expect(opened).toEqual([]);
    expect(toasts()).toEqual([['error', CS_DOWN]]);
  });

  it('gives each call its own error message (once the 2 s error-toast throttle of docs/requirements.md §8 has passed)', async () => {
    api.reply = envelope(null, 500, 'x');
    await support.openWhitePaper();
    toast.resetToastThrottle();
    api.reply = envelope({ code: 500, data: [] });
    await support.openCustomerService();
    expect(toasts()).toEqual([
      ['error', WHITE_PAPER_DOWN],
      ['error', BAD_CODE],
    ]);
  });
});
