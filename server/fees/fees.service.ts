import type { FeeSchedule, MyFees } from '../../isomorphic/contract/fees.ts';
import { checkSchedule, levelFor, RATE_PER_BPS, type FeeLevel } from '../../isomorphic/fees/schedule.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import { audit } from '../audit/audit.ts';
import type { TradingCore } from '../core/core.ts';
import { fail } from '../outcome.ts';
import { CONTRACTS } from '../perpetual/contracts.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { money } from '../wallet/amounts.ts';
import { FEES_PART, type FeeBook } from './fee-book.ts';
import type { FeeProduct } from './fee-rates.ts';
import { SCHEDULE_ERRORS, setLevels, setSchedule } from './fees.commands.ts';
import { perpSums, spotVolumes, type VolumeWindow } from './fees.repo.ts';

/** Levels are ranked by the volumes of the last 30 days (docs/products/fees.md). */
export const WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface FeesDeps {
  db: Db;
  core: TradingCore;
}

const bookOf = (core: TradingCore) => core.part<FeeBook>(FEES_PART);

export function scheduleView(core: TradingCore): FeeSchedule {
  return { levels: bookOf(core).schedule.map((l) => ({ ...l })), windowDays: WINDOW_DAYS };
}

/**
 * Each user's 30-day volumes in USDT units (8 decimals): spot on USDT-quoted markets, perpetual at each fill's
 * value in USDT. A coin-margined (inverse) contract's fill is worth contracts × contract size in USD at any price
 * (its coin value converted at the fill's price), counted as USDT as the contracts' index does.
 */
export async function volumesOf(q: Queryable, w: VolumeWindow): Promise<Map<number, { spot: bigint; perp: bigint }>> {
  const out = new Map<number, { spot: bigint; perp: bigint }>();
  const entry = (id: number) => out.get(id) ?? out.set(id, { spot: 0n, perp: 0n }).get(id)!;
  for (const [id, v] of await spotVolumes(q, w)) entry(id).spot += v;
  for (const s of await perpSums(q, w)) {
    const c = CONTRACTS[s.symbol];
    if (!c) continue;
    // Linear: Σ price × qty at the contract's scales, shifted to 8 decimals (position-math.ts fillValue).
    entry(s.userId).perp +=
      c.kind === 'linear'
        ? s.priceQty * 10n ** BigInt(8 - c.priceScale - c.qtyScale)
        : s.qty * c.contractSize * 10n ** 8n;
  }
  return out;
}

/**
 * The daily job's work for the day starting at `periodStart`: ranks every user who traded in the 30 days before it,
 * and every user now above VIP 0, and sends the core the levels that changed. Safe to repeat: a second run finds
 * nothing changed.
 */
export async function rankUsers({ db, core }: FeesDeps, periodStart: number): Promise<number> {
  // Trades reach the tables behind the core: wait for the ones made before the window closed.
  await core.settled();
  const book = bookOf(core);
  const volumes = await volumesOf(db, { from: periodStart - WINDOW_DAYS * DAY_MS, to: periodStart });
  const changed: Array<[number, number]> = [];
  for (const id of new Set([...volumes.keys(), ...book.levels.keys()])) {
    const v = volumes.get(id) ?? { spot: 0n, perp: 0n };
    const level = levelFor(book.schedule, v.spot, v.perp);
    if (level !== book.levelOf(id)) changed.push([id, level]);
  }
  changed.sort(([a], [b]) => a - b);
  if (changed.length) await core.submit(setLevels, { levels: changed });
  return changed.length;
}

/** The reader's level and its rates, their volumes of the last 30 days up to now, and the next level. */
export async function myFees({ db, core }: FeesDeps, userId: number, now: number): Promise<MyFees> {
  const book = bookOf(core);
  const level = book.rowOf(userId);
  const v = (await volumesOf(db, { from: now - WINDOW_DAYS * DAY_MS, to: now + 1, userId })).get(userId);
  return {
    level: { ...level },
    spotVolume: money(v?.spot ?? 0n),
    perpVolume: money(v?.perp ?? 0n),
    next: book.schedule[level.level + 1] ?? null,
    windowDays: WINDOW_DAYS,
  };
}

/** Operators replace the schedule; the audit line commits with the command's journal row (a prepared command). */
export async function replaceSchedule(deps: FeesDeps, operatorId: number, levels: FeeLevel[]): Promise<FeeSchedule> {
  const refused = checkSchedule(levels);
  if (refused) fail(SCHEDULE_ERRORS[refused]);
  const before = bookOf(deps.core).schedule;
  await deps.core.submitPrepared(setSchedule, async (q) => {
    await audit(q, operatorId, 'fees.schedule', 'fees', 'schedule', { before, after: levels });
    return { levels };
  });
  return scheduleView(deps.core);
}

/**
 * A rate in hundredths of a basis point (the fee book's unit) as Binance writes commission rates, a decimal fraction
 * at 8 places, exactly: rateText(1000n) → '0.00100000', rateText(750) → '0.00075000'.
 */
export function rateText(rate: bigint | number): string {
  return formatUnits(BigInt(rate) * 100n, 8);
}

/**
 * A rate as Binance's integer commission fields carry it (whole basis points, `makerCommission: 10` is 0.10%): a
 * rate between two whole bps is shown as the higher one, what a fill pays at most; commissionRates beside it is exact.
 */
export function wholeBps(rate: number): number {
  return Math.ceil(rate / RATE_PER_BPS);
}

/**
 * The maker and taker rates a user's fills pay on one market or contract (their level's, capped by its own), and
 * their level's row, for the bots' door.
 */
export function ratesOn(
  core: TradingCore,
  userId: number,
  product: FeeProduct,
  own: { makerFeeBps: bigint; takerFeeBps: bigint },
): { maker: bigint; taker: bigint } {
  const book = bookOf(core);
  return {
    maker: book.rate(userId, product, 'maker', own.makerFeeBps),
    taker: book.rate(userId, product, 'taker', own.takerFeeBps),
  };
}

/** The user's VIP level row (their rates before any market's cap). */
export function levelOf(core: TradingCore, userId: number): FeeLevel {
  return { ...bookOf(core).rowOf(userId) };
}
