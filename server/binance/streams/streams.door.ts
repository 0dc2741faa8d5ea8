import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { MarketTradesMessage } from '../../feeds/public/market-events.ts';
import { sendTo } from '../../feeds/public/feed-topics.ts';
import type { Market } from '../../spot/market.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door } from '../door.ts';
import { combinedFrame, isListenKey, userStreamGate } from '../user-stream/user-stream.socket.ts';
import { BookIds, type BookChanges, type NumberedLevels } from './book-ids.ts';
import * as e from './depth.endpoints.ts';
import { aggTradeEvent, klineEvent, level, miniTickerEvent, tickerEvent, tradeEvent } from './payloads.ts';
import { StreamHub, type StreamConn } from './stream-hub.ts';
import { FAST_MS, parseStream, SLOW_MS, type Stream } from './stream-names.ts';
import { answer, MAX_MESSAGES_PER_SECOND, MAX_STREAMS_PER_CONNECTION, type StreamControl } from './stream-session.ts';

/** The server pings every connection this often and drops one that has not ponged for a minute (Binance's rule). */
const PING_MS = 20_000;
const PONG_WAIT_MS = 60_000;
const PARTIAL_LEVELS = [5, 10, 20];

/**
 * Binance's market streams (developers.binance.com, "WebSocket Streams") and the REST book they are numbered
 * with, `GET /api/v3/depth`. Streams hear of the books and trades on the bus only (`market.*.book`,
 * `market.*.trades`, published by server/market-data), as the public feed does.
 */
