import type { FastifyBaseLogger } from 'fastify';
import type { FeatureContext, FeatureJob } from '../feature.ts';
import type { Bus } from '../bus/bus.ts';
import type { TradingCore } from '../core/core.ts';
import type { MarketData } from '../market-data/market-data.ts';
import type { Db } from '../storage/db.ts';
import { fundingLines, postFunds, type FundsPost } from '../core/funds.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { CONTRACTS } from './contracts.ts';
import { markTicks } from './marks.ts';
import { PerpBook } from './perp-book.ts';
import { PerpMarket } from './perp-market.ts';
import { fundingRun, markTick } from './perp-ticks.ts';
import { insuranceFunded } from './perp.repo.ts';

/** What the insurance fund starts with on a fresh install, per margin asset. */
const SEED_INSURANCE: Array<[asset: string, amount: string]> = [
  ['USDT', '1000000'],
  ['BTC', '20'],
  ['ETH', '300'],
];

/** The contracts a core trades, with the funding interval it settles at (PERP_FUNDING_INTERVAL_MS). */
export function perpBook(fundingIntervalMs: number): PerpBook {
  return new PerpBook(Object.values(CONTRACTS), fundingIntervalMs);
}

/** The market data and feeds of the running server; set by `startPerpetual`. */
export const perpMarkets = new WeakMap<FeatureContext['core'], PerpMarket>();

/**
 * Start-up: a fresh install funds the insurance fund once; candles and recent trades load; the contracts' list
 * joins common/getCoinList.
 */
export async function startPerpetual(ctx: FeatureContext): Promise<void> {
  const { db, core, bus, app, jobs } = ctx;
  if (!(await insuranceFunded(db))) {
    const lines = fundingLines(ACCOUNT.insuranceFund, SEED_INSURANCE);
    await core.submit(postFunds, {
      lines,
      meta: { billType: 'insurance_funding', refType: 'insurance_fund', refId: 'seed' },
    } satisfies FundsPost);
  }
  perpMarkets.set(
    core,
    await contractMarketData({ db, core, bus, log: app.log, marketData: ctx.marketData, now: () => jobs.clock.now() }),
  );
}

/**
 * Prices a side the public feed sends of a contract's book: the screen groups them into steps of up to 1000 ticks and
 * shows 20 to 40 a side, so it needs more than it shows (docs/products/perpetual.md).
 */
const FEED_BOOK_LEVELS = 100;

/**
 * The contracts' candles, trades and books, shown in common/getCoinList and the public feed beside the spot markets.
 */
export async function contractMarketData(o: {
  db: Db;
  core: TradingCore;
  bus: Bus;
  log: FastifyBaseLogger;
  marketData: MarketData;
  now: () => number;
}): Promise<PerpMarket> {
  const market = new PerpMarket(o.db, o.core, o.bus, o.log);
  await market.start(o.now);
  o.marketData.contracts = {
    entries: () => market.entries(o.now()),
    book: (symbol) => (market.book.contracts.has(symbol) ? market.bookView(symbol, FEED_BOOK_LEVELS) : undefined),
  };
  return market;
}

/**
 * Beside the core: a mark tick per contract every price-sampling period (liquidations and TP/SL by mark happen in
 * it), funding at each funding time passed while the server runs (a downtime's missed times are not charged, only
 * the latest due one once), and the candles written once a second.
 */
export function perpetualJobs({ core, prices, markets, jobs, config }: FeatureContext): FeatureJob[] {
  const book = () => core.part<PerpBook>('perpetual');
  const spotScale = (symbol: string) => markets.get(symbol)?.priceScale;
  const since = Math.floor(jobs.clock.now() / book().intervalMs) * book().intervalMs;
  return [
    {
      name: 'perpetual.mark',
      everyMs: config.priceSampleMs,
      where: 'core',
      run: async () => {
        await Promise.all(markTicks(book(), prices, spotScale, jobs.clock.now()).map((t) => core.submit(markTick, t)));
      },
    },
    {
      name: 'perpetual.funding',
      everyMs: 1000,
      where: 'core',
      run: async () => {
        const b = book();
        const due = Math.floor(jobs.clock.now() / b.intervalMs) * b.intervalMs;
        if (due <= since) return;
        await Promise.all(
          [...b.contracts.keys()]
            .filter((s) => b.prices(s).lastFunding < due)
            .map((symbol) => core.submit(fundingRun, { symbol, time: due })),
        );
      },
    },
    { name: 'perpetual.candles', everyMs: 1000, where: 'core', run: () => perpMarkets.get(core)!.flush() },
  ];
}
