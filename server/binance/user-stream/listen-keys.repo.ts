import type { Queryable } from '../../storage/db.ts';

/** Which user data stream a key opens: spot (`/api/v3/userDataStream`) or USDⓈ-M futures (`/fapi/v1/listenKey`). */
export type StreamProduct = 'spot' | 'futures';

export interface ListenKeyRow {
  listenKey: string;
  userId: number;
  product: StreamProduct;
  expiresAt: number;
}

const toRow = (r: Record<string, unknown>): ListenKeyRow => ({
  listenKey: String(r.listen_key),
  userId: Number(r.user_id),
  product: r.product as StreamProduct,
  expiresAt: Number(r.expires_at),
});

/** The user's key for the product, live or not (an expired one is replaced, never extended). */
export async function keyOfUser(
  q: Queryable,
  userId: number,
  product: StreamProduct,
): Promise<ListenKeyRow | undefined> {
  const r = await q.get('SELECT * FROM binance_listen_keys WHERE user_id = ? AND product = ?', [userId, product]);
  return r && toRow(r);
}

/** A key that has not expired at `now`. */
export async function liveKey(q: Queryable, listenKey: string, now: number): Promise<ListenKeyRow | undefined> {
  const r = await q.get('SELECT * FROM binance_listen_keys WHERE listen_key = ? AND expires_at > ?', [listenKey, now]);
  return r && toRow(r);
}

/** Replaces the user's key for the product with a new one. */
export async function replaceKey(q: Queryable, row: ListenKeyRow, now: number): Promise<void> {
  await q.run('DELETE FROM binance_listen_keys WHERE user_id = ? AND product = ?', [row.userId, row.product]);
  await q.run(
    'INSERT INTO binance_listen_keys (listen_key, user_id, product, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    [row.listenKey, row.userId, row.product, now, row.expiresAt],
  );
}

/** Moves a live key's expiry, if it is the user's and the product's; says whether it was. */
export async function extendKey(q: Queryable, row: ListenKeyRow, now: number): Promise<boolean> {
  return (
    (await q.run(
      'UPDATE binance_listen_keys SET expires_at = ? WHERE listen_key = ? AND user_id = ? AND product = ? AND expires_at > ?',
      [row.expiresAt, row.listenKey, row.userId, row.product, now],
    )) > 0
  );
}

/** Deletes a live key of the user's and the product's; says whether there was one. */
export async function deleteKey(q: Queryable, row: Omit<ListenKeyRow, 'expiresAt'>, now: number): Promise<boolean> {
  return (
    (await q.run(
      'DELETE FROM binance_listen_keys WHERE listen_key = ? AND user_id = ? AND product = ? AND expires_at > ?',
      [row.listenKey, row.userId, row.product, now],
    )) > 0
  );
}
