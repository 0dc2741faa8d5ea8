import type { FastifyBaseLogger } from 'fastify';
import type { TradingCore } from '../core/core.ts';
import { postFunds } from '../core/funds.ts';
import type { Cancel } from '../clock/clock.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { prng } from '../prices/random-walk.ts';
import type { Db } from '../storage/db.ts';
import { findUserBy } from '../user/user.repo.ts';
import type { Contract } from './contracts.ts';
import type { PerpBook } from './perp-book.ts';
import { cancelPerpOrder, placePerpOrder } from './perp-orders.ts';
import { setLeverage } from './perp-positions.ts';
import { fillValue, notional } from './position-math.ts';
import { pow10 } from './rounding.ts';
import { Ladder, LEVELS, levelOffsetBps, type TierName, tierLevels } from '../bots/ladder.ts';

/** What the bots keep in their contract accounts, per margin asset, in whole units. */
const FUNDS: Record<string, bigint> = { USDT: 50_000_000n, BTC: 500n, ETH: 10_000n };
/** The maker's position stops growing on a side past this share of its account (it quotes only the other side). */
const MAX_EXPOSURE_PERCENT = 20n;
const LEVERAGE = 5;

/**
 * How the maker's quotes reach a book. In production the USDT-margined books are quoted through the Binance door's
 * `/fapi/v1` over HTTP with the maker account's own key (server/bots/perpetual-quotes.ts); coin-margined books have no
 * door (Binance serves them on dapi, which Lumex does not), so they are quoted in process through the core's commands.
 */
export interface PerpQuoteTransport {
  cancelAll(c: Contract): Promise<void>;
  /** Cancels orders it placed, by the handles `placeLimit` gave; one already gone (filled) is no error. */
  cancel(c: Contract, handles: string[]): Promise<void>;
  /** A GTC limit order in the contract's units, resolving with its handle; a refusal rejects (the level is skipped). */
  placeLimit(c: Contract, q: { side: 'buy' | 'sell'; price: bigint; quantity: bigint }): Promise<string>;
  /** How many new orders it may send now without being refused for its rate (absent: no limit). */
  room?(): number;
}

/** The in-process transport: the core's order commands, as the maker's user. */
export function corePerpQuotes(core: TradingCore, makerId: number): PerpQuoteTransport {
  const book = () => core.part<PerpBook>('perpetual');
  return {
    cancelAll: async (c) => {
      await Promise.all(
        book()
          .userOrders(makerId)
          .filter((o) => o.symbol === c.symbol)
          .map((o) => core.submit(cancelPerpOrder, { userId: makerId, orderId: o.id }).catch(() => undefined)),
      );
    },
    cancel: async (_c, handles) => {
      await Promise.all(
        handles.map((h) =>
          core.submit(cancelPerpOrder, { userId: makerId, orderId: Number(h) }).catch(() => undefined),
        ),
      );
    },
    placeLimit: async (c, q) => {
      const placed = await core.submit(placePerpOrder, {
        symbol: c.symbol,
        userId: makerId,
        side: q.side,
        kind: 'limit',
        tif: 'GTC',
        price: q.price,
        quantity: q.quantity,
        reduceOnly: false,
        closePosition: false,
        source: 'user',
      });
      return String(placed.id);
    },
  };
}

interface PerpMakerOptions {
  /** The maker's transport for the USDT-margined books, made at start; the core's commands when absent. */
  linearQuotes?: (makerId: number) => Promise<PerpQuoteTransport>;
  intervalMs: number;
  jobs?: Scheduler;
  /** Levels a side, 20 unless told (a test may ask for fewer). */
  levels?: number;
  seed?: number;
}

/**
 * The built-in market makers of the perpetual books, beside the spot ones (server/spot/market-maker): the same
 * two bot accounts, funded in their contract accounts from outside as deposits are. The maker quotes a ladder of 20
 * limit orders each side of the index, the inner ones following it and the outer ones moved only when it has walked
 * far (server/bots/ladder.ts): around the mark, a book swept by one account would
 * drag the mark, the quotes after it, and the mark again. The taker now and then sends a small market order,
 * so trades print and funding has a book to sample. The maker quotes the USDT-margined books as an API client
 * (PerpQuoteTransport) and stops adding to a side once its position there is a fifth of its account.
 */
export class PerpMakers {
  /** Each contract's ladder as last quoted. */
  private readonly ladders = new Map<string, Ladder>();
  private makerId = 0;
  private takerId = 0;
  private inProcess: PerpQuoteTransport | undefined;
  private linear: PerpQuoteTransport | undefined;
  private stopTicking: Cancel | undefined;
  private ticking = false;
  private readonly db: Db;
  private readonly core: TradingCore;
  private readonly log: FastifyBaseLogger;
  private readonly opts: PerpMakerOptions;
  private readonly uniform: () => number;

