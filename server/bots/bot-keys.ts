import { createKey, listKeys, removeKey } from '../api-keys/api-keys.service.ts';
import type { SecretSeal } from '../api-keys/secret-seal.ts';
import type { Clock } from '../clock/clock.ts';
import type { Db } from '../storage/db.ts';
import { type BinanceApi, BinanceClient } from './binance-client.ts';

/** The label of a bot account's own key: the one made at each start replaces the last start's. */
export const BOT_KEY_LABEL = 'built-in market maker';

export interface BotKeysOptions {
  db: Db;
  clock: Clock;
  seal: SecretSeal;
  /** The platform's own listening address, `http://127.0.0.1:8080`. */
  baseUrl: string;
}

/**
 * The built-in bots' API keys. A bot account gets one key with the trade permission per start, made through the
 * API-key service as a user's is (an earlier start's key is removed first, so keys do not pile up); the secret lives
 * only in this process's memory. The spot and the perpetual makers of one account share its key, as one operator's
 * bot would, and each calls its own API with it.
 */
export class BotKeys {
  private readonly made = new Map<number, Promise<{ apiKey: string; secret: string }>>();
  private readonly opts: BotKeysOptions;

  constructor(opts: BotKeysOptions) {
    this.opts = opts;
  }

  async client(userId: number, api: BinanceApi): Promise<BinanceClient> {
    let key = this.made.get(userId);
    if (!key) this.made.set(userId, (key = this.make(userId)));
    const { apiKey, secret } = await key;
    return new BinanceClient({ baseUrl: this.opts.baseUrl, api, apiKey, secret, now: () => this.opts.clock.now() });
  }

  private async make(userId: number): Promise<{ apiKey: string; secret: string }> {
    const { db, clock, seal } = this.opts;
    const { records } = await listKeys(db, userId, 1, 100);
    for (const k of records) if (k.label === BOT_KEY_LABEL) await removeKey(db, userId, k.id);
    return createKey(db, clock, seal, userId, { label: BOT_KEY_LABEL, permissions: ['read', 'trade'], ipList: [] });
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
