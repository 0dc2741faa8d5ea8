import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, parseUnits } from '../../../src/lib/money/units.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import type { Db } from '../../storage/db.ts';
import { newInviteCode, newUid } from '../../user/tokens.ts';
import { findUserBy } from '../../user/user.repo.ts';
import type { Exchange } from '../exchange.ts';
import { ASSET_SCALE, type Market } from '../market.ts';
import { RandomWalk } from './random-walk.ts';

export interface MarketMakerOptions {
  intervalMs: number;
  /** A URL with {SYMBOL} (e.g. BTCUSDT) answering JSON with a `price` field; the random walk when absent. */
  priceFeedUrl?: string;
  levels?: number;
}

const FUNDING_QUOTE = 50_000_000n; // USDT per market for the maker, in whole units
const MAKER = 'market_maker';

/** A bot's decimal for an order field; the service parses it exactly like a user's. */
function fixed(x: number, scale: number): string {
  return Math.max(x, 0).toFixed(scale);
}
const TAKER = 'market_taker';

/**
 * The built-in market makers. A maker account quotes `levels` orders on each side around a reference price and
 * requotes as the price moves; a second account now and then takes liquidity so trades print and charts move
 * (two accounts, because self-trade prevention would cancel one account trading with itself). They trade
 * through the same runner, engine and ledger as users; their funds come in through the ledger like deposits.
 */
export class MarketMakers {
  private readonly walks = new Map<string, RandomWalk>();
  /** Where each market was last quoted around, and how many ticks ago. */
  private readonly quoted = new Map<string, { ref: number; age: number }>();
  private timer: NodeJS.Timeout | undefined;
  private makerId = 0;
  private takerId = 0;
  private ticking = false;
  private readonly db: Db;
  private readonly exchange: Exchange;
  private readonly log: FastifyBaseLogger;
  private readonly opts: MarketMakerOptions;

  constructor(db: Db, exchange: Exchange, log: FastifyBaseLogger, opts: MarketMakerOptions) {
    this.db = db;
    this.exchange = exchange;
    this.log = log;
    this.opts = opts;
  }

