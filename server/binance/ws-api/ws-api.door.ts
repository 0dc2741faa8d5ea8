import type { WebSocket } from 'ws';
import { verifySigned } from '../../api-keys/api-keys.service.ts';
import { loadSecretSeal } from '../../api-keys/secret-seal.ts';
import { sendTo } from '../../feeds/public/feed-topics.ts';
import { SpotOrdersStream } from '../user-stream/spot-orders-stream.ts';
import { followSpotUser } from '../user-stream/user-stream.socket.ts';
import { BinanceError, toBinance } from '../binance-error.ts';
import type { Door } from '../door.ts';
import { readRequest, signedQuery, type WsApiRequest } from './ws-api-request.ts';

/** A session holds at most this many live subscriptions (developers.binance.com, "User Data Stream requests"). */
const MAX_SUBSCRIPTIONS = 1000;

interface Subscription {
  userId: number;
  stop: () => void;
}

/**
 * A minimal Binance WebSocket API at `/ws-api/v3` (developers.binance.com, "WebSocket API"): `ping`, `time`,
 * `userDataStream.subscribe.signature` and `userDataStream.unsubscribe`, which is what CCXT's spot watchOrders,
 * watchBalance and watchMyTrades use. Answers are `{id, status, result}`, refusals `{id, status, error:{code,
 * msg}}`, and a subscription's events `{subscriptionId, event}`. A signed request is checked by the REST door's
 * rule (verifySigned): the key, the signature of the sorted parameters (hex HMAC-SHA256, or base64 Ed25519 for an
 * Ed25519 key), the timing, the key's read permission, and a signature used once only.
 */
export async function wsApiDoor({ ctx }: Door): Promise<void> {
  const { app, db, clock, config } = ctx;
  const seal = await loadSecretSeal(db, config.apiKeySealKey);

  const session = (socket: WebSocket, ip: string) => {
    const subscriptions = new Map<number, Subscription>();
    let nextId = 0;
    const answer = (id: WsApiRequest['id'], result: object) =>
      sendTo(socket, JSON.stringify({ id, status: 200, result }));

    const subscribe = async ({ params }: WsApiRequest) => {
      const { user } = await verifySigned(db, clock, seal, config.apiKeyRatePerMinute, {
        apiKey: params.apiKey,
        ip,
        rawQuery: signedQuery(params),
        rawBody: undefined,
        needs: 'read',
      });
      // One subscription per account and connection (developers.binance.com, "User Data Stream subscription").
      if ([...subscriptions.values()].some((s) => s.userId === user.id))
        throw new BinanceError(400, -1000, 'This account already has a subscription on this connection.');
      if (subscriptions.size >= MAX_SUBSCRIPTIONS) throw new BinanceError(400, -1000, 'Too many subscriptions.');
      const spot = new SpotOrdersStream(db, ctx.markets, user.id);
      await spot.start();
      const subscriptionId = nextId++;
      const stop = followSpotUser(ctx, user.id, spot, (event) =>
        sendTo(socket, JSON.stringify({ subscriptionId, event })),
      );
      subscriptions.set(subscriptionId, { userId: user.id, stop });
      return { subscriptionId };
    };

    const unsubscribe = ({ params }: WsApiRequest) => {
      // Without a subscriptionId every subscription of the session ends.
      if (params.subscriptionId === undefined) {
        for (const s of subscriptions.values()) s.stop();
        subscriptions.clear();
        return {};
      }
      const id = Number(params.subscriptionId);
      const s = /^[0-9]{1,10}$/.test(params.subscriptionId) ? subscriptions.get(id) : undefined;
      if (!s) throw new BinanceError(400, -1000, 'Subscription not found.');
      s.stop();
      subscriptions.delete(id);
      return {};
    };

    const methods: Record<string, (r: WsApiRequest) => object | Promise<object>> = {
      ping: () => ({}),
      time: () => ({ serverTime: clock.now() }),
      'userDataStream.subscribe.signature': subscribe,
      'userDataStream.unsubscribe': unsubscribe,
    };

    // A session's requests are handled one at a time, in the order sent, so two subscriptions of one account
    // cannot both pass the check.
    let chain = Promise.resolve();
    const handle = async (raw: Buffer) => {
      const { id, request, error } = readRequest(String(raw));
      try {
        if (error) throw error;
        const method = Object.hasOwn(methods, request!.method) ? methods[request!.method] : undefined;
        if (!method) throw new BinanceError(400, -1000, `Unknown method '${request!.method}'.`);
        answer(id, await method(request!));
      } catch (err) {
        const e = toBinance(err, 'read');
        if (e.status >= 500) app.log.error({ err }, 'binance ws-api: unhandled error');
        sendTo(socket, JSON.stringify({ id, status: e.status, error: { code: e.code, msg: e.message } }));
      }
    };
    socket.on('message', (raw: Buffer) => {
      chain = chain.then(() => handle(raw));
    });
    socket.on('close', () => {
      for (const s of subscriptions.values()) s.stop();
    });
  };

  app.get('/ws-api/v3', { websocket: true, schema: { hide: true } }, (socket, req) => session(socket, req.ip));
}
