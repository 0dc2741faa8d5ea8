import { DEFAULT_SCHEDULE, type FeeLevel } from '../../isomorphic/fees/schedule.ts';
import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';

/** What one batch changed in the fee book, for the projector: the whole schedule when it changed, users' levels. */
export interface FeeRows {
  schedule: FeeLevel[] | null;
  users: Array<[userId: number, level: number]>;
}

/** The schedule operators last set, or the default one while they have set none. */
export async function readSchedule(q: Queryable): Promise<FeeLevel[]> {
  const rows = await q.all('SELECT * FROM fee_levels ORDER BY level');
  if (!rows.length) return DEFAULT_SCHEDULE.map((l) => ({ ...l }));
  return rows.map((r) => ({
    level: num(r.level),
    spotMakerRate: num(r.spot_maker_rate),
    spotTakerRate: num(r.spot_taker_rate),
    perpMakerRate: num(r.perp_maker_rate),
    perpTakerRate: num(r.perp_taker_rate),
    spotVolume: num(r.spot_volume),
    perpVolume: num(r.perp_volume),
  }));
}

/** Every user above VIP 0 and their level. */
export async function readUserLevels(q: Queryable): Promise<Map<number, number>> {
  const rows = await q.all('SELECT user_id, level FROM user_fee_levels WHERE level > 0');
  return new Map(rows.map((r) => [num(r.user_id), num(r.level)]));
}

export async function writeFeeRows(q: Queryable, rows: FeeRows): Promise<void> {
  if (rows.schedule) {
    await q.run('DELETE FROM fee_levels');
    await writeRows(
      q,
      {
        head: 'INSERT INTO fee_levels (level, spot_maker_rate, spot_taker_rate, perp_maker_rate, perp_taker_rate, spot_volume, perp_volume)',
      },
      rows.schedule.map((l) => [
        l.level,
        l.spotMakerRate,
        l.spotTakerRate,
        l.perpMakerRate,
        l.perpTakerRate,
        l.spotVolume,
        l.perpVolume,
      ]),
    );
  }
  await writeRows(
    q,
    {
      head: 'INSERT INTO user_fee_levels (user_id, level)',
      tail: 'ON CONFLICT (user_id) DO UPDATE SET level = excluded.level',
    },
    rows.users,
  );
}

/** A time window [from, to) in milliseconds, and optionally one user. */
export interface VolumeWindow {
  from: number;
  to: number;
  userId?: number;
}

/** The two sides of each trade in a window as one list of (user, trade) rows, with `columns` of the trade. */
function bothSides(table: string, columns: string, w: VolumeWindow): { sql: string; params: number[] } {
  const side = (who: string) =>
    `SELECT t.${who} AS user_id, ${columns} FROM ${table} t WHERE t.created_at >= ? AND t.created_at < ?` +
    (w.userId === undefined ? '' : ` AND t.${who} = ?`);
  const params = w.userId === undefined ? [w.from, w.to] : [w.from, w.to, w.userId];
  return { sql: `${side('maker_user_id')} UNION ALL ${side('taker_user_id')}`, params: [...params, ...params] };
}

/**
 * Each user's spot volume in the window: the quote amount (8 decimals) of their trades, maker and taker sides alike,
 * on markets quoted in USDT (docs/products/fees.md: other quotes are left out).
 */
export async function spotVolumes(q: Queryable, w: VolumeWindow): Promise<Map<number, bigint>> {
  const sides = bothSides('trades', 't.quote_qty, t.symbol', w);
  const rows = await q.all(
    `SELECT s.user_id, SUM(s.quote_qty) AS volume FROM (${sides.sql}) s JOIN markets m ON m.symbol = s.symbol
      WHERE m.quote = 'USDT' GROUP BY s.user_id`,
    sides.params,
  );
  return new Map(rows.map((r) => [num(r.user_id), BigInt(r.volume as bigint)]));
}

/** Per user and contract in the window: Σ price × quantity and Σ quantity of their fills (both sides). */
export async function perpSums(
  q: Queryable,
  w: VolumeWindow,
): Promise<Array<{ userId: number; symbol: string; priceQty: bigint; qty: bigint }>> {
  const sides = bothSides('perp_trades', 't.symbol, t.price, t.quantity', w);
  const rows = await q.all(
    `SELECT s.user_id, s.symbol, SUM(s.price * s.quantity) AS price_qty, SUM(s.quantity) AS qty
       FROM (${sides.sql}) s GROUP BY s.user_id, s.symbol`,
    sides.params,
  );
  return rows.map((r) => ({
    userId: num(r.user_id),
    symbol: String(r.symbol),
    priceQty: BigInt(r.price_qty as bigint),
    qty: BigInt(r.qty as bigint),
  }));
}
