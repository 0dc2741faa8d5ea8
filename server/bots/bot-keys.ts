import { createKey, listKeys, removeKey } from '../api-keys/api-keys.service.ts';
import type { SecretSeal } from '../api-keys/secret-seal.ts';
import type { Clock } from '../clock/clock.ts';
import type { Db } from '../storage/db.ts';
import { type BinanceApi, BinanceClient } from './binance-client.ts';

/** The labels of a bot account's own keys, one per API: the ones made at each start replace the last start's. */
export const BOT_KEY_LABEL = 'built-in market maker';
const labelOf = (api: BinanceApi) => `${BOT_KEY_LABEL} (${api})`;

export interface BotKeysOptions {
  db: Db;
  clock: Clock;
  seal: SecretSeal;
  /** The platform's own listening address, `http://127.0.0.1:8080`. */
  baseUrl: string;
}

/**
 * The built-in bots' API keys. A bot account gets one key with the trade permission per API per start, made through
 * the API-key service as a user's is (an earlier start's keys are removed first, so keys do not pile up); the secrets
 * live only in this process's memory. One key per API, not one per account: the door takes each signature once
 * across every path, and the spot and futures makers cancel a symbol's orders with the same parameters
 * (`symbol=BTCUSDT&timestamp=…`), so one key signing both in the same millisecond had its second call refused (-1022).
 */
export class BotKeys {
  private readonly made = new Map<string, Promise<{ apiKey: string; secret: string }>>();
  private readonly cleared = new Map<number, Promise<void>>();
  private readonly opts: BotKeysOptions;

  constructor(opts: BotKeysOptions) {
    this.opts = opts;
  }

  async client(userId: number, api: BinanceApi): Promise<BinanceClient> {
    let key = this.made.get(`${userId}:${api}`);
    if (!key) this.made.set(`${userId}:${api}`, (key = this.make(userId, api)));
    const { apiKey, secret } = await key;
    return new BinanceClient({ baseUrl: this.opts.baseUrl, api, apiKey, secret, now: () => this.opts.clock.now() });
  }

  private async make(userId: number, api: BinanceApi): Promise<{ apiKey: string; secret: string }> {
    const { db, clock, seal } = this.opts;
    let cleared = this.cleared.get(userId);
    if (!cleared) this.cleared.set(userId, (cleared = this.clear(userId)));
    await cleared;
    const made = await createKey(db, clock, seal, userId, {
      label: labelOf(api),
      type: 'HMAC',
      permissions: ['read', 'trade'],
      ipList: [],
    });
    return { apiKey: made.apiKey, secret: made.secret! };
  }

  /** Removes the keys an earlier start made for this account, once per start. */
  private async clear(userId: number): Promise<void> {
    const { records } = await listKeys(this.opts.db, userId, 1, 100);
    for (const k of records) if (k.label.startsWith(BOT_KEY_LABEL)) await removeKey(this.opts.db, userId, k.id);
  }
}

/**
 * A bot's own count of the new orders it sent in the last `windowMs`, so it stays under the door's order-count limit
 * (as a bot honouring X-MBX-ORDER-COUNT-10S does) instead of being refused with -1015.
 */
export class OrderPacer {
  private readonly sent: number[] = [];
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly budget: number;

  constructor(clock: Clock, windowMs: number, budget: number) {
    this.clock = clock;
    this.windowMs = windowMs;
    this.budget = budget;
  }

  /** How many new orders it may send now. */
  room(): number {
    const since = this.clock.now() - this.windowMs;
    while (this.sent.length && this.sent[0]! <= since) this.sent.shift();
    return this.budget - this.sent.length;
  }

  count(): void {
    this.sent.push(this.clock.now());
  }
}

/** Binance's client order id pattern `^[.A-Z:/a-z0-9_-]{1,36}$`; the time keeps ids unique across restarts. */
export function clientOrderIds(clock: Clock, prefix: string): () => string {
  let sequence = 0;
  return () => `${prefix}_${clock.now().toString(36)}_${(sequence++).toString(36)}`;
}
