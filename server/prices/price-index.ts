import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, parseUnits } from '../../isomorphic/money/units.ts';
import type { Bus } from '../bus/bus.ts';
import type { Cancel } from '../clock/clock.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Db } from '../storage/db.ts';
import { markPrice, nextBasisEma } from './mark-price.ts';
import { insertPriceRecords, latestPriceRecords, prunePriceRecords } from './prices.repo.ts';
import { RandomWalk } from './random-walk.ts';

/** Where an index price came from: external feeds (median), or the built-in walk of a demo install. */
export type IndexSource = 'feed' | 'walk';

export interface IndexPrice {
  /** At the market's price scale. */
  price: bigint;
  source: IndexSource;
  /** When the source last confirmed it (ms). */
  at: number;
}

/** The mark price of a market (server/prices/mark-price.ts) and what it was computed from. */
interface MarkPrice {
  /** At the market's price scale. */
  price: bigint;
  /** EMA of last − index over 30 samples, at the price scale × EMA_SUBUNITS. */
  basisEma: bigint;
  /** At RATE_SCALE; 0 until perpetuals provide it. */
  fundingBasis: bigint;
  /** The last trade it used; undefined before the market's first trade. */
  last: LastTrade | undefined;
  /** When it was sampled (ms). */
  at: number;
  /** The sampling period it was recorded under (`price_records.period_start`); its own time outside the job. */
  period: number;
  /** The index it was sampled with: the recorded index of `period`. */
  index: bigint;
  /** When that index's source last confirmed it (ms): a stalled feed keeps its last price in every sample. */
  indexAt: number;
}

export interface LastTrade {
  price: bigint;
  time: number;
}

interface TrackedMarket {
  symbol: string;
  priceScale: number;
  /** Where the demo walk starts: the market's last recorded index, or its listing price on a fresh install. */
  start: bigint;
  volatility: number;
  /** Makes the demo walk repeat exactly (tests); a random one by default. */
  seed?: number;
}

interface PriceIndexOptions {
  /** URL templates with {SYMBOL} (e.g. BTCUSDT), each answering JSON with a `price` field; several give a median. */
  feedUrls: string[];
  /** A feed price older than this is stale: the swap desk refuses to price from it. */
  staleAfterMs?: number;
  now?: () => number;
  /** Where samples are published (`prices.<symbol>.index`) and heard from the process that takes them. */
  bus?: Bus;
  /** A market's last trade on this platform, for the mark; undefined before its first. */
  lastTrade?: (symbol: string) => LastTrade | undefined;
  /** The seam perpetuals fill: a market's funding basis at RATE_SCALE (funding rate × time to the next funding
   * over the funding interval). 0 until then, so the mark's first input is the index itself. */
  fundingBasis?: (symbol: string) => bigint;
  /** Where the sampling job records every period's prices (`price_records`); without one nothing is recorded. */
  db?: Db;
  /** How long recorded prices are kept (ms; a week by default): older periods are pruned by the same job. */
  keepRecordsMs?: number;
}

/** A sample on the bus: index and mark at the market's price scale as integer strings (bigints in JSON). */
interface IndexPriceMessage {
  symbol: string;
  price: string;
  source: IndexSource;
  /** When the index's source last confirmed it. */
  at: number;
  mark: string;
  basisEma: string;
  fundingBasis: string;
  last: string | null;
  lastAt: number | null;
  /** When the sample was taken: followers keep the newest. */
  sampledAt: number;
  /** The sampling period it is recorded under. */
  periodStart: number;
}

const indexTopic = (symbol: string) => `prices.${symbol}.index`;

const FEED_TIMEOUT_MS = 2000;

/** The middle of the answers (the mean of the two middle ones for an even count), robust to one bad source. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The index (reference) price of every market: what the swap desk prices from and what the order price band is measured
 * against, so neither can be moved by a trade printed between two accounts of one person. With `PRICE_FEED_URL` it is
 * the median of the external feeds; without one the install runs on demo prices, a random walk with symmetric steps
 * (server/prices/random-walk.ts) that the built-in market makers quote around (the walk moves only when `advance()` is
 * called: by the sampling job, or by tests). Each sample also takes the mark price (server/prices/mark-price.ts). One
 * process samples (a leased job), records each period's prices and publishes each sample on the bus; every process's
 * index and mark follow them, so all price alike.
 */
