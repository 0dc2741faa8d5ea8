import { atom, cleanStores } from 'nanostores';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installBrowser, removeBrowser, startLocalApi, type LocalApi } from '../../../tests/support/browser.ts';

// The stores load over a real socket from a loopback API; the modules are imported once the browser stand-ins exist.
let api: LocalApi;
let remote: typeof import('./remote.ts');
let client: typeof import('../api/client.ts');

beforeAll(async () => {
  api = await startLocalApi();
  await installBrowser({ apiBase: api.baseUrl, lang: 'en' });
  remote = await import('./remote.ts');
  client = await import('../api/client.ts');
});
afterAll(async () => {
  removeBrowser();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
  api.reply = { status: 200, body: { code: 200, msg: '', data: { n: 1 } } };
});

const ask = () => client.call<{ n: number }>('/api/thing', { quiet: true });
const settled = async (l: { get(): { status: string } }) => {
  for (let i = 0; i < 200 && ['idle', 'pending'].includes(l.get().status); i++)
    await new Promise((r) => setTimeout(r, 5));
};

describe('remote(): a store that loads on its first subscriber', () => {
  it('stays idle until subscribed, then goes pending and holds the answer', async () => {
    const r = remote.remote(ask);
    // (get() on a store nobody listens to mounts it for the moment, so the test only subscribes.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(0);
    const seen: string[] = [];
    const off = r.$value.subscribe((v) => seen.push(v.status));
    await settled(r.$value);
    expect(r.$value.get()).toEqual({ status: 'success', value: { n: 1 } });
    expect(seen).toEqual(['pending', 'success']);
    expect(api.requests).toHaveLength(1);
    off();
    cleanStores(r.$value);
  });

  it('holds the ApiError of a failed call', async () => {
    api.reply = { status: 200, body: { code: 500, msg: 'no such thing', data: null } };
    const r = remote.remote(ask);
    const off = r.$value.listen(() => {});
    await settled(r.$value);
    const v = r.$value.get();
    expect(v.status).toBe('error');
    expect(v.status === 'error' && [v.error instanceof client.ApiError, v.error.code, v.error.message]).toEqual([
      true,
      500,
      'no such thing',
    ]);
    off();
    cleanStores(r.$value);
  });

  it('keeps the answer on screen while reloading, and rejects a reload as the call does', async () => {
    const r = remote.remote(ask);
    const off = r.$value.listen(() => {});
    await settled(r.$value);
    api.reply = { status: 200, body: { code: 200, msg: '', data: { n: 2 } } };
    const again = r.reload();
    expect(r.$value.get()).toEqual({ status: 'success', value: { n: 1 } });
    await again;
    expect(r.$value.get()).toEqual({ status: 'success', value: { n: 2 } });
    api.reply = { status: 200, body: { code: 500, msg: 'down', data: null } };
    await expect(r.reload()).rejects.toBeInstanceOf(client.ApiError);
    off();
    cleanStores(r.$value);
  });

  it('loads again when a dependency changes, and the latest answer wins', async () => {
    const $page = atom(1);
    const r = remote.remote(() => client.call<{ n: number }>(`/api/page/${$page.get()}`, { quiet: true }), {
      deps: [$page],
    });
    const off = r.$value.listen(() => {});
    await settled(r.$value);
    $page.set(2);
    $page.set(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.requests.map((q) => q.url)).toEqual(['/api/page/1', '/api/page/2', '/api/page/3']);
    off();
    cleanStores(r.$value);
  });

  it('ensure() answers what it holds, and asks only when it holds nothing yet', async () => {
    const r = remote.remote(ask);
    await expect(r.ensure()).resolves.toEqual({ n: 1 });
    api.reply = { status: 200, body: { code: 200, msg: '', data: { n: 2 } } };
    await expect(r.ensure()).resolves.toEqual({ n: 1 });
    expect(api.requests).toHaveLength(1);
  });

  it('ensure() while a load is on its way waits for it rather than asking again', async () => {
    const r = remote.remote(ask, { once: true });
    const first = r.ensure();
    const off = r.$value.listen(() => {});
    await expect(r.ensure()).resolves.toEqual({ n: 1 });
    await first;
    expect(api.requests).toHaveLength(1);
    off();
    cleanStores(r.$value);
  });

  it("put() holds an action's answer, and an older answer still on its way does not replace it", async () => {
    const r = remote.remote(ask);
    const off = r.$value.listen(() => {});
    r.put({ n: 9 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(r.$value.get()).toEqual({ status: 'success', value: { n: 9 } });
    off();
    cleanStores(r.$value);
  });

  it('loads reference data once, not again for a later subscriber', async () => {
    const r = remote.remote(ask, { once: true });
    const off = r.$value.listen(() => {});
    await settled(r.$value);
    off();
    // nanostores unmounts a store a second after its last subscriber leaves.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = r.$value.listen(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(1);
    again();
    cleanStores(r.$value);
  });

  it('never loads where there is no window (pages rendered at build time)', async () => {
    const w = globalThis.window;
    delete (globalThis as { window?: unknown }).window;
    const r = remote.remote(ask);
    const off = r.$value.listen(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.$value.get()).toEqual({ status: 'idle' });
    expect(api.requests).toHaveLength(0);
    off();
    globalThis.window = w;
  });
});

describe('keyed(): one store per key', () => {
  it('gives the same store for the same arguments', () => {
    const make = remote.keyed((kind: string, page: number) => ({ kind, page }));
    expect(make('a', 1)).toBe(make('a', 1));
    expect(make('a', 1)).not.toBe(make('a', 2));
  });
});
