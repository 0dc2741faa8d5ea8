import type { Queryable, Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

/** API keys and the signatures they have used. */

interface ApiKeyInsert {
  userId: number;
  label: string;
  apiKey: string;
  type: 'HMAC' | 'ED25519';
  /** An HMAC key's sealed secret; empty for an ED25519 key, which has none. */
  secretSealed: string;
  /** An ED25519 key's public key (PEM); null for an HMAC key. */
  publicKey: string | null;
  canTrade: boolean;
  ipList: string[];
  at: number;
}

export async function insertApiKey(q: Queryable, k: ApiKeyInsert): Promise<Row> {
  return (await q.get<Row>(
    `INSERT INTO api_keys (user_id, label, api_key, key_type, secret_sealed, public_key, can_trade, can_withdraw,
       ip_list, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING *`,
    [
      k.userId,
      k.label,
      k.apiKey,
      k.type,
      k.secretSealed,
      k.publicKey,
      k.canTrade ? 1 : 0,
      JSON.stringify(k.ipList),
      k.at,
    ],
  ))!;
}

export async function keyCount(q: Queryable, userId: number): Promise<number> {
  return Number((await q.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?', [userId]))?.n ?? 0);
}

export function userKeys(q: Queryable, userId: number, page: PageRequest) {
  return pageOf<Row>(
    q,
    { select: '*', from: 'FROM api_keys WHERE user_id = ?', order: 'id DESC', params: [userId] },
    page,
  );
}

export function findByApiKey(q: Queryable, apiKey: string): Promise<Row | undefined> {
  return q.get<Row>('SELECT * FROM api_keys WHERE api_key = ?', [apiKey]);
}

/** Deletes one of the user's own keys and what it signed; says whether there was one. */
export async function deleteKey(q: Queryable, userId: number, id: number): Promise<boolean> {
  const gone = (await q.run('DELETE FROM api_keys WHERE id = ? AND user_id = ?', [id, userId])) > 0;
  if (gone) await q.run('DELETE FROM api_key_uses WHERE key_id = ?', [id]);
  return gone;
}

/** Records a signature; false when the key has used it before (a replay, or a racing copy of the same request). */
export async function recordUse(
  q: Queryable,
  u: { keyId: number; signature: string; at: number; keepUntil: number },
): Promise<boolean> {
  const row = await q.get(
    'INSERT INTO api_key_uses (key_id, signature, used_at, keep_until) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING key_id',
    [u.keyId, u.signature, u.at, u.keepUntil],
  );
  return row !== undefined;
}

/** How many signed calls the key made since a time (its own call included once recorded). */
export async function usesSince(q: Queryable, keyId: number, since: number): Promise<number> {
  return Number(
    (
      await q.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM api_key_uses WHERE key_id = ? AND used_at > ?', [
        keyId,
        since,
      ])
    )?.n ?? 0,
  );
}

export async function pruneUses(q: Queryable, before: number): Promise<void> {
  await q.run('DELETE FROM api_key_uses WHERE keep_until < ?', [before]);
}

/** Marks the key used, at most once a minute (a write per call would be most of a call's cost). */
export async function touchKey(q: Queryable, id: number, at: number): Promise<void> {
  await q.run('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)', [
    at,
    id,
    at - 60_000,
  ]);
}
