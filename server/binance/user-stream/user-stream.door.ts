import { readSigned } from '../../api-keys/signature.ts';
import { BinanceError } from '../binance-error.ts';
import type { Door, DoorCall } from '../door.ts';
import { closeKey, keepAlive, openKey } from './listen-keys.ts';
import type { StreamProduct } from './listen-keys.repo.ts';
import * as e from './user-stream.endpoints.ts';
import { mountFuturesUserStream } from './futures-socket.ts';

/** The key's owner: USER_STREAM calls always carry one (the door checked the API key). */
const ownerOf = (call: DoorCall) => call.signed!.user.id;

/**
 * The call's `listenKey`, query string over form body. Read here because the door hands key-only calls the
 * verified key's (empty) parameters rather than the request's.
 */
function listenKeyOf({ req }: DoorCall, product: StreamProduct): string | undefined {
  const url = req.raw.url ?? '';
  const at = url.indexOf('?');
  const body = typeof req.body === 'string' ? req.body : '';
  const key = readSigned(at < 0 ? '' : url.slice(at + 1), body).params.listenKey;
  // Spot's keepalive and close name the key; futures' name none, as a user has one (developers.binance.com).
  if (product === 'spot' && !key)
    throw new BinanceError(400, -1102, "Mandatory parameter 'listenKey' was not sent, was empty/null, or malformed.");
  return key || undefined;
}

/**
 * Binance's user data streams: listen keys made, kept alive and closed over REST, and the socket that hears the
 * key's user. The socket is Binance's `/ws/<listenKey>` (or a key among `/stream?streams=`), served by the market
 * streams' routes (streams.door.ts, through userStreamGate in user-stream.socket.ts).
 */
export function userStreamDoor({ route, ctx }: Door): void {
  const { db, clock } = ctx;
  const product = (p: StreamProduct, open: typeof e.spotOpen, alive: typeof e.spotOpen, close: typeof e.spotOpen) => {
    route(open, async (call) => ({
      listenKey: await openKey(db, clock, ownerOf(call), p),
    }));
    route(alive, async (call) => {
      await keepAlive(db, clock, ownerOf(call), p, listenKeyOf(call, p));
      return {};
    });
    route(close, async (call) => {
      await closeKey(db, clock, ownerOf(call), p, listenKeyOf(call, p));
      return {};
    });
  };
  product('spot', e.spotOpen, e.spotKeepAlive, e.spotClose);
  product('futures', e.futuresOpen, e.futuresKeepAlive, e.futuresClose);
  mountFuturesUserStream(ctx.app, ctx);
}
