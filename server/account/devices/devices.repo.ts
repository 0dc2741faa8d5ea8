import type { Device, LoginLogEntry, LoginResultKind } from '../../../isomorphic/contract/security.ts';
import { num, type Queryable } from '../../storage/db.ts';
import { pageOf } from '../../storage/paging.ts';

interface SeenDevice {
  userId: number;
  family: string;
  ip: string | null;
  userAgent: string | null;
  now: number;
}

/** A login makes its device; a refresh of it is the same device, seen again, perhaps from a new address. */
export async function touchDevice(q: Queryable, d: SeenDevice): Promise<void> {
  await q.run(
    `INSERT INTO devices (user_id, family, ip, user_agent, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (family) DO UPDATE SET ip = excluded.ip, user_agent = excluded.user_agent, last_seen_at = excluded.last_seen_at`,
    [d.userId, d.family, d.ip, d.userAgent, d.now, d.now],
  );
}

/** Moves a device's last-seen time forward when it is at least `staleBefore` old. */
export async function markSeen(q: Queryable, family: string, now: number, staleBefore: number): Promise<void> {
  await q.run('UPDATE devices SET last_seen_at = ? WHERE family = ? AND last_seen_at < ?', [now, family, staleBefore]);
}

/** A device still signed in: some session of its family is neither revoked nor past its refresh lifetime. */
const LIVE =
  'EXISTS (SELECT 1 FROM sessions s WHERE s.family = d.family AND s.revoked_at IS NULL AND s.refresh_expires_at > ?)';

/** The user's signed-in devices, most recently seen first; `sessionId` marks the one asking. */
export async function liveDevices(q: Queryable, userId: number, sessionId: number, now: number): Promise<Device[]> {
  const rows = await q.all(
    `SELECT d.*, (SELECT COUNT(*) FROM sessions c WHERE c.id = ? AND c.family = d.family) AS is_current
     FROM devices d WHERE d.user_id = ? AND ${LIVE} ORDER BY d.last_seen_at DESC, d.id DESC`,
    [sessionId, userId, now],
  );
  return rows.map((r) => ({
    id: num(r.id),
    name: (r.name as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    ip: (r.ip as string | null) ?? null,
    firstSeen: num(r.first_seen_at),
    lastSeen: num(r.last_seen_at),
    current: num(r.is_current) > 0,
  }));
}

/** The session family of one of the user's signed-in devices; undefined for another user's or an ended one. */
export async function liveFamilyOf(
  q: Queryable,
  userId: number,
  deviceId: number,
  now: number,
): Promise<string | undefined> {
  const r = await q.get<{ family: string }>(
    `SELECT d.family FROM devices d WHERE d.id = ? AND d.user_id = ? AND ${LIVE}`,
    [deviceId, userId, now],
  );
  return r?.family;
}

export async function renameDevice(q: Queryable, userId: number, deviceId: number, name: string): Promise<boolean> {
  return (await q.run('UPDATE devices SET name = ? WHERE id = ? AND user_id = ?', [name, deviceId, userId])) === 1;
}

/** How long the login log keeps an entry. */
const LOG_KEEP_MS = 180 * 86_400_000;

export async function recordLogin(
  q: Queryable,
  userId: number,
  result: LoginResultKind,
  ip: string | null,
  userAgent: string | null,
  now: number,
): Promise<void> {
  await q.run('INSERT INTO login_log (user_id, result, ip, user_agent, created_at) VALUES (?, ?, ?, ?, ?)', [
    userId,
    result,
    ip,
    userAgent,
    now,
  ]);
  await q.run('DELETE FROM login_log WHERE user_id = ? AND created_at < ?', [userId, now - LOG_KEEP_MS]);
}

export async function loginLogOf(
  q: Queryable,
  userId: number,
  page: number,
  size: number,
): Promise<{ total: number; records: LoginLogEntry[] }> {
  const { total, rows } = await pageOf<Record<string, unknown>>(
    q,
    { select: '*', from: 'FROM login_log WHERE user_id = ?', order: 'id DESC', params: [userId] },
    { page, size },
  );
  const records = rows.map((r) => ({
    id: num(r.id),
    time: num(r.created_at),
    ip: (r.ip as string | null) ?? null,
    userAgent: (r.user_agent as string | null) ?? null,
    result: r.result as LoginResultKind,
  }));
  return { total, records };
}
