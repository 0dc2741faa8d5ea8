import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, testApp } from '../../../tests/support/app.ts';
import { ccxtSpot, listening } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { credit } from '../../../tests/support/trading.ts';
import { until } from '../../../tests/support/until.ts';

type Level = [string, string];
interface Snapshot {
  lastUpdateId: number;
  bids: Level[];
  asks: Level[];
}
interface DiffEvent {
  e: string;
  s: string;
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}

const COIN = 10n ** 8n;

/** Waits for `watch`, doing `step` every 200 ms until it resolves: a stream shows only what happens after it starts. */
async function meanwhile<T>(watch: Promise<T>, step: () => Promise<unknown>): Promise<T> {
  let done = false;
  const watched = watch.finally(() => (done = true));
  for (let i = 0; i < 20 && !done; i++) {
    await step();
    await new Promise((r) => setTimeout(r, 200));
  }
  return watched;
}

/** A socket and every message it heard, parsed. */
async function socket(url: string) {
  const ws = new WebSocket(url);
  const heard: any[] = [];
  ws.on('message', (raw) => heard.push(JSON.parse(String(raw))));
  await new Promise((ok, no) => ws.once('open', ok).once('error', no));
  const send = (m: unknown) => ws.send(JSON.stringify(m));
  return { ws, heard, send };
}

/**
 * A local book kept as developers.binance.com, "How to manage a local order book correctly", says: events
 * buffered from the start, a snapshot, events up to its id dropped, then each applied, its U no later than the
 * book's id + 1.
 */
class LocalBook {
  id = 0;
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  private applied = 0;

  start(snapshot: Snapshot, events: DiffEvent[]): void {
    expect(events[0]?.U ?? 0).toBeLessThanOrEqual(snapshot.lastUpdateId + 1);
    this.id = snapshot.lastUpdateId;
    for (const [p, q] of snapshot.bids) this.bids.set(p, q);
    for (const [p, q] of snapshot.asks) this.asks.set(p, q);
    this.follow(events);
  }

  /** Applies the events not yet applied. */
  follow(events: DiffEvent[]): void {
    for (; this.applied < events.length; this.applied++) {
      const ev = events[this.applied]!;
      if (ev.u <= this.id) continue;
      expect(ev.U).toBeLessThanOrEqual(this.id + 1);
      for (const [side, levels] of [
        [this.bids, ev.b],
        [this.asks, ev.a],
      ] as const)
        for (const [p, q] of levels)
          if (Number(q) === 0) side.delete(p);
          else side.set(p, q);
      this.id = ev.u;
    }
  }

  book(): Omit<Snapshot, 'lastUpdateId'> {
    const sorted = (m: Map<string, string>, up: boolean) =>
      [...m].sort((a, b) => (up ? 1 : -1) * (Number(a[0]) - Number(b[0])));
    return { bids: sorted(this.bids, false), asks: sorted(this.asks, true) };
  }
}

