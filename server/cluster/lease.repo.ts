import type { Queryable } from '../storage/db.ts';

/**
 * The trading core's lease (server/cluster/lease.ts), on PostgreSQL only: a cluster shares one database. Times
 * are the database's clock, so the processes' own clocks never decide who holds it.
 */
const NOW = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** Made outside the migrations: a standby waits on the lease before the active core has migrated anything. */
export async function createLeaseTable(q: Queryable): Promise<void> {
  await q.run(
    'CREATE TABLE IF NOT EXISTS core_lease (name TEXT PRIMARY KEY, holder TEXT NOT NULL, token BIGINT NOT NULL, expires_at BIGINT NOT NULL)',
  );
}

/** Takes the lease if nobody holds it or it has lapsed; answers the new fencing token, one more than the last. */
export async function tryAcquire(
  q: Queryable,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<number | undefined> {
  const row = await q.get<{ token: bigint }>(
    `INSERT INTO core_lease (name, holder, token, expires_at) VALUES (?, ?, 1, ${NOW} + ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, token = core_lease.token + 1, expires_at = excluded.expires_at
     WHERE core_lease.expires_at < ${NOW}
     RETURNING token`,
    [name, holder, ttlMs],
  );
  return row ? Number(row.token) : undefined;
}

/** Extends the lease while the token is still the holder's; false once somebody else has taken it. */
export async function renewLease(q: Queryable, name: string, token: number, ttlMs: number): Promise<boolean> {
  return (
    (await q.run(`UPDATE core_lease SET expires_at = ${NOW} + ? WHERE name = ? AND token = ?`, [
      ttlMs,
      name,
      token,
    ])) === 1
  );
}

/** Lets the lease lapse at once (a core stopping on purpose), so a standby need not wait out the time. */
export async function releaseLease(q: Queryable, name: string, token: number): Promise<void> {
  await q.run('UPDATE core_lease SET expires_at = 0 WHERE name = ? AND token = ?', [name, token]);
}

/**
 * The current token, with a share lock held to the end of the caller's transaction: a takeover (an update of the
 * row) waits for the transaction, and a transaction that starts after the takeover sees the new token.
 */
export async function currentToken(q: Queryable, name: string): Promise<number | undefined> {
  const row = await q.get<{ token: bigint }>('SELECT token FROM core_lease WHERE name = ? FOR SHARE', [name]);
  return row ? Number(row.token) : undefined;
}

export async function leaseHolder(
  q: Queryable,
  name: string,
): Promise<{ holder: string; token: number; expiresAt: number } | undefined> {
  const row = await q.get<{ holder: string; token: bigint; expires_at: bigint }>(
    'SELECT holder, token, expires_at FROM core_lease WHERE name = ?',
    [name],
  );
  return row && { holder: row.holder, token: Number(row.token), expiresAt: Number(row.expires_at) };
}
