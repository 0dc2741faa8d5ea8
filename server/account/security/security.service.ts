import type { AntiCodeBody, SecurityStatus } from '../../../isomorphic/contract/security.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { findUserBy, type UserRow } from '../../user/user.repo.ts';
import { confirmSecurityChange, verificationOf } from './second-factor.ts';
import { securityOf, setAntiCode } from './security.repo.ts';

/** The security tab's facts, read afresh (the session's cached user row may predate a binding). */
export async function securityStatus(db: Db, userId: number, now: number): Promise<SecurityStatus> {
  const user = (await findUserBy(db, 'id', userId)) ?? fail('unauthorized');
  const s = await securityOf(db, userId);
  const paused = s.withdrawLockedUntil !== null && s.withdrawLockedUntil > now && s.withdrawLockReason !== null;
  return {
    username: user.username,
    email: user.email,
    phone: user.phone,
    googleBound: s.totpSecret !== null,
    googleBoundAt: s.totpBoundAt,
    antiCode: s.antiCode,
    hasFundPassword: user.fundPasswordHash !== null,
    whitelistOn: s.whitelistOn,
    withdrawLock: paused ? { until: s.withdrawLockedUntil!, reason: s.withdrawLockReason! } : null,
    verification: verificationOf(user, s),
  };
}

/**
 * Sets or changes the anti-phishing code that every e-mail to the account's address shows from then on
 * (server/notify/sender.ts). It lives only in e-mails, so an account without an e-mail address cannot set one.
 */
export async function changeAntiCode(db: Db, user: UserRow, body: AntiCodeBody, now: number): Promise<void> {
  if (!user.email) fail('antiCodeNeedsEmail');
  await confirmSecurityChange(db, user, body, now);
  await setAntiCode(db, user.id, body.antiCode.trim(), now);
}
