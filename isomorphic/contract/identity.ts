/**
 * Wire contract of identity verification, the bank card and payment methods (docs/requirements.md §3 certification and
 * bank card, §4, §6 verification levels): request schemas the server checks and the shapes it answers with. The checks
 * that need more than a pattern (an ID number against its type and country, IBAN and Luhn digits, SWIFT) are the
 * server's, with their own result codes; the browser runs the same functions (isomorphic/validate) before sending.
 */
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { ID_TYPES, type IdType } from '../validate/id-number.ts';
import { PAYMENT_KINDS, type PaymentKind } from './identity.values.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });
/** Required text of at most `max` characters, trimmed, with runs of spaces read as one. */
const line = (max: number) =>
  text()
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' }));
/** Optional text: absent, null or blank all mean "not given". */
const optionalLine = (max: number) =>
  z
    .union([text(), z.null()], { error: 'validation.invalidType' })
    .optional()
    .transform((s) => s?.trim().replace(/\s+/g, ' ') || undefined)
    .pipe(z.string().max(max, { error: 'validation.tooLong' }).optional());

/** A person's name as written on their documents: letters of any script, with spaces, dots, apostrophes, hyphens. */
const personName = line(100).pipe(
  z
    .string()
    .min(2, { error: 'validation.personName' })
    .regex(/^[\p{L}\p{M}]+(?:[ '.·-]+[\p{L}\p{M}]+)*\.?$/u, { error: 'validation.personName' }),
);
const country = text().refine((c) => /^[A-Z]{2}$/.test(c) && isSupportedCountry(c), { error: 'validation.country' });
/** An upload id from /api/common/upload/OSS. */
const uploadId = text().regex(/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/, { error: 'validation.uploadId' });
const phone = optionalLine(20).pipe(
  z
    .string()
    .regex(/^\+?\d{4,18}$/, { error: 'validation.phone' })
    .optional(),
);

export { ID_TYPES, type IdType };

/** POST verified: primary verification (docs/requirements.md §3 certification: name, country, ID type, ID number). */
export const primaryKycBody = z.object({
  realName: personName,
  country,
  idType: z.enum(ID_TYPES, { error: 'validation.idType' }),
  idNumber: line(40),
});
export type PrimaryKycBody = z.input<typeof primaryKycBody>;

/** POST /api/user/uploadKYC: advanced verification, the three photos uploaded first. */
export const advancedKycBody = z.object({ front: uploadId, back: uploadId, selfie: uploadId });
export type AdvancedKycBody = z.input<typeof advancedKycBody>;

/** GET getMemberOtherData/{key}: the member data that is not in user info; `kyc` is the verification state. */
export const memberDataParams = z.object({ key: z.enum(['kyc'], { error: 'validation.invalidValue' }) });

/**
 * POST /api/userBank/save (docs/requirements.md §3 bank card; §5: bank address, bank code (SWIFT), branch and home
 * address optional).
 */
export const bankCardBody = z.object({
  holder: personName,
  number: line(50),
  bank: line(100),
  swift: optionalLine(20),
  branch: optionalLine(100),
  bankAddress: optionalLine(200),
  homeAddress: optionalLine(200),
  phone,
});
export type BankCardBody = z.input<typeof bankCardBody>;

export { PAYMENT_KINDS, type PaymentKind };
const paymentId = bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER }).optional();
/** An e-wallet account: the phone number, e-mail or account name the wallet knows the payee by. */
const walletAccount = line(64).pipe(
  z.string().regex(/^[\p{L}\p{N}@._+-]{3,64}$/u, { error: 'validation.walletAccount' }),
);
const eWallet = { id: paymentId, name: personName, account: walletAccount, qrCode: uploadId.optional() };

/** POST payment: adds a payment method, or changes one of the caller's own when `id` is given. */
export const paymentBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bank'),
      id: paymentId,
      name: personName,
      account: line(50),
      bank: line(100),
      branch: optionalLine(100),
    }),
    z.object({ kind: z.literal('alipay'), ...eWallet }),
    z.object({ kind: z.literal('wechat'), ...eWallet }),
  ],
  { error: 'validation.paymentKind' },
);
export type PaymentBody = z.input<typeof paymentBody>;
export const paymentIdQuery = z.object({
  id: queryInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' }),
});

/** Operators: the 24-hour withdrawal limit of each verification level, in USDT. */
export const withdrawLimitsBody = z.object({ level0: text().max(30), level1: text().max(30), level2: text().max(30) });
export type WithdrawLimitsBody = z.input<typeof withdrawLimitsBody>;

export type KycLevel = 0 | 1 | 2;
export type KycStatus = 'review' | 'passed' | 'failed';

/** One verification submission. Users see their ID number masked; operators see it whole, with the photos. */
export interface KycRecord {
  id: number;
  /** 1 primary, 2 advanced. */
  level: 1 | 2;
  status: KycStatus;
  realName: string;
  country: string;
  idType: IdType;
  idNumber: string;
  /** Upload ids of the photos (advanced only). */
  front: string | null;
  back: string | null;
  selfie: string | null;
  reason: string | null;
  createTime: number;
  reviewTime: number | null;
  /** Operators only: whose it is. */
  username?: string;
}

/** The 24-hour withdrawal limits (USDT at the index price) and what the user has used of theirs. */
export interface WithdrawLimitState {
  /** Index = verification level. */
  limits: [string, string, string];
  used: string;
  remaining: string;
  windowHours: number;
}

/** getMemberOtherData/kyc: the level reached, the latest submission of each level, and the withdrawal limit. */
export interface IdentityState {
  level: KycLevel;
  primary: KycRecord | null;
  advanced: KycRecord | null;
  bankBound: boolean;
  withdrawLimit: WithdrawLimitState;
}

/** The bound bank card; the number is masked in every answer once bound. */
export interface BankCardView {
  holder: string;
  number: string;
  bank: string;
  swift: string | null;
  branch: string | null;
  bankAddress: string | null;
  homeAddress: string | null;
  phone: string | null;
  boundTime: number;
}

export interface PaymentMethod {
  id: number;
  kind: PaymentKind;
  name: string;
  /** Bank account numbers come masked, as the bank card's do. */
  account: string;
  bank: string | null;
  branch: string | null;
  qrCode: string | null;
  createTime: number;
  updateTime: number;
}
