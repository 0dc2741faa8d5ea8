/**
 * Wire contract of account security (docs/requirements.md §7 "Account and auth": bindEmail, accountVerificationBinding,
 * coin/open/send/email|sms, the authenticator, antiCode, userCoin, devices and the login log): request schemas the
 * server checks and the shapes it answers with. Islands import only the types.
 */
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { code, countryCode, email, googleCode, phone, text } from './user.ts';
import { ANTI_CODE_PATTERN } from '../validate/anti-code.ts';

const loginPassword = text().min(1, { error: 'validation.required' }).max(64);

/**
 * What a security change is confirmed with: the authenticator's code when it is bound, otherwise a code sent to
 * the bound e-mail address (or, without one, to the bound phone). See SecurityStatus.verification.
 */
const proof = { googleCode: googleCode.optional(), emailCode: code.optional(), smsCode: code.optional() };
export interface SecurityProof {
  googleCode?: string;
  emailCode?: string;
  smsCode?: string;
}

/** GET …/open/send/email: with `email`, a binding code to that new address; without, a code to the bound one. */
export const sendEmailQuery = z.object({ email: email.optional() });
/** GET …/open/send/sms: with country and number, a binding code to that new phone; without, to the bound one. */
export const sendSmsQuery = z
  .object({ countryCode: countryCode.optional(), phone: phone.optional() })
  .refine((q) => (q.countryCode === undefined) === (q.phone === undefined), {
    error: 'validation.phone',
    path: ['phone'],
  });

/**
 * Binding or changing an address: `code` was sent to the new one; `oldCode` to the one it replaces (changing only);
 * `googleCode` when the authenticator is bound.
 */
const bindingProof = { code, oldCode: code.optional(), googleCode: googleCode.optional() };
export const bindEmailBody = z.object({ email, ...bindingProof });
export const bindingBody = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('email'), email, ...bindingProof }),
    z.object({ type: z.literal('phone'), countryCode, phone, ...bindingProof }),
  ],
  { error: 'validation.bindingType' },
);
export type BindingBody = z.input<typeof bindingBody>;

/** Binding the authenticator: the first code it shows for the secret of the setup, and the login password. */
export const googleBindBody = z.object({ googleCode, loginPassword });
export type GoogleBindBody = z.input<typeof googleBindBody>;
/** Resetting it (a lost phone): the login password and a code sent to the bound e-mail or phone. */
export const googleResetBody = z.object({
  loginPassword,
  channel: z.enum(['email', 'sms'], { error: 'validation.invalidValue' }),
  code,
});
export type GoogleResetBody = z.input<typeof googleResetBody>;

export const antiCodeBody = z.object({
  antiCode: text().trim().regex(ANTI_CODE_PATTERN, { error: 'validation.antiCode' }),
  ...proof,
});
export type AntiCodeBody = z.input<typeof antiCodeBody>;

const coin = text()
  .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'validation.invalidValue' })
  .transform((s) => s.toUpperCase());
export const whitelistAddBody = z.object({
  coin,
  network: text().min(1, { error: 'validation.required' }).max(20),
  address: text()
    .trim()
    .min(4, { error: 'validation.whitelistAddress' })
    .max(200, { error: 'validation.whitelistAddress' }),
  label: text().trim().max(40, { error: 'validation.tooLong' }).optional(),
  ...proof,
});
export type WhitelistAddBody = z.input<typeof whitelistAddBody>;
export const whitelistDeleteBody = z.object({ id: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER }), ...proof });
export type WhitelistDeleteBody = z.input<typeof whitelistDeleteBody>;
export const whitelistSwitchBody = z.object({ enabled: z.boolean({ error: 'validation.invalidType' }), ...proof });
export type WhitelistSwitchBody = z.input<typeof whitelistSwitchBody>;

export const deviceParams = z.object({ id: queryInt({ min: 1, max: 999_999_999_999_999 }) });
export const deviceRenameBody = z.object({
  id: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  name: text().trim().min(1, { error: 'validation.deviceName' }).max(40, { error: 'validation.deviceName' }),
});
export const loginLogQuery = z.object({
  page: queryInt({ min: 1, max: 100_000 }).default(1),
  size: queryInt({ min: 1, max: 100 }).default(15),
});

/** Why withdrawals are paused: a password change or reset, an authenticator reset (24 h), a new binding (6 h). */
export type WithdrawLockReason = 'passwordChange' | 'passwordReset' | 'googleReset' | 'binding';

/** The security tab's facts (GET …/member/getMemberOtherData/security). */
export interface SecurityStatus {
  username: string | null;
  email: string | null;
  phone: string | null;
  googleBound: boolean;
  googleBoundAt: number | null;
  antiCode: string | null;
  hasFundPassword: boolean;
  whitelistOn: boolean;
  /** Until when withdrawals are paused, and why; null when they are not. */
  withdrawLock: { until: number; reason: WithdrawLockReason } | null;
  /** What a security change asks for; null when nothing is bound that could confirm one. */
  verification: 'google' | 'email' | 'sms' | null;
}

/** A new authenticator secret, shown once as text and as a QR code of its otpauth URI. */
export interface GoogleSetup {
  secret: string;
  uri: string;
  /** The QR code as an SVG data URL. */
  qr: string;
  /** The setup must be finished by then; getting a new one replaces it. */
  expiresAt: number;
}

export interface WhitelistEntry {
  id: number;
  coin: string;
  network: string;
  address: string;
  label: string | null;
  createdAt: number;
}
export interface Whitelist {
  enabled: boolean;
  addresses: WhitelistEntry[];
}

/** A signed-in browser or program: one login and every token refreshed from it. */
export interface Device {
  id: number;
  name: string | null;
  userAgent: string | null;
  ip: string | null;
  firstSeen: number;
  lastSeen: number;
  /** The device this request comes from. */
  current: boolean;
}

/** How a login ended, as the login log shows it. */
export type LoginResultKind = 'success' | 'wrongPassword' | 'locked' | 'frozen' | 'wrongGoogleCode' | 'googleLocked';
export interface LoginLogEntry {
  id: number;
  time: number;
  ip: string | null;
  userAgent: string | null;
  result: LoginResultKind;
}
export interface LoginLogPage {
  total: number;
  page: number;
  size: number;
  records: LoginLogEntry[];
}