export class PriceIndex {
  private readonly prices = new Map<string, IndexPrice>();
  private readonly marks = new Map<string, MarkPrice>();
  /** The basis EMA each market's next sample continues from: the last recorded period's, with a database. */
  private readonly emas = new Map<string, bigint>();
  private readonly walks = new Map<string, RandomWalk>();
  private readonly markets = new Map<string, TrackedMarket>();
  private readonly opts: Required<Omit<PriceIndexOptions, 'bus' | 'db'>>;
  private readonly bus: Bus | undefined;
  private readonly db: Db | undefined;
  private readonly log: FastifyBaseLogger | undefined;
  private stopSampling: Cancel | undefined;
  private stopFollowing: Cancel | undefined;
  private readonly recordedListeners = new Set<(periodStart: number) => void>();

  constructor({ bus, db, ...opts }: PriceIndexOptions, log?: FastifyBaseLogger) {
    this.opts = {
      staleAfterMs: 60_000,
      now: () => Date.now(),
      lastTrade: () => undefined,
      fundingBasis: () => 0n,
      keepRecordsMs: 7 * 86_400_000,
      ...opts,
    };
    this.log = log;
    this.bus = bus;
    this.db = db;
    this.stopFollowing = bus?.subscribe(indexTopic('*'), (message) => this.follow(message as IndexPriceMessage));
  }

  /** Whether prices come from the built-in walk (no external feed configured): the site says "demo prices". */
  get demo(): boolean {
    return this.opts.feedUrls.length === 0;
  }

  track(m: TrackedMarket): void {
    this.markets.set(m.symbol, m);
    this.walks.set(
      m.symbol,
      new RandomWalk(Number(formatUnits(m.start, m.priceScale)), {
        volatility: m.volatility,
        ...(m.seed === undefined ? {} : { seed: m.seed }),
      }),
    );
    if (this.demo) {
      const index: IndexPrice = { price: m.start, source: 'walk', at: this.opts.now() };
      this.prices.set(m.symbol, index);
      this.marks.set(m.symbol, this.markOf(m.symbol, index, 0n, this.opts.lastTrade(m.symbol)));
    }
  }

  /** The index of a market; undefined when it has none yet (a feed that has never answered). */
  get(symbol: string): IndexPrice | undefined {
    return this.prices.get(symbol);
  }

  /** The mark of a market as last sampled; undefined while it has no index. */
  mark(symbol: string): MarkPrice | undefined {
    return this.marks.get(symbol);
  }

  /** The index when it is fresh enough to trade against, else undefined: feeds go stale, the demo walk does not. */
  fresh(symbol: string): IndexPrice | undefined {
    const p = this.prices.get(symbol);
    return p && (p.source === 'walk' || this.opts.now() - p.at <= this.opts.staleAfterMs) ? p : undefined;
  }

  /** Samples every `everyMs` in the one process that holds the job (a slow feed skips a beat), until stop(). */
  start(jobs: Scheduler, everyMs: number): void {
    this.stopSampling = jobs.lease({
      name: 'prices.sample',
      everyMs,
      catchUp: 0,
      run: ({ periodStart }) => this.samplePeriod(periodStart),
    });
  }

  stop(): void {
    this.stopSampling?.();
    this.stopFollowing?.();
  }

  /**
   * One sample: ask the feeds (median of those that answer) or move the demo walk, then take every market's
   * mark from its index (the last one stands when no feed answered) and last trade, and publish both.
   */
  async advance(periodStart?: number): Promise<Array<{ symbol: string; index: IndexPrice; mark: MarkPrice }>> {
    await Promise.all([...this.markets.values()].map((m) => (this.demo ? this.step(m) : this.poll(m))));
    const samples = [];
    for (const m of this.markets.values()) {
      const index = this.prices.get(m.symbol);
      if (!index) continue;
      // The basis EMA takes one sample per call; before a market's first trade there is no basis to sample.
      const last = this.opts.lastTrade(m.symbol);
      const previous = this.emas.get(m.symbol) ?? 0n;
      const mark = this.markOf(
        m.symbol,
        index,
        last ? nextBasisEma(previous, last.price - index.price) : previous,
        last,
        periodStart,
      );
      this.emas.set(m.symbol, mark.basisEma);
      this.marks.set(m.symbol, mark);
      this.bus?.publish(indexTopic(m.symbol), messageOf(m.symbol, index, mark));
      samples.push({ symbol: m.symbol, index, mark });
    }
    return samples;
  }