  async start(): Promise<void> {
    this.makerId = await this.account(MAKER);
    this.takerId = await this.account(TAKER);
    for (const m of this.exchange.markets.values()) {
      const last = this.exchange.ticker(m.symbol).close;
      this.walks.set(m.symbol, new RandomWalk(Number(formatUnits(last, m.priceScale)), { volatility: m.market === 'mt5' ? 0.0001 : 0.0003 }));
      if (m.market === 'spot') await this.fund(m);
    }
    if (this.opts.intervalMs > 0) this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The bot's user, created on first start with a password hash nothing can match: it never logs in. */
  private async account(username: string): Promise<number> {
    const existing = await findUserBy(this.db, 'username', username);
    if (existing) return existing.id;
    const now = Date.now();
    const row = await this.db.get<{ id: bigint }>(
      "INSERT INTO users (uid, username, password_hash, invite_code, role, created_at, updated_at) VALUES (?, ?, '!', ?, 'bot', ?, ?) RETURNING id",
      [newUid(), username, newInviteCode(), now, now],
    );
    return Number(row!.id);
  }

  /** Tops the bots up to working balances, as deposits from outside. */
  private async fund(m: Market): Promise<void> {
    const price = Number(formatUnits(this.exchange.ticker(m.symbol).close, m.priceScale)) || 1;
    const wantQuote = FUNDING_QUOTE * 10n ** BigInt(ASSET_SCALE);
    const wantBase = parseUnits((Number(FUNDING_QUOTE) / price).toFixed(8), ASSET_SCALE);
    for (const [owner, asset, want] of [
      [this.makerId, m.quote, wantQuote],
      [this.makerId, m.base, wantBase.ok ? wantBase.value : 0n],
      [this.takerId, m.quote, wantQuote / 10n],
      [this.takerId, m.base, wantBase.ok ? wantBase.value / 10n : 0n],
    ] as const) {
      const have = await balanceOf(this.db, owner, ACCOUNT.spot, asset);
      const missing = want - have.available - have.frozen;
      if (missing > want / 4n) {
        await this.db.tx((q) => post(q, [
          { owner: null, type: ACCOUNT.external, asset, available: -missing },
          { owner, type: ACCOUNT.spot, asset, available: missing },
        ], { billType: 'bot_funding', refType: 'market_maker', refId: m.symbol }));
      }
    }
  }

  private async reference(m: Market, walk: RandomWalk): Promise<number> {
    if (this.opts.priceFeedUrl) {
      try {
        const res = await fetch(this.opts.priceFeedUrl.replace('{SYMBOL}', m.symbol.toUpperCase()), { signal: AbortSignal.timeout(2000) });
        const price = Number(((await res.json()) as { price?: unknown }).price);
        if (Number.isFinite(price) && price > 0) walk.follow(price);
      } catch (err) {
        this.log.debug({ err, market: m.symbol }, 'price feed unavailable; walking on');
      }
    }
    return walk.step();
  }

  /** One round over every market; the timer calls it every interval. */
  async tick(): Promise<void> {
    if (this.ticking) return; // a slow database: skip a beat rather than pile up
    this.ticking = true;
    try {
      await Promise.all([...this.exchange.markets.values()].map((m) => this.quoteMarket(m).catch((err: unknown) => this.log.warn({ err, market: m.symbol }, 'market maker tick failed'))));
    } finally {
      this.ticking = false;
    }
  }

  private async quoteMarket(m: Market): Promise<void> {
    const walk = this.walks.get(m.symbol)!;
    const ref = await this.reference(m, walk);
    const tick = Number(formatUnits(m.tick, m.priceScale));
    if (m.market === 'mt5') {
      const parsed = parseUnits(fixed(ref, m.priceScale), m.priceScale);
      if (parsed.ok) await this.exchange.quote(m.symbol, parsed.value);
      return;
    }
    const levels = this.opts.levels ?? 5;
    // Requote only when the price has walked away from the quotes (or they grew old): every requote is ten rows.
    const last = this.quoted.get(m.symbol);
    const requote = !last || Math.abs(ref - last.ref) / last.ref > 0.0008 || last.age >= 15;
    if (last && !requote) last.age += 1;
    if (requote) await this.requote(m, walk, ref, tick, levels);
    if (walk.uniform() < 0.5) {
      const side = walk.uniform() < 0.5 ? 'buy' : 'sell';
      const spend = 20 + walk.uniform() * 300;
      await this.exchange
        .place(this.takerId, side === 'buy'
          ? { symbol: m.symbol, side, type: 'market', quoteAmount: fixed(spend, 2) }
          : { symbol: m.symbol, side, type: 'market', quantity: fixed(spend / ref, m.qtyScale) })
        .catch(() => undefined);
    }
    if (walk.uniform() < 0.02) await this.fund(m);
  }

  private async requote(m: Market, walk: RandomWalk, ref: number, tick: number, levels: number): Promise<void> {
    await this.exchange.cancelAll(this.makerId, m.symbol);
    const notionalPerLevel = 400 + walk.uniform() * 1600;
    // All levels go in together, so the runner writes them in one batch.
    const quotes: Array<Promise<unknown>> = [];
    for (let i = 0; i < levels; i++) {
      const offset = Math.max(tick, ref * (0.0004 + i * 0.0006));
      for (const side of ['buy', 'sell'] as const) {
        const price = Math.max(tick, side === 'buy' ? ref - offset : ref + offset);
        const quantity = Math.max(notionalPerLevel * (1 + i * 0.6) * (0.6 + walk.uniform() * 0.8) / price, Number(formatUnits(m.lot, m.qtyScale)));
        quotes.push(
          this.exchange
            .place(this.makerId, { symbol: m.symbol, side, type: 'limit', price: fixed(Math.round(price / tick) * tick, m.priceScale), quantity: fixed(quantity, m.qtyScale), timeInForce: 'GTC' })
            .catch(() => undefined), // a level the walk made invalid (below the minimum) is simply skipped
        );
      }
    }
    await Promise.all(quotes);
    this.quoted.set(m.symbol, { ref, age: 0 });
  }
}
