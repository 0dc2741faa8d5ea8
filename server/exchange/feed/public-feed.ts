import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { FEED_TOPICS, topicKey, type FeedCommand, type FeedMessage, type FeedSubscription } from '../../../src/lib/contract/feed.ts';
import { KLINE_INTERVALS } from '../../../src/lib/contract/spot.ts';
import { parseUnits } from '../../../src/lib/money/units.ts';
import type { Exchange } from '../exchange.ts';
import type { Market } from '../market.ts';
import { groupedDepth, kline, percentChange, priceInfo, publicTrade } from '../views.ts';

const MAX_SUBSCRIPTIONS = 50;
/** A client that lets more than this pile up unsent is too slow to follow the market and is cut off. */
export const SLOW_CONSUMER_BYTES = 1 << 20;
const DEPTH_INTERVAL_MS = 100;
const DETAIL_INTERVAL_MS = 1000;
const HEARTBEAT_MS = 15_000;

interface Topic {
  sub: FeedSubscription;
  market?: Market;
  step?: bigint;
  sockets: Set<WebSocket>;
}

/**
 * The public market feed `/ws/{id}`. Topics are shared: a message is serialised once per publish and written to
 * every subscriber. Depth goes out at most ten times a second per book, tickers once a second, trades and
 * candles as they happen.
 */
