import type {
  BackPwdBody,
  CodePurpose,
  LoginBody,
  LoginResult,
  PasswordChange,
  RegisterBody,
  UserInfo,
} from '../../isomorphic/contract/user.ts';
import type { LoginResultKind } from '../../isomorphic/contract/security.ts';
import { recordLogin } from '../account/devices/devices.repo.ts';
import { requireSecondFactor } from '../account/security/second-factor.ts';
import { googleBoundOf } from '../account/security/security.repo.ts';
import { pauseAfter } from '../account/security/withdraw-guard.ts';
import type { Translate } from '../i18n/i18n.ts';
import type { Sender } from '../notify/sender.ts';
import { AppError, fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { uniqueViolation } from '../storage/unique.ts';
import { guarded } from './auth-locks.ts';
import { checkCode, consumeCode, issueCode, type CodeSettings } from './codes.service.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';
import { toE164 } from './phone.ts';
import { forgetSessions, openSession, type ClientMeta, type SessionSettings } from './session.service.ts';
import { newInviteCode, newUid } from './tokens.ts';
import * as users from './user.repo.ts';
import { revokeAllOfUser } from './session.repo.ts';

interface LockSettings {
  loginMaxFailures: number;
  loginLockMinutes: number;
}
type UserSettings = SessionSettings & LockSettings;

/**
 * Guesses from all clients together may reach this many times the per-client limit before the account name is
 * locked for everyone: a stranger cannot lock out a known account from one address, and a spread-out guesser
 * still meets a ceiling.
 */
const ALL_CLIENTS_FACTOR = 10;

/**
 * docs/requirements.md §3 user info for the owner of the account (unmasked: masking is a display rule of the client).
 */
function toUserInfo(u: users.UserRow, googleBound = false): UserInfo {
  return {
    id: u.id,
    userId: u.uid,
    blade_user_id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone,
    countryCode: u.countryCode,
    is_merchant: u.isMerchant,
    merchant: u.isMerchant === 2 ? { id: u.id } : null,
    avatar: u.avatar,
    inviteCode: u.inviteCode,
    role: u.role,
    vip: false,
    creditScore: 100,
    hasFundPassword: u.fundPasswordHash !== null,
    googleBound,
    createdAt: u.createdAt,
  };
}

const TAKEN: Record<string, 'usernameTaken' | 'emailTaken' | 'phoneTaken'> = {
  username: 'usernameTaken',
  email: 'emailTaken',
  phone: 'phoneTaken',
};

/**
 * Creates an account by username, e-mail (with its code) or phone (with its code); docs/requirements.md §2 register
 * tabs.
 */
export async function register(db: Db, body: RegisterBody & { inviteCode?: string }): Promise<UserInfo> {
  const identity = {
    username: body.type === 'account' ? body.username : null,
    email: body.type === 'email' ? body.email : null,
    phone: body.type === 'phone' ? toE164(body.countryCode, body.phone) : null,
    countryCode: body.type === 'phone' ? body.countryCode : null,
  };
  for (const key of ['username', 'email', 'phone'] as const) {
    const value = identity[key];
    if (value && (await users.findUserBy(db, key, value))) fail(TAKEN[key]!);
  }
  const inviter = body.inviteCode ? await users.findUserBy(db, 'invite_code', body.inviteCode) : undefined;
  if (body.inviteCode && !inviter) fail('inviteCodeUnknown');
  const codeId =
    body.type === 'email'
      ? await checkCode(db, { channel: 'email', target: identity.email!, purpose: 'register' }, body.emailCode)
      : body.type === 'phone'
        ? await checkCode(db, { channel: 'sms', target: identity.phone!, purpose: 'register' }, body.smsCode)
        : undefined;
  const passwordHash = await hashPassword(body.password);
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await db.tx(async (q) => {
        if (codeId !== undefined) await consumeCode(q, codeId);
        return users.insertUser(
          q,
          { ...identity, passwordHash, inviteCode: newInviteCode(), uid: newUid(), inviterId: inviter?.id ?? null },
          Date.now(),
        );
      });
      return toUserInfo(user);
    } catch (err) {
      const column = uniqueViolation(err);
      if (column && TAKEN[column]) fail(TAKEN[column]);
      // uid and invite_code are random: a collision is retried with fresh ones.
      if (column && attempt < 5) continue;
      throw err;
    }
  }
}