  /**
   * One period of the sampling job: the basis EMA continues from the last recorded period (whichever process
   * took it), the sample is recorded once per period, and records past the retention are pruned. A period
   * already recorded (a run repeated after a crash) is not sampled again.
   */
  private async samplePeriod(periodStart: number): Promise<void> {
    if (!this.db) return void (await this.advance());
    const latest = await latestPriceRecords(this.db);
    for (const r of latest) this.emas.set(r.symbol, r.basisEma);
    if (latest[0]?.periodStart === periodStart) return;
    const samples = await this.advance(periodStart);
    await insertPriceRecords(
      this.db,
      samples.map(({ symbol, index, mark }) => ({
        symbol,
        periodStart,
        sampledAt: mark.at,
        indexPrice: index.price,
        indexSource: index.source,
        indexAt: index.at,
        markPrice: mark.price,
        basisEma: mark.basisEma,
        fundingBasis: mark.fundingBasis,
        lastPrice: mark.last?.price ?? null,
        lastAt: mark.last?.time ?? null,
      })),
    );
    for (const fn of this.recordedListeners) fn(periodStart);
    await prunePriceRecords(this.db, periodStart - this.opts.keepRecordsMs);
  }

  /**
   * Calls `fn` each time this process has recorded a sampling period (what settles on recorded prices need not wait
   * for its own timer). Answers the function that stops it.
   */
  onRecorded(fn: (periodStart: number) => void): Cancel {
    this.recordedListeners.add(fn);
    return () => void this.recordedListeners.delete(fn);
  }

  private markOf(
    symbol: string,
    index: IndexPrice,
    basisEma: bigint,
    last: LastTrade | undefined,
    period?: number,
  ): MarkPrice {
    const fundingBasis = this.opts.fundingBasis(symbol);
    const at = this.opts.now();
    return {
      price: markPrice({ index: index.price, last: last?.price, basisEma, fundingBasis }),
      basisEma,
      fundingBasis,
      last,
      at,
      period: period ?? at,
      index: index.price,
      indexAt: index.at,
    };
  }

  private step(m: TrackedMarket): void {
    const walk = this.walks.get(m.symbol)!;
    this.set(m, walk.step(), 'walk');
    // The walk goes on from the index as published, not from a number between two ticks that only this process
    // knows: where the index sits inside a tick would otherwise make its next tick a little predictable.
    walk.follow(Number(formatUnits(this.prices.get(m.symbol)!.price, m.priceScale)));
  }

  private async poll(m: TrackedMarket): Promise<void> {
    const answers = await Promise.all(
      this.opts.feedUrls.map(async (template) => {
        try {
          const res = await fetch(template.replace('{SYMBOL}', m.symbol.toUpperCase()), {
            signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
          });
          const price = Number(((await res.json()) as { price?: unknown }).price);
          return Number.isFinite(price) && price > 0 ? price : undefined;
        } catch (err) {
          this.log?.debug({ err, market: m.symbol }, 'price feed unavailable');
          return undefined;
        }
      }),
    );
    const good = answers.filter((p): p is number => p !== undefined);
    if (!good.length) return; // the last index stands until it goes stale
    const price = median(good);
    this.walks.get(m.symbol)!.follow(price);
    this.set(m, price, 'feed');
  }

  private set(m: TrackedMarket, price: number, source: IndexSource): void {
    const parsed = parseUnits(Math.max(price, 0).toFixed(m.priceScale), m.priceScale);
    if (!parsed.ok || parsed.value <= 0n) return;
    this.prices.set(m.symbol, { price: parsed.value, source, at: this.opts.now() });
  }

  /** A sample from the bus (another process's, or this one's own coming back): newer ones replace index and mark. */
  private follow(message: IndexPriceMessage): void {
    const m = this.markets.get(message.symbol);
    const mine = this.marks.get(message.symbol);
    if (!m || (mine && mine.at >= message.sampledAt)) return;
    const price = BigInt(message.price);
    this.prices.set(m.symbol, { price, source: message.source, at: message.at });
    const basisEma = BigInt(message.basisEma);
    const last = message.last === null ? undefined : { price: BigInt(message.last), time: message.lastAt! };
    this.marks.set(m.symbol, {
      price: BigInt(message.mark),
      basisEma,
      fundingBasis: BigInt(message.fundingBasis),
      last,
      at: message.sampledAt,
      period: message.periodStart,
      index: price,
      indexAt: message.at,
    });
    this.emas.set(m.symbol, basisEma);
    this.walks.get(m.symbol)!.follow(Number(formatUnits(price, m.priceScale)));
  }
}

function messageOf(symbol: string, index: IndexPrice, mark: MarkPrice): IndexPriceMessage {
  return {
    symbol,
    price: String(index.price),
    source: index.source,
    at: index.at,
    mark: String(mark.price),
    basisEma: String(mark.basisEma),
    fundingBasis: String(mark.fundingBasis),
    last: mark.last ? String(mark.last.price) : null,
    lastAt: mark.last?.time ?? null,
    sampledAt: mark.at,
    periodStart: mark.period,
  };
}
