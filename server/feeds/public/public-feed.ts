import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { FeatureContext } from '../../feature.ts';
import {
  FEED_TOPICS,
  topicKey,
  type FeedCommand,
  type FeedMessage,
  type FeedSubscription,
} from '../../../isomorphic/contract/feed.ts';
import { KLINE_INTERVALS } from '../../../isomorphic/contract/spot.ts';
import { depthStep, type Market } from '../../spot/market.ts';
import { ConnectionCap, FeedTopics, MAX_SOCKET_MESSAGE_BYTES, sendTo as send } from './feed-topics.ts';
import type { MarketBookMessage, MarketTradesMessage } from './market-events.ts';
import { groupedDepth, kline, percentChange, priceInfo, publicTrade } from '../../spot/views.ts';

/** Limits of the public feed: subscriptions per connection, connections per client address. */
const MAX_SUBSCRIPTIONS = 50;
export const MAX_CONNECTIONS_PER_ADDRESS = 20;
/** The largest command the feed reads; a longer one closes the socket (1009). */
const MAX_COMMAND_BYTES = 4096;
const DEPTH_INTERVAL_MS = 100;
const DETAIL_INTERVAL_MS = 1000;
export const HEARTBEAT_MS = 15_000;

interface Topic {
  sub: FeedSubscription;
  market?: Market;
  step?: bigint;
  sockets: Set<WebSocket>;
}

/** What the feed holds open, for the server to report: live topics and connections per address. */
interface PublicFeedState {
  topics: FeedTopics<Topic>;
  connections: ConnectionCap;
}

function publicFeedState(): PublicFeedState {
  return { topics: new FeedTopics<Topic>(), connections: new ConnectionCap(MAX_CONNECTIONS_PER_ADDRESS) };
}

declare module 'fastify' {
  interface FastifyInstance {
    publicFeed: PublicFeedState;
  }
}

/**
 * The websocket plugin every feed answers on (this one, the private feed, STOMP), installed server-wide before any
 * of them, and the public feed's state for the server to report.
 */
export async function feedSockets({ app }: FeatureContext): Promise<void> {
  await installSockets(app);
}

/** The websocket plugin and the public feed's state, on the whole server and on an edge (server/cluster/edge.ts). */
export async function installSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_SOCKET_MESSAGE_BYTES } });
  app.decorate('publicFeed', publicFeedState());
}

/**
 * The public market feed `/ws/{id}`. Topics are shared: a message is serialised once per publish and written to
 * every subscriber. It hears of trades and book changes on the bus only (`market.*.trades`, `market.*.book`);
 * depth goes out at most ten times a second per book, tickers once a second (both local jobs), trades and
 * candles as they happen.
 */