function loginIdentity(body: LoginBody): { key: 'username' | 'email' | 'phone'; value: string } {
  if (body.type === 'account') return { key: 'username', value: body.username };
  if (body.type === 'email') return { key: 'email', value: body.email!.toLowerCase() };
  let phone: string;
  try {
    phone = toE164(body.countryCode, body.phone);
  } catch {
    return fail('badCredentials');
  }
  return { key: 'phone', value: phone };
}

/** The user info of a signed-in account, with what its security settings add. */
export async function userInfoOf(db: Db, u: users.UserRow): Promise<UserInfo> {
  return toUserInfo(u, await googleBoundOf(db, u.id));
}

/** What a refused login records in the account's login log (server/account/devices), by the refusal. */
const LOGGED_AS: Partial<Record<string, LoginResultKind>> = {
  accountLocked: 'locked',
  badCredentials: 'wrongPassword',
  accountFrozen: 'frozen',
  googleCodeWrong: 'wrongGoogleCode',
  googleCodeUsed: 'wrongGoogleCode',
  googleCodeLocked: 'googleLocked',
};

/**
 * Checks the password and opens a session. Guesses are limited per account name and client address (and, ten
 * times higher, per account name), counted whether or not the account exists, so a lock reveals nothing. Once
 * the authenticator is bound, a right password without its code answers `loginStep1` (the client then asks for
 * the code and sends both again). Every outcome for an existing account goes into its login log.
 */
export async function login(
  db: Db,
  cfg: UserSettings,
  body: LoginBody,
  meta: ClientMeta,
  now = Date.now(),
): Promise<LoginResult> {
  const { key, value } = loginIdentity(body);
  const user = await users.findUserBy(db, key, value);
  try {
    const result = await checkLogin(db, cfg, body, meta, user, `login:${key}:${value}`, now);
    await recordLogin(db, user!.id, 'success', meta.ip, meta.userAgent?.slice(0, 300) ?? null, now);
    return result;
  } catch (err) {
    const logged = err instanceof AppError ? LOGGED_AS[err.errorName] : undefined;
    if (user && logged) await recordLogin(db, user.id, logged, meta.ip, meta.userAgent?.slice(0, 300) ?? null, now);
    throw err;
  }
}

async function checkLogin(
  db: Db,
  cfg: UserSettings,
  body: LoginBody,
  meta: ClientMeta,
  user: users.UserRow | undefined,
  account: string,
  now: number,
): Promise<LoginResult> {
  const policy = {
    maxFailures: cfg.loginMaxFailures,
    lockMinutes: cfg.loginLockMinutes,
    error: 'accountLocked',
  } as const;
  // The client's own limit first, so that a locked-out client's attempts never count against the account.
  const good = await guarded(db, `${account}|${meta.ip ?? ''}`, policy, () =>
    guarded(db, account, { ...policy, maxFailures: cfg.loginMaxFailures * ALL_CLIENTS_FACTOR }, () =>
      verifyPassword(body.password, user?.passwordHash ?? DUMMY_HASH),
    ),
  );
  if (!user || !good) fail('badCredentials');
  if (user.status !== 'active') fail('accountFrozen');
  const googleBound = await googleBoundOf(db, user.id);
  if (googleBound && !body.googleCode) fail('loginStep1');
  await requireSecondFactor(db, user.id, body.googleCode, now);
  const tokens = await db.tx((q) => openSession(q, cfg, user.id, meta));
  return { ...tokens, userInfo: toUserInfo(user, googleBound) };
}

