import type { SecurityProof, SecurityStatus } from '../../../isomorphic/contract/security.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { guarded } from '../../user/auth-locks.ts';
import { checkCode, consumeCode } from '../../user/codes.service.ts';
import type { UserRow } from '../../user/user.repo.ts';
import { securityOf, useStep, type SecurityRow } from './security.repo.ts';
import { checkTotp } from './totp.ts';

/** Five wrong authenticator codes lock it for 15 minutes, doubling with each lock (server/user/auth-locks.ts). */
const GOOGLE_LOCK = { maxFailures: 5, lockMinutes: 15, error: 'googleCodeLocked' } as const;

/**
 * Checks a code against a secret under the user's guess limit; a wrong or reused code counts as a guess. Answers
 * the code's time step.
 */
export async function checkGoogleCode(
  db: Db,
  userId: number,
  secret: string,
  lastStep: number | null,
  code: string,
  now: number,
): Promise<number> {
  let step = 0;
  let reused = false;
  const good = await guarded(
    db,
    `google:${userId}`,
    GOOGLE_LOCK,
    async () => {
      const check = await checkTotp(secret, code, now, lastStep);
      if (check.ok) step = check.step;
      else reused = check.reason === 'used';
      return check.ok;
    },
    now,
  );
  if (!good) fail(reused ? 'googleCodeUsed' : 'googleCodeWrong');
  return step;
}

/**
 * The second factor other features ask for (withdrawals, API keys, security changes): once the user has bound the
 * authenticator, a code from it is required, works once (its time step is recorded atomically, so a double submit
 * or a replay is refused) and is counted against the guess limit when wrong. Without a bound authenticator it
 * asks for nothing. Call it after the request's other checks and before its transaction: a code presented is used.
 */
export async function requireSecondFactor(
  db: Db,
  userId: number,
  code: string | undefined,
  now: number,
): Promise<void> {
  const s = await securityOf(db, userId);
  if (!s.totpSecret) return;
  if (!code) fail('googleCodeRequired');
  const step = await checkGoogleCode(db, userId, s.totpSecret, s.totpLastStep, code, now);
  if (!(await useStep(db, userId, step, now))) fail('googleCodeUsed');
}

/** What confirms a security change for this user: the authenticator, else the bound e-mail, else the bound phone. */
export function verificationOf(
  user: Pick<UserRow, 'email' | 'phone'>,
  s: Pick<SecurityRow, 'totpSecret'>,
): SecurityStatus['verification'] {
  if (s.totpSecret) return 'google';
  if (user.email) return 'email';
  if (user.phone) return 'sms';
  return null;
}

/**
 * Confirms a security change (the anti-phishing code, the whitelist) with the strongest factor the user has: the
 * authenticator's code, or a 'security' code sent to the bound e-mail or phone. An account with none of them is
 * refused: a change that nothing but the session confirms would protect nothing.
 */
export async function confirmSecurityChange(db: Db, user: UserRow, proof: SecurityProof, now: number): Promise<void> {
  const s = await securityOf(db, user.id);
  const kind = verificationOf(user, s);
  if (kind === null) fail('securityBindingRequired');
  if (kind === 'google') return requireSecondFactor(db, user.id, proof.googleCode, now);
  const code = kind === 'email' ? proof.emailCode : proof.smsCode;
  if (!code) fail('codeInvalid');
  const target = { channel: kind, target: kind === 'email' ? user.email! : user.phone!, purpose: 'security' } as const;
  await consumeCode(db, await checkCode(db, target, code));
}