export async function publicFeed(app: FastifyInstance, exchange: Exchange): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const topics = new Map<string, Topic>();
  const dirtyBooks = new Set<string>();
  let tickersChanged = true;

  const send = (socket: WebSocket, data: string | Buffer) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
      socket.close(4008, 'slow consumer');
      return;
    }
    socket.send(data, { binary: false });
  };
  /** Serialised and encoded once for all of a topic's subscribers; each socket only frames and writes it. */
  const publish = (key: string, message: () => FeedMessage) => {
    const topic = topics.get(key);
    if (!topic?.sockets.size) return;
    const data = Buffer.from(JSON.stringify({ ...message(), ts: Date.now() }));
    for (const socket of topic.sockets) send(socket, data);
  };

  const snapshot = (t: Topic): FeedMessage => {
    const m = t.market!;
    switch (t.sub.topic) {
      case 'detail':
        return { event: 'DETAIL', symbol: m.symbol, data: priceInfo(m, exchange.ticker(m.symbol)) };
      case 'kline': {
        const last = exchange.series(m.symbol).last(t.sub.interval!);
        return { event: 'KLINE', symbol: m.symbol, interval: t.sub.interval!, data: last ? kline(m, last) : [0, '0', '0', '0', '0', '0', '0', 0] };
      }
      case 'trade':
        return { event: 'TRADE', symbol: m.symbol, data: exchange.recentTrades(m.symbol).slice(-50).map((x) => publicTrade(m, x)).reverse() };
      case 'depth': {
        const book = exchange.runner(m.symbol).engine.depth(1000);
        return { event: 'DEPTH', symbol: m.symbol, step: t.sub.step ?? '', data: groupedDepth(m, book.bids, book.asks, t.step!, 50) };
      }
      default:
        return allSymbols();
    }
  };
  const allSymbols = (): FeedMessage => ({
    event: 'ALL_SYMBOL_DETAIL',
    data: [...exchange.markets.values()].map((m) => {
      const t = exchange.ticker(m.symbol);
      return { symbolName: m.symbol, close: priceInfo(m, t).close, zdf: percentChange(t.open, t.close), amount: priceInfo(m, t).volume24 };
    }),
  });

  /** Checks a subscription; answers the topic it belongs to, or why it cannot be had. */
  const resolve = (cmd: FeedSubscription): Topic | string => {
    if (!FEED_TOPICS.includes(cmd.topic)) return 'unknown topic';
    if (cmd.topic === 'all_symbol_detail') return { sub: { topic: cmd.topic }, sockets: new Set() };
    const market = typeof cmd.symbol === 'string' ? exchange.markets.get(cmd.symbol.toLowerCase()) : undefined;
    if (!market) return 'unknown symbol';
    if (cmd.topic === 'kline' && !KLINE_INTERVALS.includes(cmd.interval!)) return 'unknown interval';
    let step: bigint | undefined;
    if (cmd.topic === 'depth') {
      if (market.market !== 'spot') return 'no order book for this symbol';
      if (cmd.step === undefined) step = market.tick;
      else {
        const parsed = parseUnits(cmd.step, market.priceScale);
        if (!parsed.ok || parsed.value <= 0n || parsed.value % market.tick !== 0n) return 'invalid step';
        step = parsed.value;
      }
    }
    const sub: FeedSubscription = { topic: cmd.topic, symbol: market.symbol, ...(cmd.topic === 'kline' ? { interval: cmd.interval } : {}), ...(cmd.topic === 'depth' && cmd.step ? { step: cmd.step } : {}) };
    return { sub, market, step, sockets: new Set() };
  };

  app.get('/ws/:id', { websocket: true, schema: { hide: true } }, (socket) => {
    const mine = new Set<string>();
    const reply = (m: FeedMessage) => send(socket, JSON.stringify(m));
    socket.on('message', (raw) => {
      let cmd: FeedCommand;
      try {
        cmd = JSON.parse(String(raw));
      } catch {
        return reply({ event: 'ERROR', msg: 'malformed JSON' });
      }
      if (cmd?.event === 'ping') return reply({ event: 'PONG', ts: Date.now() });
      if (cmd?.event !== 'subscribe' && cmd?.event !== 'unsubscribe') return reply({ event: 'ERROR', msg: 'unknown event' });
      const found = resolve(cmd);
      if (typeof found === 'string') return reply({ event: 'ERROR', msg: found });
      const key = topicKey(found.sub);
      if (cmd.event === 'unsubscribe') {
        topics.get(key)?.sockets.delete(socket);
        mine.delete(key);
        return;
      }
      if (!mine.has(key) && mine.size >= MAX_SUBSCRIPTIONS) return reply({ event: 'ERROR', msg: 'too many subscriptions' });
      let topic = topics.get(key);
      if (!topic) topics.set(key, (topic = found));
      topic.sockets.add(socket);
      mine.add(key);
      reply(snapshot(topic));
    });
    socket.on('close', () => {
      for (const key of mine) topics.get(key)?.sockets.delete(socket);
    });
  });

  exchange.on('book', (m) => dirtyBooks.add(m.symbol));
  exchange.on('trades', (m, trades) => {
    tickersChanged = true;
    const data = trades.filter((t) => t.quantity > 0n).map((t) => publicTrade(m, t)).reverse();
    if (data.length) publish(topicKey({ topic: 'trade', symbol: m.symbol }), () => ({ event: 'TRADE', symbol: m.symbol, data }));
    for (const interval of KLINE_INTERVALS) {
      const key = topicKey({ topic: 'kline', symbol: m.symbol, interval });
      if (topics.get(key)?.sockets.size) publish(key, () => snapshot(topics.get(key)!));
    }
  });

  const depthTimer = setInterval(() => {
    if (!dirtyBooks.size) return;
    for (const topic of topics.values()) {
      if (topic.sub.topic === 'depth' && dirtyBooks.has(topic.market!.symbol) && topic.sockets.size) publish(topicKey(topic.sub), () => snapshot(topic));
    }
    dirtyBooks.clear();
  }, DEPTH_INTERVAL_MS);
  const detailTimer = setInterval(() => {
    if (!tickersChanged) return;
    tickersChanged = false;
    for (const topic of topics.values()) {
      if (topic.sub.topic === 'detail' || topic.sub.topic === 'all_symbol_detail') publish(topicKey(topic.sub), () => snapshot(topic));
    }
  }, DETAIL_INTERVAL_MS);
  const heartbeatTimer = setInterval(() => {
    const data = JSON.stringify({ event: 'HEARTBEAT', ts: Date.now() } satisfies FeedMessage);
    for (const client of app.websocketServer.clients) send(client, data);
  }, HEARTBEAT_MS);
  app.addHook('onClose', async () => {
    clearInterval(depthTimer);
    clearInterval(detailTimer);
    clearInterval(heartbeatTimer);
    for (const client of app.websocketServer.clients) client.close(1001, 'server shutting down');
  });
}
