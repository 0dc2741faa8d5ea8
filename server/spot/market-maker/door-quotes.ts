import { createKey, listKeys, removeKey } from '../../api-keys/api-keys.service.ts';
import type { SecretSeal } from '../../api-keys/secret-seal.ts';
import type { Clock } from '../../clock/clock.ts';
import type { Db } from '../../storage/db.ts';
import type { Market } from '../market.ts';
import { BinanceClient } from './binance-client.ts';
import type { QuoteTransport } from './market-maker.ts';

/** The label of the maker's own key: the one made at each start replaces the last start's. */
const KEY_LABEL = 'built-in market maker';

interface DoorQuotesOptions {
  db: Db;
  clock: Clock;
  seal: SecretSeal;
  /** The platform's own listening address, `http://127.0.0.1:8080`. */
  baseUrl: string;
}

/**
 * The maker quotes through the Binance door over HTTP like any operator's bot: it gets a key with the trade
 * permission, made through the API-key service at each start (the secret lives only in this process's memory; an
 * earlier start's key is removed first, so keys do not pile up), and places and cancels with signed calls.
 */
export async function doorQuotes(opts: DoorQuotesOptions, makerId: number): Promise<QuoteTransport> {
  const { records } = await listKeys(opts.db, makerId, 1, 100);
  for (const k of records) if (k.label === KEY_LABEL) await removeKey(opts.db, makerId, k.id);
  const key = await createKey(opts.db, opts.clock, opts.seal, makerId, {
    label: KEY_LABEL,
    permissions: ['read', 'trade'],
    ipList: [],
  });
  const client = new BinanceClient({
    baseUrl: opts.baseUrl,
    apiKey: key.apiKey,
    secret: key.secret,
    now: () => opts.clock.now(),
  });
  let sequence = 0;
  // The door counts new orders per account, 100 in any 10 s (server/binance/spot/order-count.ts); the maker paces
  // itself below that, as a bot honouring X-MBX-ORDER-COUNT-10S does.
  const sent: number[] = [];
  const WINDOW_MS = 10_000;
  const BUDGET = 90;
  // Binance's symbols are the market's in capitals (developers.binance.com, "General API Information").
  const symbolOf = (m: Market) => m.symbol.toUpperCase();
  return {
    cancelAll: async (m) => {
      await client.cancelOpenOrders(symbolOf(m));
    },
    room: () => {
      const since = opts.clock.now() - WINDOW_MS;
      while (sent.length && sent[0]! <= since) sent.shift();
      return BUDGET - sent.length;
    },
    placeLimit: async (m, q) => {
      sent.push(opts.clock.now());
      await client.newLimitOrder({
        symbol: symbolOf(m),
        side: q.side === 'buy' ? 'BUY' : 'SELL',
        price: q.price,
        quantity: q.quantity,
        // Binance's pattern ^[.A-Z:/a-z0-9_-]{1,36}$; the time keeps ids unique across restarts.
        newClientOrderId: `mm_${opts.clock.now().toString(36)}_${(sequence++).toString(36)}`,
      });
    },
  };
}
