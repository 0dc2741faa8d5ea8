import { num, type Queryable } from '../storage/db.ts';

/** Where a code goes and what it is for: (channel, target, purpose) names a code's slot. */
interface CodeSlot {
  channel: 'email' | 'sms';
  target: string;
  purpose: string;
}

interface CodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: number;
}

/** When the slot's last code was made, if ever. */
export async function lastIssued(q: Queryable, s: CodeSlot): Promise<number | undefined> {
  const row = await q.get<{ created_at: bigint }>(
    'SELECT created_at FROM verify_codes WHERE channel = ? AND target = ? AND purpose = ? ORDER BY id DESC LIMIT 1',
    [s.channel, s.target, s.purpose],
  );
  return row ? num(row.created_at) : undefined;
}

/** How many codes an address was sent since a time, whatever their purpose. */
export async function issuedSince(q: Queryable, channel: string, target: string, since: number): Promise<number> {
  return num(
    (
      await q.get<{ n: unknown }>(
        'SELECT COUNT(*) AS n FROM verify_codes WHERE channel = ? AND target = ? AND created_at > ?',
        [channel, target, since],
      )
    )?.n,
  );
}

/** Retires the slot's live code and records a new one. */
export async function replaceCode(
  q: Queryable,
  s: CodeSlot,
  codeHash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await q.run(
    'UPDATE verify_codes SET consumed_at = ? WHERE channel = ? AND target = ? AND purpose = ? AND consumed_at IS NULL',
    [now, s.channel, s.target, s.purpose],
  );
  await q.run(
    'INSERT INTO verify_codes (channel, target, purpose, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    [s.channel, s.target, s.purpose, codeHash, now, expiresAt],
  );
}

export async function liveCode(q: Queryable, s: CodeSlot): Promise<CodeRow | undefined> {
  const r = await q.get<Record<string, unknown>>(
    'SELECT * FROM verify_codes WHERE channel = ? AND target = ? AND purpose = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1',
    [s.channel, s.target, s.purpose],
  );
  return r && { id: num(r.id), codeHash: String(r.code_hash), attempts: num(r.attempts), expiresAt: num(r.expires_at) };
}

export async function countWrongGuess(q: Queryable, id: number): Promise<void> {
  await q.run('UPDATE verify_codes SET attempts = attempts + 1 WHERE id = ?', [id]);
}

/** Marks a code used; false when it was used already. */
export async function markConsumed(q: Queryable, id: number, now: number): Promise<boolean> {
  return (await q.run('UPDATE verify_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL', [now, id])) === 1;
}
