import type { WhitelistEntry, WithdrawLockReason } from '../../../isomorphic/contract/security.ts';
import { num, type Queryable } from '../../storage/db.ts';

/** A user's security settings; a user who never touched one has no row and reads as defaults. */
export interface SecurityRow {
  totpSecret: string | null;
  totpBoundAt: number | null;
  totpLastStep: number | null;
  totpPendingSecret: string | null;
  totpPendingUntil: number | null;
  antiCode: string | null;
  whitelistOn: boolean;
  withdrawLockedUntil: number | null;
  withdrawLockReason: WithdrawLockReason | null;
}

const NO_SETTINGS: SecurityRow = {
  totpSecret: null,
  totpBoundAt: null,
  totpLastStep: null,
  totpPendingSecret: null,
  totpPendingUntil: null,
  antiCode: null,
  whitelistOn: false,
  withdrawLockedUntil: null,
  withdrawLockReason: null,
};

const orNull = (v: unknown) => (v === null || v === undefined ? null : num(v));
const textOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function securityOf(q: Queryable, userId: number): Promise<SecurityRow> {
  const r = await q.get('SELECT * FROM account_security WHERE user_id = ?', [userId]);
  if (!r) return NO_SETTINGS;
  return {
    totpSecret: textOrNull(r.totp_secret),
    totpBoundAt: orNull(r.totp_bound_at),
    totpLastStep: orNull(r.totp_last_step),
    totpPendingSecret: textOrNull(r.totp_pending_secret),
    totpPendingUntil: orNull(r.totp_pending_until),
    antiCode: textOrNull(r.anti_code),
    whitelistOn: num(r.whitelist_on) === 1,
    withdrawLockedUntil: orNull(r.withdraw_locked_until),
    withdrawLockReason: textOrNull(r.withdraw_lock_reason) as WithdrawLockReason | null,
  };
}

/** Whether the user has bound the authenticator, for the user info every page reads. */
export async function googleBoundOf(q: Queryable, userId: number): Promise<boolean> {
  return Boolean(
    await q.get('SELECT 1 AS x FROM account_security WHERE user_id = ? AND totp_secret IS NOT NULL', [userId]),
  );
}

async function ensureRow(q: Queryable, userId: number, now: number): Promise<void> {
  await q.run('INSERT INTO account_security (user_id, updated_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING', [
    userId,
    now,
  ]);
}

/** Keeps a new authenticator secret until its first code arrives (or `until`), replacing any earlier setup. */
export async function setPendingSecret(
  q: Queryable,
  userId: number,
  secret: string,
  until: number,
  now: number,
): Promise<void> {
  await ensureRow(q, userId, now);
  await q.run(
    'UPDATE account_security SET totp_pending_secret = ?, totp_pending_until = ?, updated_at = ? WHERE user_id = ?',
    [secret, until, now, userId],
  );
}

/**
 * Makes the pending secret the bound one, its first code's step the last used; false when another request bound
 * one first or the setup was replaced meanwhile.
 */
export async function bindPendingSecret(
  q: Queryable,
  userId: number,
  secret: string,
  step: number,
  now: number,
): Promise<boolean> {
  const changed = await q.run(
    `UPDATE account_security SET totp_secret = totp_pending_secret, totp_bound_at = ?, totp_last_step = ?, totp_pending_secret = NULL, totp_pending_until = NULL, updated_at = ?
     WHERE user_id = ? AND totp_secret IS NULL AND totp_pending_secret = ?`,
    [now, step, now, userId, secret],
  );
  return changed === 1;
}

/** Records a code's step as used, atomically: of two requests with the same code only one gets true. */
export async function useStep(q: Queryable, userId: number, step: number, now: number): Promise<boolean> {
  const changed = await q.run(
    'UPDATE account_security SET totp_last_step = ?, updated_at = ? WHERE user_id = ? AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?)',
    [step, now, userId, step],
  );
  return changed === 1;
}

export async function clearTotp(q: Queryable, userId: number, now: number): Promise<void> {
  await q.run(
    'UPDATE account_security SET totp_secret = NULL, totp_bound_at = NULL, totp_last_step = NULL, updated_at = ? WHERE user_id = ?',
    [now, userId],
  );
}

export async function setAntiCode(q: Queryable, userId: number, code: string, now: number): Promise<void> {
  await ensureRow(q, userId, now);
  await q.run('UPDATE account_security SET anti_code = ?, updated_at = ? WHERE user_id = ?', [code, now, userId]);
}

/** The anti-phishing code of the account an e-mail address is bound to, if it set one. */
export async function antiCodeOfEmail(q: Queryable, email: string): Promise<string | null> {
  const r = await q.get<{ anti_code: string | null }>(
    'SELECT s.anti_code FROM users u JOIN account_security s ON s.user_id = u.id WHERE u.email = ?',
    [email],
  );
  return r?.anti_code ?? null;
}

export async function setWhitelistOn(q: Queryable, userId: number, on: boolean, now: number): Promise<void> {
  await ensureRow(q, userId, now);
  await q.run('UPDATE account_security SET whitelist_on = ?, updated_at = ? WHERE user_id = ?', [
    on ? 1 : 0,
    now,
    userId,
  ]);
}

/** Pauses withdrawals until `until` unless an earlier change paused them longer already. */
export async function pauseWithdrawals(
  q: Queryable,
  userId: number,
  until: number,
  reason: WithdrawLockReason,
  now: number,
): Promise<void> {
  await ensureRow(q, userId, now);
  await q.run(
    'UPDATE account_security SET withdraw_locked_until = ?, withdraw_lock_reason = ?, updated_at = ? WHERE user_id = ? AND (withdraw_locked_until IS NULL OR withdraw_locked_until < ?)',
    [until, reason, now, userId, until],
  );
}

function toEntry(r: Record<string, unknown>): WhitelistEntry {
  return {
    id: num(r.id),
    coin: String(r.coin),
    network: String(r.network),
    address: String(r.address),
    label: textOrNull(r.label),
    createdAt: num(r.created_at),
  };
}

export async function whitelistOf(q: Queryable, userId: number): Promise<WhitelistEntry[]> {
  return (await q.all('SELECT * FROM withdraw_whitelist WHERE user_id = ? ORDER BY id', [userId])).map(toEntry);
}

/** Adds an address; false when the user has it on the list for that network already. */
export async function addWhitelisted(
  q: Queryable,
  userId: number,
  e: Omit<WhitelistEntry, 'id' | 'createdAt'>,
  now: number,
): Promise<boolean> {
  const added = await q.run(
    'INSERT INTO withdraw_whitelist (user_id, coin, network, address, label, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, network, address) DO NOTHING',
    [userId, e.coin, e.network, e.address, e.label, now],
  );
  return added === 1;
}

/** Removes one of the user's own entries; false when the id is not theirs (or not there). */
export async function removeWhitelisted(q: Queryable, userId: number, id: number): Promise<boolean> {
  return (await q.run('DELETE FROM withdraw_whitelist WHERE id = ? AND user_id = ?', [id, userId])) === 1;
}

export async function isWhitelisted(q: Queryable, userId: number, network: string, address: string): Promise<boolean> {
  return Boolean(
    await q.get('SELECT 1 AS x FROM withdraw_whitelist WHERE user_id = ? AND network = ? AND address = ?', [
      userId,
      network,
      address,
    ]),
  );
}
