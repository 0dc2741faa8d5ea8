import { num, type Queryable } from '../storage/db.ts';

/** A users row as the services see it. */
export interface UserRow {
  id: number;
  uid: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  passwordHash: string;
  fundPasswordHash: string | null;
  inviteCode: string;
  inviterId: number | null;
  role: 'user' | 'operator';
  isMerchant: 1 | 2;
  avatar: string | null;
  status: 'active' | 'frozen';
  createdAt: number;
}

function toUser(r: Record<string, unknown>): UserRow {
  return {
    id: num(r.id),
    uid: String(r.uid),
    username: (r.username as string) ?? null,
    email: (r.email as string) ?? null,
    phone: (r.phone as string) ?? null,
    countryCode: (r.country_code as string) ?? null,
    passwordHash: String(r.password_hash),
    fundPasswordHash: (r.fund_password_hash as string) ?? null,
    inviteCode: String(r.invite_code),
    inviterId: r.inviter_id === null || r.inviter_id === undefined ? null : num(r.inviter_id),
    role: r.role === 'operator' ? 'operator' : 'user',
    isMerchant: num(r.is_merchant) === 2 ? 2 : 1,
    avatar: (r.avatar as string) ?? null,
    status: r.status === 'frozen' ? 'frozen' : 'active',
    createdAt: num(r.created_at),
  };
}

export type UserKey = 'id' | 'uid' | 'username' | 'email' | 'phone' | 'invite_code';

export async function findUserBy(q: Queryable, key: UserKey, value: string | number): Promise<UserRow | undefined> {
  const row = await q.get(`SELECT * FROM users WHERE ${key} = ?`, [value]);
  return row ? toUser(row) : undefined;
}

interface NewUser {
  uid: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  passwordHash: string;
  inviteCode: string;
  inviterId: number | null;
  role?: 'user' | 'operator' | 'bot';
}

export async function insertUser(q: Queryable, u: NewUser, now: number): Promise<UserRow> {
  const row = await q.get(
    `INSERT INTO users (uid, username, email, phone, country_code, password_hash, invite_code, inviter_id, role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    [
      u.uid,
      u.username,
      u.email,
      u.phone,
      u.countryCode,
      u.passwordHash,
      u.inviteCode,
      u.inviterId,
      u.role ?? 'user',
      now,
      now,
    ],
  );
  return toUser(row!);
}

export async function updatePasswordHash(q: Queryable, userId: number, hash: string, now: number): Promise<void> {
  await q.run('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?', [hash, now, userId]);
}

export async function updateFundPasswordHash(q: Queryable, userId: number, hash: string, now: number): Promise<void> {
  await q.run('UPDATE users SET fund_password_hash = ?, updated_at = ? WHERE id = ?', [hash, now, userId]);
}

/** is_merchant 2 for users whose merchant application was approved (the OTC projection). */
export async function markMerchants(q: Queryable, userIds: readonly number[]): Promise<void> {
  if (userIds.length)
    await q.run(`UPDATE users SET is_merchant = 2 WHERE id IN (${userIds.map(() => '?').join(', ')})`, [...userIds]);
}

/** Nicknames by id for lists that name other users (OTC counterparties, chat authors). */
export async function nicknames(q: Queryable, userIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!userIds.length) return out;
  const rows = await q.all<{ id: unknown; username: string | null; uid: unknown }>(
    `SELECT id, username, uid FROM users WHERE id IN (${userIds.map(() => '?').join(', ')})`,
    [...userIds],
  );
  // Without a username, the public uid: never the e-mail or phone of one user to another.
  for (const r of rows) out.set(Number(r.id), r.username || `UID ${String(r.uid)}`);
  return out;
}

export async function operatorIds(q: Queryable): Promise<number[]> {
  return (await q.all<{ id: unknown }>("SELECT id FROM users WHERE role = 'operator' ORDER BY id")).map((r) =>
    Number(r.id),
  );
}

export async function operatorExists(q: Queryable): Promise<boolean> {
  return Boolean(await q.get("SELECT id FROM users WHERE role = 'operator' LIMIT 1"));
}

/** Binds or replaces the account's e-mail address, or its phone with the phone's country (server/account/security). */
export async function updateContact(
  q: Queryable,
  userId: number,
  contact: { email: string } | { phone: string; countryCode: string },
  now: number,
): Promise<void> {
  if ('email' in contact)
    await q.run('UPDATE users SET email = ?, updated_at = ? WHERE id = ?', [contact.email, now, userId]);
  else
    await q.run('UPDATE users SET phone = ?, country_code = ?, updated_at = ? WHERE id = ?', [
      contact.phone,
      contact.countryCode,
      now,
      userId,
    ]);
}
