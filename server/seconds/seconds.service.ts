import type { z } from 'zod';
import type {
  CreateSecondsBody,
  periodListBody,
  SecondsOrder,
  SecondsPeriod,
  secondsListBody,
  settledListBody,
  SettledSeconds,
} from '../../isomorphic/contract/seconds.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import type { TradingCore } from '../core/core.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import { fail } from '../outcome.ts';
import type { PriceIndex } from '../prices/price-index.ts';
import type { Db } from '../storage/db.ts';
import { openSeconds } from './seconds.commands.ts';
import { findPeriod, listPeriods, type PeriodRow } from './periods.repo.ts';
import { findSecondsOrder, settledSecondsOrders, userSecondsOrders, type SecondsOrderRow } from './seconds.repo.ts';
import { STAKE_ASSET, fromWhole, periodView, secondsOrderView, settledView, wholeUnits } from './views.ts';

/**
 * How far before its second a close price may have been recorded and confirmed by its source: beyond it the price
 * is not "at that second" any more (a stalled sampler, a feed outage), and an order maturing then is refunded.
 */
export const PRICE_TOLERANCE_MS = 3_000;

export interface SecondsDeps {
  db: Db;
  core: TradingCore;
  markets: SpotMarkets;
  prices: PriceIndex;
  /** How old the open price's confirmation may be (SECONDS_PRICE_AGE_MS); the core judges it (seconds.commands.ts). */
  maxPriceAgeMs: number;
}

/** A stake is a whole number of the stake asset (docs/requirements.md §5) within the period's limits. */
function stakeOf(amount: string, p: PeriodRow): bigint {
  const text = amount.trim();
  if (!/^-?\d{1,15}$/.test(text)) fail('secondsStakeInteger');
  const stake = fromWhole(BigInt(text));
  if (stake < p.minStake || stake > p.maxStake)
    fail('secondsStakeRange', { min: wholeUnits(p.minStake), max: wholeUnits(p.maxStake), coin: STAKE_ASSET });
  return stake;
}

/**
 * Opens an order: the period's parameters as they stand now, the stake checked, and the entry price fixed as the
 * index of the latest recorded sample (its second is kept with it). The core then refuses a price its source has
 * not confirmed within `maxPriceAgeMs`, holds the stake, checks the exposure cap and that the pool could pay a win,
 * and answers the order; a repeated client key answers the first.
 */
export async function openOrder(
  d: SecondsDeps,
  userId: number,
  body: CreateSecondsBody,
): Promise<{ order: SecondsOrderRow; priceScale: number }> {
  const period = await findPeriod(d.db, body.periodId);
  const symbol = body.symbol.toLowerCase();
  if (!period || !period.active || period.symbol !== symbol) fail('secondsPeriodUnknown');
  const market = d.markets.market(symbol);
  if (market.status !== 'active') fail('marketClosed');
  const stake = stakeOf(body.amount, period);
  // The sample, not the live index: the index may already have moved on while its sample is being taken.
  const sample = d.prices.mark(symbol);
  if (!sample) fail('secondsNoPrice');
  const opened = await d.core.submit(openSeconds, {
    userId,
    symbol,
    periodId: period.id,
    seconds: period.seconds,
    direction: body.direction,
    asset: STAKE_ASSET,
    stake,
    profitBps: period.profitBps,
    lossBps: period.lossBps,
    exposureCap: period.exposureCap,
    openPrice: sample.index,
    openPeriod: sample.period,
    priceAt: sample.indexAt,
    maxPriceAgeMs: d.maxPriceAgeMs,
    clientKey: body.clientKey ?? null,
  });
  if (!opened.repeated) return { order: opened.order, priceScale: market.priceScale };
  await d.core.settled();
  const first = await findSecondsOrder(d.db, opened.orderId);
  if (!first) throw new Error(`order ${opened.orderId} of a repeated key is not in the table`);
  return { order: first, priceScale: market.priceScale };
}

/** An order's prices are at its market's scale; a market no longer listed reads at 8 decimals. */
const scaleOf = (markets: SpotMarkets, symbol: string) => markets.get(symbol)?.priceScale ?? 8;

/** The active periods, of one market or all. */
export async function periods(
  { db }: Pick<SecondsDeps, 'db'>,
  body: z.output<typeof periodListBody>,
): Promise<SecondsPeriod[]> {
  return (await listPeriods(db, { symbol: body.symbol })).map(periodView);
}

/** The markets second contracts are offered on: those with an active period. */
export async function offeredSymbols(db: Db): Promise<Set<string>> {
  return new Set((await listPeriods(db)).map((p) => p.symbol));
}

export async function orders(
  { db, markets }: SecondsDeps,
  userId: number,
  { state, symbol, page, size }: z.output<typeof secondsListBody>,
): Promise<Page<SecondsOrder>> {
  const { total, rows } = await userSecondsOrders(db, userId, state, symbol, { page, size });
  return { total, page, size, records: rows.map((o) => secondsOrderView(o, scaleOf(markets, o.symbol))) };
}

/** Everyone's settled orders, newest first: the public list. */
export async function settled(
  { db, markets }: SecondsDeps,
  body: z.output<typeof settledListBody>,
): Promise<SettledSeconds[]> {
  const rows = await settledSecondsOrders(db, body.symbol, body.before, body.size);
  return rows.map((o) => settledView(o, scaleOf(markets, o.symbol)));
}
