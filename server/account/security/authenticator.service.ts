import QRCode from 'qrcode';
import type { GoogleBindBody, GoogleResetBody, GoogleSetup } from '../../../isomorphic/contract/security.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { checkCode, consumeCode } from '../../user/codes.service.ts';
import { verifyPassword } from '../../user/password.ts';
import type { UserRow } from '../../user/user.repo.ts';
import { checkGoogleCode } from './second-factor.ts';
import { bindPendingSecret, clearTotp, securityOf, setPendingSecret } from './security.repo.ts';
import { newTotpSecret } from './totp.ts';
import { pauseAfter } from './withdraw-guard.ts';

/** How long a setup waits for its first code. */
const SETUP_MS = 10 * 60_000;

/** The name an authenticator app lists the account under: its user name, e-mail, phone or public id. */
const accountLabel = (u: UserRow) => u.username ?? u.email ?? u.phone ?? u.uid;

/** Starts binding: a new secret, kept until its first code arrives, as text and as a QR code. */
export async function setupAuthenticator(db: Db, user: UserRow, issuer: string, now: number): Promise<GoogleSetup> {
  if ((await securityOf(db, user.id)).totpSecret) fail('googleAlreadyBound');
  const { secret, uri } = newTotpSecret(issuer, accountLabel(user));
  const expiresAt = now + SETUP_MS;
  await setPendingSecret(db, user.id, secret, expiresAt, now);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAt };
}

/**
 * Binds the authenticator with the first code it shows for the setup's secret. The login password is asked too,
 * so that someone holding only a stolen session cannot bind their own authenticator and lock the owner out.
 */
export async function bindAuthenticator(db: Db, user: UserRow, body: GoogleBindBody, now: number): Promise<void> {
  const s = await securityOf(db, user.id);
  if (s.totpSecret) fail('googleAlreadyBound');
  if (!s.totpPendingSecret || (s.totpPendingUntil ?? 0) < now) fail('googleSetupExpired');
  if (!(await verifyPassword(body.loginPassword, user.passwordHash))) fail('oldPasswordWrong');
  const step = await checkGoogleCode(db, user.id, s.totpPendingSecret, null, body.googleCode, now);
  if (!(await bindPendingSecret(db, user.id, s.totpPendingSecret, step, now))) fail('googleAlreadyBound');
}

/**
 * Removes a lost authenticator: the login password and a code sent to the bound e-mail or phone. Withdrawals then
 * pause for 24 hours; the user may bind a new one at once.
 */
export async function resetAuthenticator(db: Db, user: UserRow, body: GoogleResetBody, now: number): Promise<void> {
  if (!(await securityOf(db, user.id)).totpSecret) fail('googleNotBound');
  if (!(await verifyPassword(body.loginPassword, user.passwordHash))) fail('oldPasswordWrong');
  const target =
    body.channel === 'email' ? (user.email ?? fail('emailNotBound')) : (user.phone ?? fail('phoneNotBound'));
  const codeId = await checkCode(db, { channel: body.channel, target, purpose: 'security' }, body.code);
  await db.tx(async (q) => {
    await consumeCode(q, codeId);
    await clearTotp(q, user.id, now);
    await pauseAfter(q, user.id, 'googleReset', now);
  });
}
