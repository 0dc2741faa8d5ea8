import type { CodePurpose } from '../../isomorphic/contract/user.ts';
import type { Translate } from '../i18n/i18n.ts';
import { fail } from '../outcome.ts';
import type { Sender } from '../notify/sender.ts';
import type { Db, Queryable } from '../storage/db.ts';
import * as repo from './codes.repo.ts';
import { digest, newCode } from './tokens.ts';

const MAX_ATTEMPTS = 5;
/** Codes one address may be sent per day, whatever the purpose and whichever client asks. */
const CODES_PER_DAY = 10;

interface CodeTarget {
  channel: 'email' | 'sms';
  target: string;
  purpose: CodePurpose;
}

export interface CodeSettings {
  codeTtlSeconds: number;
  codeResendSeconds: number;
}

/**
 * Sends a fresh single-use code, replacing any earlier one for the same target and purpose, at most once per
 * resend interval and CODES_PER_DAY times a day per address. With `deliver` false the code is recorded but not
 * sent (a reset for an address without an account), so that the answer and the limits are the same either way.
 */
export async function issueCode(
  db: Db,
  sender: Sender,
  cfg: CodeSettings,
  to: CodeTarget,
  t: Translate,
  deliver = true,
): Promise<void> {
  const now = Date.now();
  const code = newCode();
  await db.tx(async (q) => {
    const last = await repo.lastIssued(q, to);
    const wait = last === undefined ? 0 : Math.ceil((last + cfg.codeResendSeconds * 1000 - now) / 1000);
    if (wait > 0) fail('codeTooSoon', { seconds: wait });
    if ((await repo.issuedSince(q, to.channel, to.target, now - 86_400_000)) >= CODES_PER_DAY) fail('codeDailyLimit');
    await repo.replaceCode(q, to, digest(code), now, now + cfg.codeTtlSeconds * 1000);
  });
  if (!deliver) return;
  const minutes = Math.round(cfg.codeTtlSeconds / 60);
  await sender.send({
    channel: to.channel,
    target: to.target,
    subject: t('mail.codeSubject', { code }),
    body: t(`mail.codeBody.${to.purpose}`, { code, minutes }),
    t,
  });
}

/**
 * Checks a code outside the caller's transaction, so a wrong guess is counted even when the caller then fails;
 * returns the code's id for consumeCode inside the transaction that uses it.
 */
export async function checkCode(db: Db, to: CodeTarget, code: string): Promise<number> {
  const row = await repo.liveCode(db, to);
  if (!row) fail('codeInvalid');
  if (row.expiresAt < Date.now()) fail('codeExpired');
  if (row.attempts >= MAX_ATTEMPTS) fail('codeTooManyAttempts');
  if (row.codeHash !== digest(code)) {
    await repo.countWrongGuess(db, row.id);
    fail('codeInvalid');
  }
  return row.id;
}

/** Marks a checked code used; a second use of the same code (a race) finds it consumed and fails. */
export async function consumeCode(q: Queryable, id: number): Promise<void> {
  if (!(await repo.markConsumed(q, id, Date.now()))) fail('codeInvalid');
}
