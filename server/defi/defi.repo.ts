import { num, type Queryable } from '../storage/db.ts';

interface LinkRow {
  address: string;
  userId: number;
  fee: bigint;
  linkedAt: number;
}

export async function insertChallenge(
  q: Queryable,
  c: { nonce: string; userId: number; address: string; message: string; expiresAt: number },
): Promise<void> {
  await q.run('INSERT INTO defi_challenges (nonce, user_id, address, message, expires_at) VALUES (?, ?, ?, ?, ?)', [
    c.nonce,
    c.userId,
    c.address,
    c.message,
    c.expiresAt,
  ]);
}

/** Marks the user's unexpired, unused challenge with exactly this message used; false when there is none. */
export async function useChallenge(
  q: Queryable,
  userId: number,
  address: string,
  message: string,
  now: number,
): Promise<boolean> {
  return (
    (await q.run(
      'UPDATE defi_challenges SET used_at = ? WHERE user_id = ? AND address = ? AND message = ? AND used_at IS NULL AND expires_at > ?',
      [now, userId, address, message, now],
    )) === 1
  );
}

export async function linkOwner(q: Queryable, address: string): Promise<number | undefined> {
  const r = await q.get<{ user_id: unknown }>('SELECT user_id FROM defi_links WHERE address = ?', [address]);
  return r ? num(r.user_id) : undefined;
}

export async function insertLink(
  q: Queryable,
  l: { address: string; userId: number; message: string; signature: string; fee: bigint; linkedAt: number },
): Promise<void> {
  await q.run(
    'INSERT INTO defi_links (address, user_id, message, signature, fee, linked_at) VALUES (?, ?, ?, ?, ?, ?)',
    [l.address, l.userId, l.message, l.signature, l.fee, l.linkedAt],
  );
}

export async function linksOf(q: Queryable, userId: number): Promise<LinkRow[]> {
  const rows = await q.all<{ address: string; user_id: unknown; fee: unknown; linked_at: unknown }>(
    'SELECT address, user_id, fee, linked_at FROM defi_links WHERE user_id = ? ORDER BY linked_at',
    [userId],
  );
  return rows.map((r) => ({
    address: r.address,
    userId: num(r.user_id),
    fee: BigInt(r.fee as bigint),
    linkedAt: num(r.linked_at),
  }));
}

export async function hasLink(q: Queryable, userId: number): Promise<boolean> {
  return !!(await q.get('SELECT address FROM defi_links WHERE user_id = ? LIMIT 1', [userId]));
}
