import { writeRows } from '../storage/bulk.ts';
import type { Queryable } from '../storage/db.ts';
import type { IndexSource } from './price-index.ts';

/** One market's prices as the sampling job took them in one period (migration 12). */
export interface PriceRecordRow {
  symbol: string;
  periodStart: number;
  sampledAt: number;
  indexPrice: bigint;
  indexSource: IndexSource;
  indexAt: number;
  markPrice: bigint;
  basisEma: bigint;
  fundingBasis: bigint;
  lastPrice: bigint | null;
  lastAt: number | null;
}

const COLUMNS =
  'symbol, period_start, sampled_at, index_price, index_source, index_at, mark_price, basis_ema, funding_basis, last_price, last_at';

function rowOf(r: Record<string, unknown>): PriceRecordRow {
  return {
    symbol: String(r.symbol),
    periodStart: Number(r.period_start),
    sampledAt: Number(r.sampled_at),
    indexPrice: BigInt(r.index_price as bigint),
    indexSource: r.index_source as IndexSource,
    indexAt: Number(r.index_at),
    markPrice: BigInt(r.mark_price as bigint),
    basisEma: BigInt(r.basis_ema as bigint),
    fundingBasis: BigInt(r.funding_basis as bigint),
    lastPrice: r.last_price === null ? null : BigInt(r.last_price as bigint),
    lastAt: r.last_at === null ? null : Number(r.last_at),
  };
}

/** Records a period's samples; a period already recorded for a market keeps its first record. */
export async function insertPriceRecords(q: Queryable, rows: readonly PriceRecordRow[]): Promise<void> {
  await writeRows(
    q,
    { head: `INSERT INTO price_records (${COLUMNS})`, tail: 'ON CONFLICT (symbol, period_start) DO NOTHING' },
    rows.map((r) => [
      r.symbol,
      r.periodStart,
      r.sampledAt,
      r.indexPrice,
      r.indexSource,
      r.indexAt,
      r.markPrice,
      r.basisEma,
      r.fundingBasis,
      r.lastPrice,
      r.lastAt,
    ]),
  );
}

/** The records of the latest recorded period (every market sampled then). */
export async function latestPriceRecords(q: Queryable): Promise<PriceRecordRow[]> {
  const rows = await q.all(
    `SELECT ${COLUMNS} FROM price_records WHERE period_start = (SELECT MAX(period_start) FROM price_records)`,
  );
  return rows.map(rowOf);
}

/**
 * Each market's index as last recorded (its latest period), whatever period the other markets were last recorded in.
 */
export async function lastRecordedIndexes(q: Queryable): Promise<Map<string, bigint>> {
  const rows = await q.all<{ symbol: string; index_price: bigint }>(
    `SELECT r.symbol, r.index_price FROM price_records r
     JOIN (SELECT symbol, MAX(period_start) AS period_start FROM price_records GROUP BY symbol) latest
       ON latest.symbol = r.symbol AND latest.period_start = r.period_start`,
  );
  return new Map(rows.map((r) => [String(r.symbol), BigInt(r.index_price)]));
}

export interface PriceRecordRange {
  /** Period starts from (inclusive) and to (inclusive), ms. */
  from?: number;
  to?: number;
  limit: number;
}

/**
 * A market's records in a range, oldest first: the first `limit` from `from` on, or without `from` the latest
 * `limit` up to `to` (as Binance's K-lines page).
 */
export async function listPriceRecords(
  q: Queryable,
  symbol: string,
  { from, to, limit }: PriceRecordRange,
): Promise<PriceRecordRow[]> {
  const rows = await q.all(
    `SELECT ${COLUMNS} FROM price_records WHERE symbol = ? AND period_start >= ? AND period_start <= ?
     ORDER BY period_start ${from === undefined ? 'DESC' : 'ASC'} LIMIT ?`,
    [symbol, from ?? 0, to ?? Number.MAX_SAFE_INTEGER, limit],
  );
  const records = rows.map(rowOf);
  return from === undefined ? records.reverse() : records;
}

/** Forgets records of periods that started before `before`; says how many went. */
export function prunePriceRecords(q: Queryable, before: number): Promise<number> {
  return q.run('DELETE FROM price_records WHERE period_start < ?', [before]);
}
