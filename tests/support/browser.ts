import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

/** What the local server answers next: a value sent as JSON, or a string sent as is (an HTML error page). */
export interface Reply {
  status: number;
  body: unknown;
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalApi {
  baseUrl: string;
  requests: Recorded[];
  /** The answer to every request from now on. */
  reply: Reply;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback for the browser-side modules to call: it records each request and answers what
 * the test set in `reply`, so the client's handling of every answer can be checked over real sockets.
 */
export async function startLocalApi(): Promise<LocalApi> {
  const api: LocalApi = {
    baseUrl: '',
    requests: [],
    reply: { status: 200, body: { code: 200, msg: '', data: null } },
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      api.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const json = typeof api.reply.body !== 'string';
      res.writeHead(api.reply.status, { 'content-type': json ? 'application/json' : 'text/html' });
      res.end(json ? JSON.stringify(api.reply.body) : (api.reply.body as string));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}

const g = globalThis as Record<string, unknown>;

/**
 * The browser a page gives the islands, in Node: `window` (with the test's extras, e.g. `open` or `location`),
 * `document` with the page's language, the platform config pointing at `apiBase`, and the English dictionary
 * loaded. Import the modules under test after this, so they see it.
 */
export async function installBrowser(opts: {
  apiBase: string;
  lang: string;
  window?: Record<string, unknown>;
}): Promise<void> {
  g.__PLATFORM__ = { apiBase: opts.apiBase };
  g.window = {
    location: { assign() {} },
    // @nanostores/persistent subscribes to storage events on window; nothing fires them here.
    addEventListener() {},
    removeEventListener() {},
    ...opts.window,
  };
  g.document = { documentElement: { lang: opts.lang } };
  const i18n = await import('../../src/lib/i18n/client.ts');
  i18n.useMessages(
    'en',
    JSON.parse(readFileSync(new URL('../../isomorphic/i18n/messages/core/en.json', import.meta.url), 'utf8')),
  );
}

export function removeBrowser(): void {
  delete g.window;
  delete g.document;
  delete g.__PLATFORM__;
}

/** Points the platform config at another base (a closed port, say). */
export function setApiBase(base: string): void {
  (g.__PLATFORM__ as { apiBase: string }).apiBase = base;
}

/** The address of a port nothing listens on: a server that has gone away. */
export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
