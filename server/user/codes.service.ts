import type { CodePurpose } from '../../src/lib/contract/user.ts';
import type { Translate } from '../http/i18n.ts';
import { fail } from '../http/errors.ts';
import type { Sender } from '../notify/sender.ts';
import { num, type Db, type Queryable } from '../storage/db.ts';
import { digest, newCode } from './tokens.ts';

const MAX_ATTEMPTS = 5;

export interface CodeTarget {
  channel: 'email' | 'sms';
  target: string;
  purpose: CodePurpose;
}

export interface CodeSettings {
  codeTtlSeconds: number;
  codeResendSeconds: number;
}

/** Sends a fresh single-use code, replacing any earlier one for the same target and purpose. */
export async function issueCode(db: Db, sender: Sender, cfg: CodeSettings, to: CodeTarget, t: Translate): Promise<void> {
  const now = Date.now();
  const code = newCode();
  await db.tx(async (q) => {
    const last = await q.get<{ created_at: bigint }>(
      'SELECT created_at FROM verify_codes WHERE channel = ? AND target = ? AND purpose = ? ORDER BY id DESC LIMIT 1',
      [to.channel, to.target, to.purpose],
    );
    const wait = last ? Math.ceil((num(last.created_at) + cfg.codeResendSeconds * 1000 - now) / 1000) : 0;
    if (wait > 0) fail('codeTooSoon', { seconds: wait });
    await q.run(
      'UPDATE verify_codes SET consumed_at = ? WHERE channel = ? AND target = ? AND purpose = ? AND consumed_at IS NULL',
      [now, to.channel, to.target, to.purpose],
    );
    await q.run(
      'INSERT INTO verify_codes (channel, target, purpose, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      [to.channel, to.target, to.purpose, digest(code), now, now + cfg.codeTtlSeconds * 1000],
    );
  });
  const minutes = Math.round(cfg.codeTtlSeconds / 60);
  await sender.send({
    channel: to.channel,
    target: to.target,
    subject: t('mail.codeSubject', { code }),
    body: t(`mail.codeBody.${to.purpose}`, { code, minutes }),
  });
}

/**
 * Checks a code outside the caller's transaction, so a wrong guess is counted even when the caller then fails;
 * returns the code's id for consumeCode inside the transaction that uses it.
 */
export async function checkCode(db: Db, to: CodeTarget, code: string): Promise<number> {
  const row = await db.get<Record<string, unknown>>(
    'SELECT * FROM verify_codes WHERE channel = ? AND target = ? AND purpose = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1',
    [to.channel, to.target, to.purpose],
  );
  if (!row) fail('codeInvalid');
  if (num(row.expires_at) < Date.now()) fail('codeExpired');
  if (num(row.attempts) >= MAX_ATTEMPTS) fail('codeTooManyAttempts');
  if (row.code_hash !== digest(code)) {
    await db.run('UPDATE verify_codes SET attempts = attempts + 1 WHERE id = ?', [row.id as bigint]);
    fail('codeInvalid');
  }
  return num(row.id);
}

/** Marks a checked code used; a second use of the same code (a race) finds it consumed and fails. */
export async function consumeCode(q: Queryable, id: number): Promise<void> {
  const changed = await q.run('UPDATE verify_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL', [Date.now(), id]);
  if (changed !== 1) fail('codeInvalid');
}