  constructor(db: Db, core: TradingCore, log: FastifyBaseLogger, opts: PerpMakerOptions) {
    this.db = db;
    this.core = core;
    this.log = log;
    this.opts = opts;
    this.uniform = prng(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  }

  private get book(): PerpBook {
    return this.core.part<PerpBook>('perpetual');
  }

  /** Uses the spot makers' bot accounts (they must have started first), funds them, sets the maker's leverage. */
  async start(): Promise<void> {
    const maker = await findUserBy(this.db, 'username', 'market_maker');
    const taker = await findUserBy(this.db, 'username', 'market_taker');
    if (!maker || !taker)
      throw new Error('the perpetual market makers use the spot makers’ accounts: start those first');
    this.makerId = maker.id;
    this.takerId = taker.id;
    this.inProcess = corePerpQuotes(this.core, this.makerId);
    this.linear = this.opts.linearQuotes ? await this.opts.linearQuotes(this.makerId) : this.inProcess;
    for (const [asset, whole] of Object.entries(FUNDS)) await this.fund(asset, whole * pow10(8));
    for (const c of this.book.contracts.values()) {
      if (this.book.position(this.makerId, c.symbol)?.leverage !== LEVERAGE)
        await this.core
          .submit(setLeverage, { userId: this.makerId, symbol: c.symbol, leverage: LEVERAGE, mode: 'cross' })
          .catch(() => undefined);
    }
    if (this.opts.intervalMs > 0) {
      if (!this.opts.jobs) throw new Error('perpetual market makers with an interval need the scheduler');
      this.stopTicking = this.opts.jobs.lease({
        name: 'perpetual-makers',
        everyMs: this.opts.intervalMs,
        catchUp: 0,
        run: () => this.tick(),
      });
    }
  }

  stop(): void {
    this.stopTicking?.();
  }

  private async fund(asset: string, want: bigint): Promise<void> {
    for (const [owner, amount] of [
      [this.makerId, want],
      [this.takerId, want / 10n],
    ] as const) {
      const have = this.core.risk.balance(owner, ACCOUNT.contract, asset);
      const missing = amount - have.available - have.held;
      if (missing <= amount / 4n) continue;
      await this.core.submit(postFunds, {
        lines: [
          { owner: null, type: ACCOUNT.external, asset, available: -missing },
          { owner, type: ACCOUNT.contract, asset, available: missing },
        ],
        meta: { billType: 'bot_funding', refType: 'market_maker', refId: `perpetual:${asset}` },
      });
    }
  }

  /** One round over every contract with an index. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await Promise.all(
        [...this.book.contracts.values()].map((c) =>
          this.quote(c).catch((err: unknown) =>
            this.log.warn({ err, contract: c.symbol }, 'perpetual market maker tick failed'),
          ),
        ),
      );
    } finally {
      this.ticking = false;
    }
  }

  private async quote(c: Contract): Promise<void> {
    const index = this.book.prices(c.symbol).index;
    if (index === undefined) return;
    let ladder = this.ladders.get(c.symbol);
    if (!ladder) {
      // Quotes an earlier process left have no handles here: they go before the first ladder.
      await this.transportOf(c).cancelAll(c);
      this.ladders.set(c.symbol, (ladder = new Ladder()));
    }
    for (const tier of ladder.due(Number(index))) await this.requote(c, index, ladder, tier);
    if (this.uniform() < 0.5) {
      // A taker's market order of a few hundred USD of value.
      const lots = this.lotsFor(c, index, 50 + this.uniform() * 400);
      await this.core
        .submit(placePerpOrder, {
          symbol: c.symbol,
          userId: this.takerId,
          side: this.uniform() < 0.5 ? 'buy' : 'sell',
          kind: 'market',
          tif: 'IOC',
          price: 0n,
          quantity: lots,
          reduceOnly: false,
          closePosition: false,
          source: 'user',
        })
        .catch(() => undefined);
    }
  }

  /** Lots (or whole contracts) worth about `usd` at `price`. */
  private lotsFor(c: Contract, price: bigint, usd: number): bigint {
    if (c.kind === 'inverse') return BigInt(Math.max(1, Math.round(usd / Number(c.contractSize))));
    const unit = fillValue(c, 1n, price);
    return BigInt(Math.max(1, Math.round((usd * 1e8) / Number(unit))));
  }

  private transportOf(c: Contract): PerpQuoteTransport {
    const transport = c.kind === 'linear' ? this.linear : this.inProcess;
    if (!transport) throw new Error('perpetual market makers quote only once started');
    return transport;
  }

  /** Quotes one tier of the ladder again around the index: its earlier orders cancelled, its levels placed. */
  private async requote(c: Contract, index: bigint, ladder: Ladder, name: TierName): Promise<void> {
    const transport = this.transportOf(c);
    const [from, to] = tierLevels(name);
    // A whole tier or nothing this tick: half of one after a cancel would leave the book thin on one side.
    if (transport.room && transport.room() < (to - from) * 2) return;
    const earlier = ladder.tiers[name];
    if (earlier) await transport.cancel(c, earlier.handles);
    delete ladder.tiers[name];
    const position = this.book.position(this.makerId, c.symbol);
    const account = (FUNDS[c.marginAsset] ?? 0n) * pow10(8);
    const exposure = position && position.qty !== 0n ? notional(c, position.qty, index) : 0n;
    const full = exposure * 100n > account * MAX_EXPOSURE_PERCENT;
    const quotes: Array<Promise<string>> = [];
    for (let i = from; i < (this.opts.levels ?? LEVELS) && i < to; i++) {
      const offset = (index * BigInt(levelOffsetBps(i))) / 10_000n || 1n;
      for (const side of ['buy', 'sell'] as const) {
        // A maker long past its limit quotes no more bids (and a short no more asks).
        if (full && (side === 'buy') === position!.qty > 0n) continue;
        const price = side === 'buy' ? index - offset : index + offset;
        const quantity = this.lotsFor(c, index, (500 + this.uniform() * 2_000) * (1 + i * 0.6));
        quotes.push(transport.placeLimit(c, { side, price, quantity }));
      }
    }
    // A refused level is skipped; a whole tier refused (a removed key, a door that is down) is worth a warning.
    const settled = await Promise.allSettled(quotes);
    const refused = settled.filter((r) => r.status === 'rejected');
    if (refused.length && refused.length === quotes.length)
      this.log.warn({ err: refused[0]!.reason, contract: c.symbol }, 'perpetual market maker: every quote refused');
    const handles = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    ladder.tiers[name] = { ref: Number(index), age: 0, handles };
  }
}
