/**
 * Wire contract of the account and session calls: request schemas (checked by the server) and the types both
 * sides use. Islands import only the types, so zod never ships to the browser. Error texts are i18n keys.
 */
import { z } from './zod.ts';
import { PASSWORD_PATTERN, USERNAME_PATTERN, isEmail } from '../validate/index.ts';

/** A string field whose absence and wrong type read differently: "is required" vs "has the wrong type". */
export const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });

const password = text()
  .min(1, { error: 'validation.required' })
  .max(20, { error: 'validation.password' })
  .regex(PASSWORD_PATTERN, { error: 'validation.password' });
const username = text()
  .trim()
  .min(1, { error: 'validation.required' })
  .regex(USERNAME_PATTERN, { error: 'validation.username' });
export const email = text()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(254, { error: 'validation.email' })
  .refine(isEmail, { error: 'validation.email' })
  .transform((s) => s.toLowerCase());
export const code = text().regex(/^\d{6}$/, { error: 'validation.code' });
export const countryCode = text().regex(/^[A-Z]{2}$/, { error: 'validation.country' });
export const phone = text()
  .trim()
  .regex(/^\d{4,15}$/, { error: 'validation.phone' });
const inviteCode = text()
  .trim()
  .max(16, { error: 'validation.inviteCode' })
  .regex(/^[A-Za-z0-9]*$/, { error: 'validation.inviteCode' })
  .optional()
  .transform((s) => (s ? s.toUpperCase() : undefined));

const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const confirmError = { error: 'validation.passwordMismatch', path: ['confirmPassword'] };

export const registerBody = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('account'), username }),
      z.object({ type: z.literal('email'), email, emailCode: code }),
      z.object({ type: z.literal('phone'), countryCode, phone, smsCode: code }),
    ],
    { error: 'validation.registerType' },
  )
  .and(z.object({ password, confirmPassword: text(), inviteCode }))
  .refine(samePasswords, confirmError);
export type RegisterBody = z.input<typeof registerBody>;

/** The authenticator's six digits, asked for once it is bound (the second step of login, security changes). */
export const googleCode = text().regex(/^\d{6}$/, { error: 'validation.googleCode' });

const loginPassword = () => text().min(1, { error: 'validation.required' }).max(64);
/** Login by any identifier the account has bound; `googleCode` is the second step once the authenticator is bound. */
export const loginBody = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('account'), username, password: loginPassword(), googleCode: googleCode.optional() }),
    z.object({ type: z.literal('email'), email, password: loginPassword(), googleCode: googleCode.optional() }),
    z.object({
      type: z.literal('phone'),
      countryCode,
      phone,
      password: loginPassword(),
      googleCode: googleCode.optional(),
    }),
  ],
  { error: 'validation.loginType' },
);
export type LoginBody = z.input<typeof loginBody>;

export const CODE_PURPOSES = ['register', 'reset', 'bind'] as const;
/** What a code asked for without a session is for. */
export type PublicCodePurpose = (typeof CODE_PURPOSES)[number];
/** What a code is for; 'security' codes go only to a signed-in user's own bound address (server/account/security). */
export type CodePurpose = PublicCodePurpose | 'security';
const purpose = z.enum(CODE_PURPOSES, { error: 'validation.purpose' }).default('register');

export const sendEmailCodeQuery = z.object({ email, purpose });
export const sendMobileCodeQuery = z.object({ countryCode, phone, purpose });

/** A password reset proven by a code sent to the account's bound e-mail address or phone. */
export const backPwdBody = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('email'), email, emailCode: code }),
      z.object({ type: z.literal('phone'), countryCode, phone, smsCode: code }),
    ],
    { error: 'validation.resetType' },
  )
  .and(z.object({ password, confirmPassword: text() }))
  .refine(samePasswords, confirmError);
export type BackPwdBody = z.input<typeof backPwdBody>;

export const refreshBody = z.object({ refreshToken: text().min(20).max(200) });

/** Sealed with the server's public key (see isomorphic/crypto/seal.ts); the plain text is `PasswordChange` JSON. */
export const sealedBody = z.object({ sealed: text().min(16).max(8192) });
export const passwordChange = z.object({
  oldPassword: text().min(1).max(64),
  newPassword: password,
  googleCode: googleCode.optional(),
});
export type PasswordChange = z.input<typeof passwordChange>;
export const fundPasswordSet = z
  .object({
    loginPassword: text().min(1).max(64),
    password,
    confirmPassword: text(),
    googleCode: googleCode.optional(),
  })
  .refine(samePasswords, confirmError);
export type FundPasswordSet = z.input<typeof fundPasswordSet>;

/** docs/requirements.md §3 user info, as returned by login and getInfo. */
export interface UserInfo {
  id: number;
  userId: string;
  blade_user_id: number;
  username: string | null;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  /** 2 means merchant (docs/requirements.md §3, §6); 1 is a normal user. */
  is_merchant: 1 | 2;
  merchant: { id: number } | null;
  avatar: string | null;
  inviteCode: string;
  role: 'user' | 'operator';
  vip: boolean;
  creditScore: number;
  hasFundPassword: boolean;
  /** The Google authenticator is bound: login, withdrawals and security changes ask for its code. */
  googleBound: boolean;
  createdAt: number;
}

/** docs/requirements.md §3 user session as returned by login, register and refresh. */
export interface SessionTokens {
  token: string;
  refreshToken: string;
  tenantId: string;
  /**
   * Seconds since the epoch at which the token was issued; the client refreshes by its age (docs/requirements.md §4).
   */
  issuedAt: number;
  expiresIn: number;
  refreshExpiresIn: number;
}
export interface LoginResult extends SessionTokens {
  userInfo: UserInfo;
}

export interface CountryCode {
  code: string;
  dialCode: string;
  name: string;
}
