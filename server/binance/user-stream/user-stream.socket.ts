import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { OwnCoin, OwnMove } from '../../../isomorphic/contract/private-feed.ts';
import type { FeatureContext } from '../../feature.ts';
import { sendTo } from '../../feeds/public/feed-topics.ts';
import { userTopics } from '../../feeds/topics.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { liveKey, type ListenKeyRow } from './listen-keys.repo.ts';
import { noSuchKey } from './listen-keys.ts';
import { SpotOrdersStream } from './spot-orders-stream.ts';
import { futuresSubscriptions, openFuturesStream, type FuturesOrdersStream } from './futures-events.ts';

/** A closed or expired key is noticed within this even when its expiry is further off (a DELETE). */
const KEY_CHECK_MS = 60_000;

/** A name that can be a listen key: 60 letters and digits, which no market stream name (`btcusdt@trade`) is. */
export function isListenKey(name: string): boolean {
  return /^[A-Za-z0-9]{60}$/.test(name);
}

/** How an event is written: as it is on `/ws/<listenKey>`, `{stream, data}` on a combined `/stream` socket. */
export type Frame = (listenKey: string, event: object) => string;
const raw: Frame = (_key, event) => JSON.stringify(event);
/** A combined stream's frame (developers.binance.com, "WebSocket Streams": `{"stream":…,"data":…}`). */
export const combinedFrame: Frame = (listenKey, event) => JSON.stringify({ stream: listenKey, data: event });

/**
 * A live key's stream, read up to now: what happens after this is what the socket will hear. A futures key's
 * stream has a futures part instead of a spot one.
 */
export interface UserStream {
  key: ListenKeyRow;
  spot: SpotOrdersStream | undefined;
  /** A futures key's part instead (ORDER_TRADE_UPDATE and ACCOUNT_UPDATE, futures-events.ts). */
  futures?: FuturesOrdersStream;
}

/** The stream of a live key, or undefined for an unknown, expired or closed one. */
export async function openUserStream(ctx: FeatureContext, listenKey: string): Promise<UserStream | undefined> {
  if (!isListenKey(listenKey)) return undefined;
  const key = await liveKey(ctx.db, listenKey, ctx.clock.now());
  if (!key) return undefined;
  if (key.product !== 'spot') return { key, spot: undefined, futures: await openFuturesStream(ctx, key.userId) };
  const spot = new SpotOrdersStream(ctx.db, ctx.markets, key.userId);
  await spot.start();
  return { key, spot };
}

/** Runs steps one at a time, in the order given: a note's reads finish before the next one's start. */
function serial(ctx: FeatureContext) {
  let chain = Promise.resolve();
  return (step: () => Promise<void> | void) => {
    chain = chain.then(step).catch((err: unknown) => {
      ctx.app.log.error({ err }, 'binance user stream: a change not told');
    });
  };
}

/**
 * Tells a user's spot events to `send` from now on, as Binance's user data stream does (developers.binance.com, spot
 * "User Data Streams"): `executionReport` per order step, `outboundAccountPosition` per balance change of the spot
 * account and `balanceUpdate` per change no order made (a deposit, a withdrawal, a transfer). It subscribes at once
 * (synchronously), so nothing after the call is missed; the result stops it. The listen-key socket and the WebSocket
 * API's subscription (server/binance/ws-api) both write through it.
 */
export function followSpotUser(
  ctx: FeatureContext,
  userId: number,
  spot: SpotOrdersStream,
  send: (event: object) => void,
  then = serial(ctx),
): () => void {
  const { bus, clock, core } = ctx;
  const offs = [
    bus.subscribe(userTopics.orders(userId), (note) =>
      then(async () => {
        // The note comes once the batch is journaled; orders and fills are read once they are in the tables.
        await core.settled();
        const symbol = (note as { symbol: string }).symbol;
        if (!ctx.markets.has(symbol)) return;
        for (const r of await spot.changed(symbol, clock.now())) send(r);
      }),
    ),
    bus.subscribe(userTopics.balance(userId), (coins) =>
      then(() => {
        const held = (coins as OwnCoin[]).filter((c) => c.type === ACCOUNT.spot);
        if (!held.length) return;
        const now = clock.now();
        send({
          e: 'outboundAccountPosition',
          E: now,
          u: now,
          B: held.map((c) => ({ a: c.coin, f: c.available, l: c.frozen })),
        });
      }),
    ),
    bus.subscribe(userTopics.moves(userId), (moves) =>
      then(() => {
        const now = clock.now();
        for (const m of moves as OwnMove[])
          if (m.type === ACCOUNT.spot) send({ e: 'balanceUpdate', E: now, a: m.coin, d: m.delta, T: m.at });
      }),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/**
 * Writes a listen key's events to the socket (followSpotUser for a spot key), and `listenKeyExpired` before the
 * socket closes once the key has expired or been closed.
 */
export function attachUserStream(ctx: FeatureContext, stream: UserStream, socket: WebSocket, frame: Frame = raw): void {
  const { clock, db } = ctx;
  const { userId, listenKey } = stream.key;
  const send = (event: object) => sendTo(socket, frame(listenKey, event));
  const then = serial(ctx);
  const stopSpot = stream.spot ? followSpotUser(ctx, userId, stream.spot, send, then) : () => {};
  const offs = stream.futures ? futuresSubscriptions(ctx, stream.futures, userId, send, then) : [];
  const stop = () => {
    stopSpot();
    for (const off of offs) off();
  };
  let cancel = () => {};
  const watch = (expiresAt: number) => {
    cancel = clock.after(Math.min(Math.max(expiresAt - clock.now(), 0), KEY_CHECK_MS), () =>
      then(async () => {
        const now = clock.now();
        const live = await liveKey(db, listenKey, now);
        if (live) return watch(live.expiresAt);
        send({ e: 'listenKeyExpired', E: now, listenKey });
        socket.close(1000, 'listenKey expired');
      }),
    );
  };
  watch(stream.key.expiresAt);
  socket.on('close', () => {
    cancel();
    stop();
  });
}

/**
 * The listen keys a socket's request names, opened before the upgrade: an unknown, expired or closed key gets
 * Binance's -1125 as an HTTP answer, and each live one's stream is attached once the socket is open, hearing
 * everything after the check. The market streams' routes use it for `/ws/<listenKey>` and `/stream?streams=`.
 */
export function userStreamGate(ctx: FeatureContext) {
  const opened = new WeakMap<FastifyRequest, UserStream[]>();
  return {
    async check(req: FastifyRequest, reply: FastifyReply, listenKeys: string[]): Promise<void> {
      const streams: UserStream[] = [];
      for (const listenKey of listenKeys) {
        const stream = await openUserStream(ctx, listenKey);
        if (!stream) {
          const err = noSuchKey();
          return reply.status(err.status).send({ code: err.code, msg: err.message });
        }
        streams.push(stream);
      }
      opened.set(req, streams);
    },
    attach(req: FastifyRequest, socket: WebSocket, frame: Frame = raw): void {
      for (const stream of opened.get(req) ?? []) attachUserStream(ctx, stream, socket, frame);
    },
  };
}