export async function publicFeed(
  app: FastifyInstance,
  { marketData }: Pick<FeatureContext, 'marketData'>,
): Promise<void> {
  const { topics, connections } = app.publicFeed;
  const dirtyBooks = new Set<string>();
  let tickersChanged = true;
  /** This feed's sockets: the server's other sockets (private feed, STOMP) get no public heartbeat. */
  const clients = new Set<WebSocket>();
  /** Serialised and encoded once for all of a topic's subscribers; each socket only frames and writes it. */
  const publish = (key: string, message: () => FeedMessage) => {
    const topic = topics.get(key);
    if (!topic?.sockets.size) return;
    const data = Buffer.from(JSON.stringify({ ...message(), ts: app.clock.now() }));
    for (const socket of topic.sockets) send(socket, data);
  };

  const snapshot = (t: Topic): FeedMessage => {
    const m = t.market!;
    switch (t.sub.topic) {
      case 'detail':
        return { event: 'DETAIL', symbol: m.symbol, data: priceInfo(m, marketData.ticker(m.symbol)) };
      case 'kline': {
        const last = marketData.series(m.symbol).last(t.sub.interval!);
        return {
          event: 'KLINE',
          symbol: m.symbol,
          interval: t.sub.interval!,
          data: last ? kline(m, last) : [0, '0', '0', '0', '0', '0', '0', 0],
        };
      }
      case 'trade':
        return {
          event: 'TRADE',
          symbol: m.symbol,
          data: marketData
            .recentTrades(m.symbol)
            .slice(-50)
            .map((x) => publicTrade(m, x))
            .reverse(),
        };
      case 'depth': {
        const book = marketData.depth(m.symbol, 1000);
        return {
          event: 'DEPTH',
          symbol: m.symbol,
          step: t.sub.step ?? '',
          data: groupedDepth(m, book.bids, book.asks, t.step!, 50),
        };
      }
      case 'perpetual':
        return { event: 'PERPETUAL', symbol: t.sub.symbol!, data: marketData.contracts.book(t.sub.symbol!)! };
      default:
        return allSymbols();
    }
  };
  const allSymbols = (): FeedMessage => ({
    event: 'ALL_SYMBOL_DETAIL',
    data: [
      ...[...marketData.markets.values()].map((m) => {
        const t = marketData.ticker(m.symbol);
        return {
          symbolName: m.symbol,
          close: priceInfo(m, t).close,
          zdf: percentChange(t.open, t.close),
          amount: priceInfo(m, t).volume24,
        };
      }),
      // Perpetual contracts: their 24-hour turnover in the margin asset.
      ...marketData.contracts
        .entries()
        .map((e) => ({ symbolName: e.symbol, close: e.close, zdf: e.zdf, amount: e.turnover })),
    ],
  });

  /** Checks a subscription; answers the topic it belongs to, or why it cannot be had. */
  const resolve = (cmd: FeedSubscription): Topic | string => {
    if (!FEED_TOPICS.includes(cmd.topic)) return 'unknown topic';
    if (cmd.topic === 'all_symbol_detail') return { sub: { topic: cmd.topic }, sockets: new Set() };
    if (cmd.topic === 'perpetual') {
      const symbol = typeof cmd.symbol === 'string' ? cmd.symbol.toLowerCase() : '';
      return marketData.contracts.book(symbol)
        ? { sub: { topic: 'perpetual', symbol }, sockets: new Set() }
        : 'unknown symbol';
    }
    const market = typeof cmd.symbol === 'string' ? marketData.markets.get(cmd.symbol.toLowerCase()) : undefined;
    if (!market) return 'unknown symbol';
    if (cmd.topic === 'kline' && !KLINE_INTERVALS.includes(cmd.interval!)) return 'unknown interval';
    let step: bigint | undefined;
    if (cmd.topic === 'depth') {
      if (market.market !== 'spot') return 'no order book for this symbol';
      step = cmd.step === undefined || typeof cmd.step === 'string' ? depthStep(market, cmd.step) : undefined;
      if (step === undefined) return 'invalid step';
    }
    const sub: FeedSubscription = {
      topic: cmd.topic,
      symbol: market.symbol,
      ...(cmd.topic === 'kline' ? { interval: cmd.interval } : {}),
      ...(cmd.topic === 'depth' && cmd.step ? { step: cmd.step } : {}),
    };
    return { sub, market, step, sockets: new Set() };
  };

  app.get('/ws/:id', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const address = req.ip;
    if (!connections.admit(address)) return socket.close(1008, 'too many connections');
    clients.add(socket);
    const mine = new Set<string>();
    const reply = (m: FeedMessage) => send(socket, JSON.stringify(m));
    socket.on('message', (raw: Buffer) => {
      if (raw.length > MAX_COMMAND_BYTES) return socket.close(1009, 'command too large');
      let cmd: FeedCommand;
      try {
        cmd = JSON.parse(String(raw));
      } catch {
        return reply({ event: 'ERROR', msg: 'malformed JSON' });
      }
      if (cmd?.event === 'ping') return reply({ event: 'PONG', ts: app.clock.now() });
      if (cmd?.event !== 'subscribe' && cmd?.event !== 'unsubscribe')
        return reply({ event: 'ERROR', msg: 'unknown event' });
      const found = resolve(cmd);
      if (typeof found === 'string') return reply({ event: 'ERROR', msg: found });
      const key = topicKey(found.sub);
      if (cmd.event === 'unsubscribe') {
        topics.leave(key, socket);
        mine.delete(key);
        return;
      }
      if (!mine.has(key) && mine.size >= MAX_SUBSCRIPTIONS)
        return reply({ event: 'ERROR', msg: 'too many subscriptions' });
      const topic = topics.join(key, found, socket);
      mine.add(key);
      reply(snapshot(topic));
    });
    socket.on('close', () => {
      clients.delete(socket);
      connections.release(address);
      for (const key of mine) topics.leave(key, socket);
    });
  });

  const offBook = app.bus.subscribe('market.*.book', (message) =>
    dirtyBooks.add((message as MarketBookMessage).symbol),
  );
  const offTrades = app.bus.subscribe('market.*.trades', (message) => {
    const { symbol, trades } = message as MarketTradesMessage;
    // A contract's trade (server/perpetual) moves the all-symbol tickers only; its own topics are the perpetual
    // screens'.
    tickersChanged = true;
    if (!marketData.markets.has(symbol)) return;
    if (trades.length)
      publish(topicKey({ topic: 'trade', symbol }), () => ({ event: 'TRADE', symbol, data: [...trades].reverse() }));
    for (const interval of KLINE_INTERVALS) {
      const key = topicKey({ topic: 'kline', symbol, interval });
      if (topics.get(key)?.sockets.size) publish(key, () => snapshot(topics.get(key)!));
    }
  });

  const jobs = [
    app.jobs.local('feed.depth', DEPTH_INTERVAL_MS, () => {
      if (!dirtyBooks.size) return;
      for (const topic of topics.values()) {
        const symbol =
          topic.sub.topic === 'depth'
            ? topic.market!.symbol
            : topic.sub.topic === 'perpetual'
              ? topic.sub.symbol!
              : undefined;
        if (symbol !== undefined && dirtyBooks.has(symbol) && topic.sockets.size)
          publish(topicKey(topic.sub), () => snapshot(topic));
      }
      dirtyBooks.clear();
    }),
    app.jobs.local('feed.detail', DETAIL_INTERVAL_MS, () => {
      if (!tickersChanged) return;
      tickersChanged = false;
      for (const topic of topics.values()) {
        if (topic.sub.topic === 'detail' || topic.sub.topic === 'all_symbol_detail')
          publish(topicKey(topic.sub), () => snapshot(topic));
      }
    }),
    app.jobs.local('feed.heartbeat', HEARTBEAT_MS, () => {
      const data = JSON.stringify({ event: 'HEARTBEAT', ts: app.clock.now() } satisfies FeedMessage);
      for (const client of clients) send(client, data);
    }),
  ];
  app.addHook('onClose', async () => {
    offBook();
    offTrades();
    for (const stop of jobs) stop();
    for (const client of clients) client.close(1001, 'server shutting down');
  });
}
