import { num, type Queryable } from '../storage/db.ts';

/** A period as stored: amounts are integers of the stake asset at 8 decimals. */
export interface PeriodRow {
  id: number;
  symbol: string;
  seconds: number;
  profitBps: number;
  lossBps: number;
  minStake: bigint;
  maxStake: bigint;
  exposureCap: bigint;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

type NewPeriod = Omit<PeriodRow, 'id' | 'createdAt' | 'updatedAt'>;

function toPeriod(r: Record<string, unknown>): PeriodRow {
  return {
    id: num(r.id),
    symbol: String(r.symbol),
    seconds: num(r.seconds),
    profitBps: num(r.profit_bps),
    lossBps: num(r.loss_bps),
    minStake: BigInt(r.min_stake as bigint),
    maxStake: BigInt(r.max_stake as bigint),
    exposureCap: BigInt(r.exposure_cap as bigint),
    active: num(r.active) === 1,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** Periods in menu order (symbol, then duration); only the ones users may open unless `all`. */
export async function listPeriods(q: Queryable, opts: { symbol?: string; all?: boolean } = {}): Promise<PeriodRow[]> {
  const where: string[] = [];
  const params: string[] = [];
  if (!opts.all) where.push('active = 1');
  if (opts.symbol) {
    where.push('symbol = ?');
    params.push(opts.symbol);
  }
  const rows = await q.all(
    `SELECT * FROM seconds_periods ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY symbol, seconds`,
    params,
  );
  return rows.map(toPeriod);
}

export async function findPeriod(q: Queryable, id: number): Promise<PeriodRow | undefined> {
  const row = await q.get('SELECT * FROM seconds_periods WHERE id = ?', [id]);
  return row ? toPeriod(row) : undefined;
}

export async function hasPeriods(q: Queryable): Promise<boolean> {
  return Boolean(await q.get('SELECT 1 AS one FROM seconds_periods LIMIT 1'));
}

/** A new period; undefined when the symbol already has one of that duration. */
export async function insertPeriod(q: Queryable, p: NewPeriod, now: number): Promise<PeriodRow | undefined> {
  const row = await q.get(
    `INSERT INTO seconds_periods (symbol, seconds, profit_bps, loss_bps, min_stake, max_stake, exposure_cap, active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (symbol, seconds) DO NOTHING RETURNING *`,
    [p.symbol, p.seconds, p.profitBps, p.lossBps, p.minStake, p.maxStake, p.exposureCap, p.active ? 1 : 0, now, now],
  );
  return row ? toPeriod(row) : undefined;
}

/** Changes a period's parameters for orders opened from now on (its symbol and duration stay). */
export async function updatePeriod(
  q: Queryable,
  id: number,
  p: Omit<NewPeriod, 'symbol' | 'seconds'>,
  now: number,
): Promise<PeriodRow | undefined> {
  const row = await q.get(
    `UPDATE seconds_periods SET profit_bps = ?, loss_bps = ?, min_stake = ?, max_stake = ?, exposure_cap = ?, active = ?, updated_at = ?
     WHERE id = ? RETURNING *`,
    [p.profitBps, p.lossBps, p.minStake, p.maxStake, p.exposureCap, p.active ? 1 : 0, now, id],
  );
  return row ? toPeriod(row) : undefined;
}
