import type { FastifyBaseLogger } from 'fastify';
import { ASSET_SCALE, formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { TradingCore } from '../../core/core.ts';
import { postFunds } from '../../core/funds.ts';
import type { Cancel } from '../../clock/clock.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { Db } from '../../storage/db.ts';
import { newInviteCode, newUid } from '../../user/tokens.ts';
import { findUserBy, insertUser } from '../../user/user.repo.ts';
import type { MarketData } from '../../market-data/market-data.ts';
import type { SpotService } from '../spot.service.ts';
import type { Market } from '../market.ts';
import type { PriceIndex } from '../../prices/price-index.ts';
import { prng } from '../../prices/random-walk.ts';
import { Ladder, LEVELS, levelOffsetBps, type TierName, tierLevels } from '../../bots/ladder.ts';

/**
 * How the maker's quotes reach the books. In production it is the Binance door over HTTP with the maker's own API
 * key (door-quotes.ts), as an operator's bot would quote; a unit test may hand it the in-process service instead.
 */
export interface QuoteTransport {
  cancelAll(m: Market): Promise<void>;
  /** Cancels orders it placed, by the handles `placeLimit` gave; one already gone (filled) is no error. */
  cancel(m: Market, handles: string[]): Promise<void>;
  /** A GTC limit order, resolving with its handle; a refusal rejects (the maker skips that level). */
  placeLimit(m: Market, q: { side: 'buy' | 'sell'; price: string; quantity: string }): Promise<string>;
  /** How many new orders it may send now without being refused for its rate (absent: no limit). */
  room?(): number;
}

/** The in-process transport: the spot service called directly, as the maker's user. */
export function serviceQuotes(spot: SpotService, makerId: number): QuoteTransport {
  return {
    cancelAll: async (m) => {
      await spot.cancelAll(makerId, m.symbol);
    },
    cancel: async (_m, handles) => {
      await Promise.all(handles.map((h) => spot.cancel(makerId, Number(h)).catch(() => undefined)));
    },
    placeLimit: async (m, q) =>
      String((await spot.place(makerId, { symbol: m.symbol, type: 'limit', timeInForce: 'GTC', ...q })).id),
  };
}

interface MarketMakerOptions {
  /** The maker account's transport, made at start once the account exists; the in-process service when absent. */
  quotes?: (makerId: number) => Promise<QuoteTransport>;
  /** How often they look at their quotes, as a leased job (one process quotes); 0: only when tick() is called. */
  intervalMs: number;
  jobs?: Scheduler;
  /** Levels a side, 20 unless told (a test may ask for fewer). */
  levels?: number;
  /** Seeds the makers' own dice (sizes, sides), so a test can repeat a run. */
  seed?: number;
}

const FUNDING_QUOTE = 50_000_000n; // USDT per market for the maker, in whole units
const MAKER = 'market_maker';

/** A bot's decimal for an order field; the service parses it exactly like a user's. */
function fixed(x: number, scale: number): string {
  return Math.max(x, 0).toFixed(scale);
}
const TAKER = 'market_taker';

/**
 * The built-in market makers. A maker account quotes a ladder of 20 levels a side around a reference price, the inner
 * levels following the price and the outer ones moved only when it has walked far (server/bots/ladder.ts); a second
 * account now and then takes liquidity so trades print and charts move (two accounts, because self-trade prevention
 * would cancel one account trading with itself). They trade through the same runner, engine and ledger as users; their
 * funds come in through the ledger like deposits.
 */
export class MarketMakers {
  /** Each market's ladder as last quoted (server/bots/ladder.ts). */
  private readonly ladders = new Map<string, Ladder>();
  private stopTicking: Cancel | undefined;
  private makerId = 0;
  private takerId = 0;
  private transport: QuoteTransport | undefined;
  private ticking = false;
  private readonly db: Db;
  private readonly core: TradingCore;
  private readonly spot: SpotService;
  private readonly marketData: MarketData;
  private readonly log: FastifyBaseLogger;
  private readonly opts: MarketMakerOptions;
  private readonly prices: PriceIndex;
  private readonly uniform: () => number;

  constructor(
    db: Db,
    core: TradingCore,
    spot: SpotService,
    marketData: MarketData,
    prices: PriceIndex,
    log: FastifyBaseLogger,
    opts: MarketMakerOptions,
  ) {
    this.db = db;
    this.core = core;
    this.spot = spot;
    this.marketData = marketData;
    this.prices = prices;
    this.log = log;
    this.opts = opts;
    this.uniform = prng(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  }

  async start(): Promise<void> {
    this.makerId = await this.account(MAKER);
    this.takerId = await this.account(TAKER);
    this.transport = this.opts.quotes ? await this.opts.quotes(this.makerId) : serviceQuotes(this.spot, this.makerId);
    for (const m of this.spot.markets.values()) if (m.market === 'spot') await this.fund(m);
    if (this.opts.intervalMs > 0) {
      if (!this.opts.jobs) throw new Error('market makers with an interval need the scheduler');
      // Quoting is about now: periods missed while no process ran are not made up.
      this.stopTicking = this.opts.jobs.lease({
        name: 'market-makers',
        everyMs: this.opts.intervalMs,
        catchUp: 0,
        run: () => this.tick(),
      });
    }
  }

  stop(): void {
    this.stopTicking?.();
  }

  /** The bot's user, created on first start with a password hash nothing can match: it never logs in. */
  private async account(username: string): Promise<number> {
    const existing = await findUserBy(this.db, 'username', username);
    if (existing) return existing.id;
    const bot = await insertUser(
      this.db,
      {
        uid: newUid(),
        username,
        email: null,
        phone: null,
        countryCode: null,
        passwordHash: '!',
        inviteCode: newInviteCode(),
        inviterId: null,
        role: 'bot',
      },
      Date.now(),
    );
    return bot.id;
  }

  /** Tops the bots up to working balances, as deposits from outside. */
  private async fund(m: Market): Promise<void> {
    const price = Number(formatUnits(this.marketData.ticker(m.symbol).close, m.priceScale)) || 1;
    const wantQuote = FUNDING_QUOTE * 10n ** BigInt(ASSET_SCALE);
    const wantBase = parseUnits((Number(FUNDING_QUOTE) / price).toFixed(8), ASSET_SCALE);
    for (const [owner, asset, want] of [
      [this.makerId, m.quote, wantQuote],
      [this.makerId, m.base, wantBase.ok ? wantBase.value : 0n],
      [this.takerId, m.quote, wantQuote / 10n],
      [this.takerId, m.base, wantBase.ok ? wantBase.value / 10n : 0n],
    ] as const) {
      const have = this.core.risk.balance(owner, ACCOUNT.spot, asset);
      const missing = want - have.available - have.held;
      if (missing > want / 4n) {
        await this.core.submit(postFunds, {
          lines: [
            { owner: null, type: ACCOUNT.external, asset, available: -missing },
            { owner, type: ACCOUNT.spot, asset, available: missing },
          ],
          meta: { billType: 'bot_funding', refType: 'market_maker', refId: m.symbol },
        });
      }
    }
  }

  /** One round over every market; the leased job calls it every interval. */
  async tick(): Promise<void> {
    if (this.ticking) return; // a slow database: skip a beat rather than pile up
    this.ticking = true;
    try {
      // One market after another, the inner tiers first and the outer ones after all of them: a tier checks the
      // door's room for its orders and then sends them, and markets quoting side by side would all see the same
      // room and overrun it (-1015). On the first start, when every ladder is due, the inner quotes come first.
      const outer: Array<() => Promise<void>> = [];
      for (const m of this.spot.markets.values())
        await this.quoteMarket(m, outer).catch((err: unknown) =>
          this.log.warn({ err, market: m.symbol }, 'market maker tick failed'),
        );
      for (const requote of outer) await requote().catch((err: unknown) => this.log.warn({ err }, 'requote failed'));
    } finally {
      this.ticking = false;
    }
  }

  /** Quotes the market's inner tier if due and leaves its outer tier, if due, in `outer` for after every market. */
  private async quoteMarket(m: Market, outer: Array<() => Promise<void>>): Promise<void> {
    // The makers quote around the index (the demo walk, or the external feeds), never around their own trades.
    const index = this.prices.get(m.symbol);
    if (!index) return;
    const ref = Number(formatUnits(index.price, m.priceScale));
    const tick = Number(formatUnits(m.tick, m.priceScale));
    if (m.market === 'mt5') {
      const parsed = parseUnits(fixed(ref, m.priceScale), m.priceScale);
      if (parsed.ok) await this.marketData.quote(m.symbol, parsed.value);
      return;
    }
    let ladder = this.ladders.get(m.symbol);
    if (!ladder) {
      // Quotes an earlier process left have no handles here: they go before the first ladder.
      await this.quotes().cancelAll(m);
      this.ladders.set(m.symbol, (ladder = new Ladder()));
    }
    for (const tier of ladder.due(ref)) {
      const requote = () => this.requote(m, ref, tick, ladder, tier);
      if (tier === 'inner') await requote();
      else outer.push(requote);
    }
    if (this.uniform() < 0.5) {
      const side = this.uniform() < 0.5 ? 'buy' : 'sell';
      const spend = 20 + this.uniform() * 300;
      await this.spot
        .place(
          this.takerId,
          side === 'buy'
            ? { symbol: m.symbol, side, type: 'market', quoteAmount: fixed(spend, 2) }
            : { symbol: m.symbol, side, type: 'market', quantity: fixed(spend / ref, m.qtyScale) },
        )
        .catch(() => undefined);
    }
    if (this.uniform() < 0.02) await this.fund(m);
  }

  private quotes(): QuoteTransport {
    if (!this.transport) throw new Error('market makers quote only once started');
    return this.transport;
  }

  /** Quotes one tier of the ladder again around `ref`: its earlier orders cancelled, its levels placed. */
  private async requote(m: Market, ref: number, tick: number, ladder: Ladder, name: TierName): Promise<void> {
    const transport = this.quotes();
    const [from, to] = tierLevels(name);
    // A tier goes in whole or waits for the next tick, so a rate limit never leaves a book one-sided.
    if (transport.room && transport.room() < (to - from) * 2) return;
    const earlier = ladder.tiers[name];
    if (earlier) await transport.cancel(m, earlier.handles);
    delete ladder.tiers[name];
    const notionalPerLevel = 400 + this.uniform() * 1600;
    // All levels go in together, so the runner writes them in one batch.
    const quotes: Array<Promise<string | undefined>> = [];
    for (let i = from; i < (this.opts.levels ?? LEVELS) && i < to; i++) {
      const offset = Math.max(tick, (ref * levelOffsetBps(i)) / 10_000);
      for (const side of ['buy', 'sell'] as const) {
        const price = Math.max(tick, side === 'buy' ? ref - offset : ref + offset);
        const quantity = Math.max(
          (notionalPerLevel * (1 + i * 0.6) * (0.6 + this.uniform() * 0.8)) / price,
          Number(formatUnits(m.lot, m.qtyScale)),
        );
        quotes.push(
          transport
            .placeLimit(m, {
              side,
              price: fixed(Math.round(price / tick) * tick, m.priceScale),
              quantity: fixed(quantity, m.qtyScale),
            })
            .catch(() => undefined), // a level the walk made invalid (below the minimum) is simply skipped
        );
      }
    }
    const handles = (await Promise.all(quotes)).filter((h): h is string => h !== undefined);
    ladder.tiers[name] = { ref, age: 0, handles };
  }
}
