import { num, type Queryable } from '../storage/db.ts';

export interface SessionRow {
  id: number;
  userId: number;
  family: string;
  issuedAt: number;
  expiresAt: number;
  refreshExpiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
}

function toSession(r: Record<string, unknown>): SessionRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    family: String(r.family),
    issuedAt: num(r.issued_at),
    expiresAt: num(r.expires_at),
    refreshExpiresAt: num(r.refresh_expires_at),
    revokedAt: r.revoked_at === null || r.revoked_at === undefined ? null : num(r.revoked_at),
    revokeReason: r.revoke_reason === null || r.revoke_reason === undefined ? null : String(r.revoke_reason),
  };
}

interface NewSession {
  userId: number;
  family: string;
  tokenHash: string;
  refreshHash: string;
  issuedAt: number;
  expiresAt: number;
  refreshExpiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(q: Queryable, s: NewSession): Promise<void> {
  await q.run(
    `INSERT INTO sessions (user_id, family, token_hash, refresh_hash, issued_at, expires_at, refresh_expires_at, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [s.userId, s.family, s.tokenHash, s.refreshHash, s.issuedAt, s.expiresAt, s.refreshExpiresAt, s.ip, s.userAgent],
  );
}

export async function findSessionByToken(q: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const row = await q.get('SELECT * FROM sessions WHERE token_hash = ?', [tokenHash]);
  return row ? toSession(row) : undefined;
}

export async function findSessionByRefresh(q: Queryable, refreshHash: string): Promise<SessionRow | undefined> {
  const row = await q.get('SELECT * FROM sessions WHERE refresh_hash = ?', [refreshHash]);
  return row ? toSession(row) : undefined;
}

/** Revokes one session unless it already was; says whether this call did it (the refresh race). */
export async function revokeSession(q: Queryable, id: number, reason: string, now: number): Promise<boolean> {
  return (
    (await q.run('UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL', [
      now,
      reason,
      id,
    ])) === 1
  );
}

/**
 * Ends sessions for good: the live ones and the rotated ones whose access tokens are still in their grace
 * (session.service.ts). A rotated session keeps its revocation time, which the refresh-reuse check reads.
 */
const END = `UPDATE sessions SET revoked_at = COALESCE(revoked_at, ?), revoke_reason = ?
  WHERE (revoked_at IS NULL OR revoke_reason = 'rotated') AND`;

export async function revokeFamily(q: Queryable, family: string, reason: string, now: number): Promise<void> {
  await q.run(`${END} family = ?`, [now, reason, family]);
}

/** Ends the device (family) a session belongs to: logging out also ends its predecessors' grace. */
export async function revokeFamilyOf(q: Queryable, sessionId: number, reason: string, now: number): Promise<void> {
  await q.run(`${END} family = (SELECT family FROM sessions WHERE id = ?)`, [now, reason, sessionId]);
}

export async function revokeAllOfUser(q: Queryable, userId: number, reason: string, now: number): Promise<void> {
  await q.run(`${END} user_id = ?`, [now, reason, userId]);
}