export function streamsDoor({ route, ctx }: Door): void {
  const { app, marketData, bus, clock, jobs } = ctx;
  const books = new BookIds((symbol) => marketData.depth(symbol, e.MAX_DEPTH_LIMIT), [FAST_MS, SLOW_MS]);
  const hub = new StreamHub();
  const spotMarket = (symbol: string): Market | undefined => {
    const m = marketData.markets.get(symbol.toLowerCase());
    return m?.market === 'spot' ? m : undefined;
  };
  const levels = (m: Market, n: NumberedLevels) => ({
    lastUpdateId: n.id,
    bids: n.bids.map(([p, q]) => level(m, p, q)),
    asks: n.asks.map(([p, q]) => level(m, p, q)),
  });

  route(e.depth, async ({ params }) => {
    if (!params.symbol)
      throw new BinanceError(400, -1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.");
    const m = spotMarket(params.symbol);
    if (!m) throw new BinanceError(400, -1121, 'Invalid symbol.');
    const limit = params.limit === undefined ? e.DEFAULT_DEPTH_LIMIT : Number(params.limit);
    if (!/^[0-9]{1,20}$/.test(params.limit ?? '1') || limit < 1)
      throw new BinanceError(400, -1100, "Illegal characters found in parameter 'limit'; legal range is '1..5000'.");
    // Binance truncates a larger limit to 5000 (developers.binance.com, "Order book").
    return levels(m, books.snapshot(m.symbol, Math.min(limit, e.MAX_DEPTH_LIMIT)));
  });

  const control: StreamControl = {
    check(name) {
      const stream = parseStream(name);
      if (!stream) return 'invalid stream name';
      if (!('symbol' in stream)) return stream;
      const m = marketData.markets.get(stream.symbol);
      if (!m) return 'unknown symbol';
      const needsBook = ['diff', 'partial', 'bookTicker'].includes(stream.kind);
      return needsBook && m.market !== 'spot' ? 'no order book for this symbol' : stream;
    },
    follow: (conn, name, stream) => {
      // A book followed from now on is numbered from now on, so its first diff follows a snapshot's id.
      if ('symbol' in stream && spotMarket(stream.symbol)) books.sync(stream.symbol);
      hub.follow(conn, name, stream);
    },
    leave: (conn, name) => hub.leave(conn, name),
  };

  const conns = new Set<StreamConn & { heard: number; second: number; count: number }>();
  const open = (socket: WebSocket, combined: boolean, names: string[]) => {
    const conn = {
      socket,
      combined,
      streams: new Set<string>(),
      heard: clock.now(),
      second: 0,
      count: 0,
    };
    const checked = names.map((n) => control.check(n));
    const bad = checked.findIndex((x) => typeof x === 'string');
    if (bad >= 0 || names.length > MAX_STREAMS_PER_CONNECTION)
      return socket.close(1008, bad >= 0 ? `Invalid stream: ${names[bad]}` : 'too many streams');
    conns.add(conn);
    names.forEach((n, i) => control.follow(conn, n, checked[i] as Stream));
    // Binance counts every incoming message, pings and pongs too, and drops a connection past 5 a second.
    const counted = () => {
      const second = Math.floor(clock.now() / 1000);
      if (second !== conn.second) Object.assign(conn, { second, count: 0 });
      if (++conn.count > MAX_MESSAGES_PER_SECOND) {
        socket.close(1008, 'Too many messages');
        return false;
      }
      return true;
    };
    socket.on('message', (raw: Buffer) => {
      if (counted()) sendTo(socket, JSON.stringify(answer(conn, String(raw), control)));
    });
    socket.on('ping', counted);
    socket.on('pong', () => {
      conn.heard = clock.now();
      counted();
    });
    socket.on('close', () => {
      conns.delete(conn);
      for (const n of [...conn.streams]) hub.leave(conn, n);
    });
  };

  // The public feed (server/feeds/public/public-feed.ts) answers `/ws/{id}`, its id a random word of the site's
  // (src/lib/feed/public-feed.ts: eight base-36 characters). Binance's stream names all hold an '@' (`btcusdt@trade`,
  // `!ticker@arr`), CCXT opens its connections as `/ws/0`, `/ws/1`… (a number up to its 1024 streams), and a listen
  // key is 60 letters and digits (developers.binance.com, "User Data Streams": `/ws/<listenKey>`); none of them is
  // a site id. This route takes just those, by a regular-expression parameter, which find-my-way tries before the
  // feed's plain one, so the feed keeps every other id. A number opens a bare connection, as `/ws` does; a listen
  // key is checked before the upgrade (-1125 as an HTTP answer when not live). `/stream` is Binance's alone, and
  // a listen key among its streams is heard in the combined frame; it is not one of the connection's SUBSCRIBE
  // streams (LIST_SUBSCRIPTIONS leaves it out).
  const ws = { websocket: true, schema: { hide: true } } as const;
  const users = userStreamGate(ctx);
  const pathOf = (req: FastifyRequest) => (req.params as { stream: string }).stream;
  const namesOf = (req: FastifyRequest) =>
    ((req.query as { streams?: string }).streams ?? '').split('/').filter(Boolean);
  app.get(
    '/ws/:stream(^(?:[0-9]{1,4}|[^@]+@.+|[A-Za-z0-9]{60})$)',
    {
      ...ws,
      preValidation: (req, reply) => users.check(req, reply, isListenKey(pathOf(req)) ? [pathOf(req)] : []),
    },
    (socket, req) => {
      const path = pathOf(req);
      if (isListenKey(path)) return users.attach(req, socket);
      open(socket, false, /^[0-9]+$/.test(path) ? [] : [path]);
    },
  );
  app.get('/ws', ws, (socket) => open(socket, false, []));
  app.get(
    '/stream',
    {
      ...ws,
      preValidation: (req, reply) => users.check(req, reply, namesOf(req).filter(isListenKey)),
    },
    (socket, req) => {
      const names = namesOf(req);
      open(
        socket,
        true,
        names.filter((n) => !isListenKey(n)),
      );
      users.attach(req, socket, combinedFrame);
    },
  );

  const offBook = bus.subscribe('market.*.book', (msg) => {
    const m = spotMarket((msg as { symbol: string }).symbol);
    if (m) books.syncNumbered(m.symbol);
  });
  const offTrades = bus.subscribe('market.*.trades', (msg) => {
    const { symbol, trades } = msg as MarketTradesMessage;
    const m = marketData.markets.get(symbol);
    if (!m) return;
    const now = clock.now();
    for (const t of trades) {
      hub.publish(`${symbol}@trade`, () => tradeEvent(m, t, now));
      hub.publish(`${symbol}@aggTrade`, () => aggTradeEvent(m, t, now));
    }
    for (const [name, s] of hub.entries())
      if (s.kind === 'kline' && s.symbol === symbol) {
        const last = marketData.series(symbol).last(s.interval);
        if (last) hub.publish(name, () => klineEvent(m, s.interval, last, now));
      }
  });

  const sendBooks = (ms: number) => {
    const suffix = ms === FAST_MS ? '@100ms' : '';
    const now = clock.now();
    for (const [symbol, run] of books.take(ms)) {
      const m = spotMarket(symbol)!;
      hub.publish(`${symbol}@depth${suffix}`, () => diffEvent(m, run, now));
      for (const n of PARTIAL_LEVELS)
        hub.publish(`${symbol}@depth${n}${suffix}`, () => levels(m, books.levels(symbol, n)!));
      if (ms === FAST_MS)
        hub.publish(`${symbol}@bookTicker`, () => {
          const top = levels(m, books.levels(symbol, 1)!);
          return {
            u: top.lastUpdateId,
            s: symbol.toUpperCase(),
            b: top.bids[0]?.[0] ?? '0',
            B: top.bids[0]?.[1] ?? '0',
            a: top.asks[0]?.[0] ?? '0',
            A: top.asks[0]?.[1] ?? '0',
          };
        });
    }
  };
  const ticker = (m: Market, now: number) => {
    const top = books.levels(m.symbol, 1);
    const best = top ? levels(m, top) : undefined;
    return tickerEvent(m, marketData.ticker(m.symbol, now), { b: best?.bids[0], a: best?.asks[0] }, now);
  };
  const sendTickers = () => {
    const now = clock.now();
    const all = [...marketData.markets.values()];
    for (const [name, s] of hub.entries()) {
      if (s.kind === 'miniTicker' || s.kind === 'ticker') {
        const m = marketData.markets.get(s.symbol)!;
        hub.publish(name, () =>
          s.kind === 'ticker' ? ticker(m, now) : miniTickerEvent(m, marketData.ticker(m.symbol, now), now),
        );
      }
      if (s.kind === 'allMiniTickers')
        hub.publish(name, () => all.map((m) => miniTickerEvent(m, marketData.ticker(m.symbol, now), now)));
      if (s.kind === 'allTickers') hub.publish(name, () => all.map((m) => ticker(m, now)));
    }
  };

  const stops = [
    jobs.local('binance.depth.fast', FAST_MS, () => sendBooks(FAST_MS)),
    jobs.local('binance.depth.slow', SLOW_MS, () => {
      sendBooks(SLOW_MS);
      sendTickers();
    }),
    jobs.local('binance.ping', PING_MS, () => {
      const now = clock.now();
      for (const c of conns)
        if (now - c.heard > PONG_WAIT_MS) c.socket.terminate();
        else if (c.socket.readyState === c.socket.OPEN) c.socket.ping();
    }),
  ];
  app.addHook('onClose', async () => {
    offBook();
    offTrades();
    for (const stop of stops) stop();
    for (const c of conns) c.socket.close(1001, 'server shutting down');
  });
}

/** A diff depth event (developers.binance.com, "Diff. Depth Stream"): absolute quantities, 0 removes a level. */
function diffEvent(m: Market, run: BookChanges, now: number) {
  const side = (changes: Map<number, number>) => [...changes].map(([p, q]) => level(m, p, q));
  return {
    e: 'depthUpdate',
    E: now,
    s: m.symbol.toUpperCase(),
    U: run.U,
    u: run.u,
    b: side(run.bids),
    a: side(run.asks),
  };
}
