import type { Queryable } from '../storage/db.ts';

/** A user's watchlist (docs/requirements.md §7 optional coins): the markets they starred. */
export async function watchedSymbols(q: Queryable, userId: number): Promise<Set<string>> {
  return new Set(
    (await q.all<{ symbol: string }>('SELECT symbol FROM watchlist WHERE user_id = ?', [userId])).map((w) => w.symbol),
  );
}

export async function watch(q: Queryable, userId: number, symbol: string): Promise<void> {
  await q.run('INSERT INTO watchlist (user_id, symbol, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
    userId,
    symbol,
    Date.now(),
  ]);
}

export async function unwatch(q: Queryable, userId: number, symbol: string): Promise<void> {
  await q.run('DELETE FROM watchlist WHERE user_id = ? AND symbol = ?', [userId, symbol]);
}