/**
 * Sends a sign-up or reset code to an e-mail address or phone (E.164). Sign-up refuses an address an account uses;
 * a reset answers the same whether or not one does (nothing is sent when none does), so the call cannot be used to
 * find out who has an account.
 */
export async function sendCode(
  db: Db,
  sender: Sender,
  cfg: CodeSettings,
  channel: 'email' | 'sms',
  target: string,
  purpose: CodePurpose,
  t: Translate,
): Promise<void> {
  const user = await users.findUserBy(db, channel === 'email' ? 'email' : 'phone', target);
  if (purpose === 'register' && user) fail(channel === 'email' ? 'emailTaken' : 'phoneTaken');
  const deliver = purpose !== 'reset' || user !== undefined;
  await issueCode(db, sender, cfg, { channel, target, purpose }, t, deliver);
}

/**
 * Sets a new password with a 'reset' code sent to the account's bound e-mail address or phone, ends every session
 * of the account and pauses its withdrawals for 24 hours.
 */
export async function resetPassword(db: Db, body: BackPwdBody, now = Date.now()): Promise<void> {
  const to =
    body.type === 'email'
      ? { channel: 'email' as const, target: body.email.toLowerCase(), code: body.emailCode }
      : { channel: 'sms' as const, target: toE164(body.countryCode, body.phone), code: body.smsCode };
  const user = await users.findUserBy(db, to.channel === 'email' ? 'email' : 'phone', to.target);
  const codeId = await checkCode(db, { channel: to.channel, target: to.target, purpose: 'reset' }, to.code);
  // Only reachable with a right code, which is never sent to an address without an account.
  if (!user) fail('codeInvalid');
  const hash = await hashPassword(body.password);
  await db.tx(async (q) => {
    await consumeCode(q, codeId);
    await users.updatePasswordHash(q, user.id, hash, now);
    await revokeAllOfUser(q, user.id, 'password-reset', now);
    await pauseAfter(q, user.id, 'passwordReset', now);
  });
  forgetSessions();
}

/**
 * Changes the login password given the old one (and the authenticator's code once bound); every session ends, so
 * the user logs in again (docs/requirements.md §8), and withdrawals pause for 24 hours.
 */
export async function changePassword(
  db: Db,
  user: users.UserRow,
  change: PasswordChange,
  now = Date.now(),
): Promise<void> {
  if (!(await verifyPassword(change.oldPassword, user.passwordHash))) fail('oldPasswordWrong');
  if (change.oldPassword === change.newPassword) fail('samePassword');
  await requireSecondFactor(db, user.id, change.googleCode, now);
  const hash = await hashPassword(change.newPassword);
  await db.tx(async (q) => {
    await users.updatePasswordHash(q, user.id, hash, now);
    await revokeAllOfUser(q, user.id, 'password-change', now);
    await pauseAfter(q, user.id, 'passwordChange', now);
  });
  forgetSessions();
}

/**
 * Sets the fund password (for withdrawals), proven by the login password and the authenticator's code once bound.
 * Once set it is not changed here: docs/requirements.md §1 sends a user who forgot it to customer service.
 */
export async function setFundPassword(
  db: Db,
  user: users.UserRow,
  body: { loginPassword: string; password: string; googleCode?: string },
  now = Date.now(),
): Promise<void> {
  if (user.fundPasswordHash) fail('fundPasswordSet');
  if (!(await verifyPassword(body.loginPassword, user.passwordHash))) fail('oldPasswordWrong');
  if (body.loginPassword === body.password) fail('samePassword');
  await requireSecondFactor(db, user.id, body.googleCode, now);
  await users.updateFundPasswordHash(db, user.id, await hashPassword(body.password), now);
  forgetSessions(); // the cached user row still says the fund password is unset
}