describe.each(FEATURE_DIALECTS)('Binance market streams (%s)', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let wsBase: string;
  let users: number[];

  const depth = async (q: string): Promise<Snapshot> => {
    const res = await fetch(`${base}/api/v3/depth?${q}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Snapshot;
  };

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    base = await listening(app);
    wsBase = base.replace(/^http/, 'ws');
    users = [];
    for (const name of ['streamer_a', 'streamer_b']) {
      const { id } = await signUp(app, name);
      await credit(app.core, id, 'BTC', 10n * COIN);
      await credit(app.core, id, 'USDT', 10_000_000n * COIN);
      users.push(id);
    }
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('keeps a local book from btcusdt@depth@100ms equal to /api/v3/depth while two users trade', async () => {
    const feed = await socket(`${wsBase}/ws/btcusdt@depth@100ms`);
    const events = feed.heard as DiffEvent[];
    // Each user places and cancels orders on both sides around the listing price, some crossing the other's.
    const trade = async (user: number, seed: number) => {
      for (let i = 0; i < 30; i++) {
        const k = (i * 7 + seed * 13) % 11;
        const side = (i + seed) % 2 ? 'buy' : 'sell';
        const price = (96_480 + k * 5 + (side === 'buy' ? -10 : 10)).toFixed(2);
        const order = await app.spot.place(user, {
          symbol: 'btcusdt',
          side,
          type: 'limit',
          price,
          quantity: `0.0${(i % 5) + 1}000`,
        });
        if (i % 3 === 0 && (order.status === 'open' || order.status === 'partial'))
          await app.spot.cancel(user, order.id).catch(() => undefined);
      }
    };
    const trading = Promise.all(users.map((u, i) => trade(u, i)));
    await until(() => events.length > 0);
    const local = new LocalBook();
    local.start(await depth('symbol=BTCUSDT&limit=5000'), events);
    await trading;
    await app.core.settled();
    const final = await depth('symbol=BTCUSDT&limit=5000');
    await until(() => {
      local.follow(events);
      return local.id >= final.lastUpdateId;
    });
    expect(local.id).toBe(final.lastUpdateId);
    expect(local.book()).toEqual({ bids: final.bids, asks: final.asks });
    expect(final.bids.length + final.asks.length).toBeGreaterThan(0);
    expect(events.every((e) => e.e === 'depthUpdate' && e.s === 'BTCUSDT')).toBe(true);
    feed.ws.close();
  });

  it("answers depth with Binance's weights, limits and errors", async () => {
    const res = await fetch(`${base}/api/v3/depth?symbol=BTCUSDT&limit=5`);
    const book = (await res.json()) as Snapshot;
    expect(book.bids.length).toBeLessThanOrEqual(5);
    expect(typeof book.lastUpdateId).toBe('number');
    const used = Number(res.headers.get('x-mbx-used-weight-1m'));
    const big = await fetch(`${base}/api/v3/depth?symbol=BTCUSDT&limit=5000`);
    expect(Number(big.headers.get('x-mbx-used-weight-1m')) - used).toBe(250);
    const bad = await fetch(`${base}/api/v3/depth?symbol=NOPEUSDT`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: -1121 });
    const none = await fetch(`${base}/api/v3/depth`);
    expect(await none.json()).toMatchObject({ code: -1102 });
    const word = await fetch(`${base}/api/v3/depth?symbol=BTCUSDT&limit=ten`);
    expect(await word.json()).toMatchObject({ code: -1100 });
  });

  it('subscribes, lists and unsubscribes on /ws, and refuses bad messages as Binance', async () => {
    const c = await socket(`${wsBase}/ws`);
    c.send({
      method: 'SUBSCRIBE',
      params: ['btcusdt@trade', 'ethusdt@depth5'],
      id: 1,
    });
    await until(() => c.heard.length >= 1);
    expect(c.heard[0]).toEqual({ result: null, id: 1 });
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    await until(() => c.heard.length >= 2);
    expect(c.heard[1]).toEqual({
      result: ['btcusdt@trade', 'ethusdt@depth5'],
      id: 2,
    });
    c.send({ method: 'UNSUBSCRIBE', params: ['ethusdt@depth5'], id: 3 });
    c.send({ method: 'SUBSCRIBE', params: ['btcusdt@nothing'], id: 4 });
    c.send({ method: 'FLY', params: [], id: 5 });
    await until(() => c.heard.length >= 5);
    expect(c.heard[2]).toEqual({ result: null, id: 3 });
    expect(c.heard[3]).toMatchObject({ error: { code: 2 }, id: 4 });
    expect(c.heard[4]).toMatchObject({ error: { code: 2 }, id: 5 });
    await new Promise((r) => setTimeout(r, 1000));
    c.ws.send('{not json');
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 6 });
    await until(() => c.heard.length >= 7);
    expect(c.heard[5]).toMatchObject({ error: { code: 3 } });
    expect(c.heard[6]).toEqual({ result: ['btcusdt@trade'], id: 6 });
    // A trade reaches the raw stream with Binance's fields.
    const [a, b] = users as [number, number];
    await app.spot.place(a, {
      symbol: 'btcusdt',
      side: 'sell',
      type: 'limit',
      price: '96600.00',
      quantity: '0.01000',
    });
    await app.spot.place(b, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '96600.00',
      quantity: '0.01000',
    });
    await until(() => c.heard.some((m) => m.e === 'trade'));
    expect(c.heard.find((m) => m.e === 'trade')).toMatchObject({
      s: 'BTCUSDT',
      // The buy takes the best ask, wherever the first test left it.
      p: expect.stringMatching(/^\d+\.\d{2}$/),
      q: '0.01000',
      m: false,
      M: true,
    });
    // Past five messages in a second the connection is dropped.
    const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)));
    for (let i = 0; i < 7; i++) c.send({ method: 'LIST_SUBSCRIPTIONS', id: 10 + i });
    expect(await closed).toBe(1008);
  });

  it("serves combined streams on /stream and keeps the public feed's /ws/{id}", async () => {
    const c = await socket(`${wsBase}/stream?streams=btcusdt@depth10/btcusdt@bookTicker`);
    const [a] = users as [number];
    await app.spot.place(a, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '96000.00',
      quantity: '0.01000',
    });
    await until(() => c.heard.some((m) => m.stream === 'btcusdt@bookTicker'));
    expect(c.heard.find((m) => m.stream === 'btcusdt@bookTicker').data).toMatchObject({ s: 'BTCUSDT' });
    c.ws.close();
    const feed = await socket(`${wsBase}/ws/abc`);
    feed.send({ event: 'ping' });
    await until(() => feed.heard.length > 0);
    expect(feed.heard[0]).toMatchObject({ event: 'PONG' });
    feed.ws.close();
  });

  it("works with CCXT pro's watchOrderBook, watchTrades and watchTicker", async () => {
    const exchange = ccxtSpot(base);
    await exchange.loadMarkets();
    // CCXT opens a plain ws:// URL only through an http agent, which it loads on this call.
    await exchange.loadHttpProxyAgent();
    try {
      // CCXT asks for the REST snapshot on the first diff event, so the book must move while it watches.
      const book = await meanwhile(exchange.watchOrderBook('BTC/USDT'), () =>
        app.spot.place(users[0]!, {
          symbol: 'btcusdt',
          side: 'buy',
          type: 'limit',
          price: '95000.00',
          quantity: '0.00100',
        }),
      );
      const local = await depth('symbol=BTCUSDT&limit=5000');
      // CCXT's book, kept from the diffs after its snapshot, is the REST book once both are at the same id.
      if (book.nonce === local.lastUpdateId)
        expect(book.bids.slice(0, 3).map(([p]) => p)).toEqual(local.bids.slice(0, 3).map(([p]) => Number(p)));
      expect(book.symbol).toBe('BTC/USDT');
      expect(book.bids.length + book.asks.length).toBeGreaterThan(0);
      const rest = await exchange.fetchOrderBook('BTC/USDT');
      expect(rest.nonce).toBeGreaterThan(0);
      const ticker = await exchange.watchTicker('BTC/USDT');
      expect(ticker.symbol).toBe('BTC/USDT');
      const [a, b] = users as [number, number];
      const cross = async () => {
        await app.spot.place(a, {
          symbol: 'btcusdt',
          side: 'sell',
          type: 'limit',
          price: '96700.00',
          quantity: '0.01000',
        });
        await app.spot.place(b, {
          symbol: 'btcusdt',
          side: 'buy',
          type: 'limit',
          price: '96700.00',
          quantity: '0.01000',
        });
      };
      const got = await meanwhile(exchange.watchTrades('BTC/USDT'), cross);
      expect(got[0]!.price).toBeGreaterThan(0);
      expect(got[0]).toMatchObject({
        symbol: 'BTC/USDT',
        amount: 0.01,
      });
    } finally {
      await exchange.close();
    }
  });
});
