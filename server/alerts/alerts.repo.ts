import type { AlertKind } from '../../isomorphic/contract/alerts.ts';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { num, type Queryable } from '../storage/db.ts';

/** A price alert as stored: `target`, `startValue` and `firedValue` in integer units (see the migration). */
export interface AlertRow {
  id: number;
  userId: number;
  symbol: string;
  kind: AlertKind;
  target: bigint;
  note: string;
  locale: Locale;
  state: 'active' | 'fired';
  startValue: bigint;
  fromTrade: number;
  createdAt: number;
  firedAt: number | null;
  firedValue: bigint | null;
}

export type AlertInsert = Omit<AlertRow, 'id' | 'state' | 'firedAt' | 'firedValue'>;

function rowOf(r: Record<string, unknown>): AlertRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    kind: String(r.kind) as AlertKind,
    target: BigInt(String(r.target)),
    note: String(r.note),
    locale: String(r.locale) as Locale,
    state: String(r.state) as AlertRow['state'],
    startValue: BigInt(String(r.start_value)),
    fromTrade: num(r.from_trade),
    createdAt: num(r.created_at),
    firedAt: r.fired_at === null || r.fired_at === undefined ? null : num(r.fired_at),
    firedValue: r.fired_value === null || r.fired_value === undefined ? null : BigInt(String(r.fired_value)),
  };
}

export async function activeCount(q: Queryable, userId: number): Promise<number> {
  const row = await q.get<{ n: unknown }>(
    "SELECT COUNT(*) AS n FROM price_alerts WHERE user_id = ? AND state = 'active'",
    [userId],
  );
  return num(row?.n ?? 0);
}

export async function insertAlert(q: Queryable, a: AlertInsert): Promise<AlertRow> {
  const row = await q.get<Record<string, unknown>>(
    `INSERT INTO price_alerts (user_id, symbol, kind, target, note, locale, start_value, from_trade, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    [a.userId, a.symbol, a.kind, String(a.target), a.note, a.locale, String(a.startValue), a.fromTrade, a.createdAt],
  );
  return rowOf(row!);
}

/** The user's alerts: active ones first (newest first), then fired ones by when they fired, newest first. */
export async function userAlerts(
  q: Queryable,
  userId: number,
  state: AlertRow['state'] | undefined,
  limit: number,
): Promise<AlertRow[]> {
  const rows = await q.all<Record<string, unknown>>(
    `SELECT * FROM price_alerts WHERE user_id = ? ${state ? 'AND state = ?' : ''}
     ORDER BY CASE WHEN state = 'active' THEN 0 ELSE 1 END, COALESCE(fired_at, created_at) DESC, id DESC LIMIT ?`,
    state ? [userId, state, limit] : [userId, limit],
  );
  return rows.map(rowOf);
}

/** Every active alert, by market, for the watcher (the index `price_alerts_active` serves it). */
export async function activeAlerts(q: Queryable): Promise<AlertRow[]> {
  const rows = await q.all<Record<string, unknown>>(
    "SELECT * FROM price_alerts WHERE state = 'active' ORDER BY symbol, id",
  );
  return rows.map(rowOf);
}

/**
 * Marks an active alert fired; false when it was not active any more (another process claimed it first, or its
 * owner deleted it). The condition on `state` is the claim: of several processes firing one alert, one changes it.
 */
export async function claimFired(q: Queryable, id: number, at: number, value: bigint): Promise<boolean> {
  const changed = await q.run(
    "UPDATE price_alerts SET state = 'fired', fired_at = ?, fired_value = ? WHERE id = ? AND state = 'active'",
    [at, String(value), id],
  );
  return changed === 1;
}

/** Deletes one of the user's own alerts; says whether there was one. */
export async function deleteAlert(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.run('DELETE FROM price_alerts WHERE id = ? AND user_id = ?', [id, userId])) > 0;
}
