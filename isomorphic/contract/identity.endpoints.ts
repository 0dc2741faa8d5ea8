/**
 * Identity verification, the bank card and payment methods (docs/requirements.md §7 "Account and auth": verified,
 * uploadKYC, getMemberOtherData, userBank/save, userBank/getbank, payment, getPayment), and their operator console
 * calls. The coin family's `{apiRequestHead}` is `app`, as for the exchange: `/api/app/coin/member/…`.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { BankCardView, IdentityState, KycRecord, PaymentMethod, WithdrawLimitState } from './identity.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('identity');
const wallet = schemasIn('wallet');
const tags = ['identity'];
const MEMBER = '/api/app/coin/member';

export const submitPrimaryKyc = endpoint({
  method: 'POST',
  path: `${MEMBER}/verified`,
  auth: 'user',
  body: s('primaryKycBody'),
  response: type<KycRecord>(),
  errors: ['kycPending', 'kycLevelReached', 'idNumberInvalid', 'idNumberTaken'],
  summary: 'Submit primary verification (name, country, ID type and number) for review',
  tags,
});

export const submitAdvancedKyc = endpoint({
  method: 'POST',
  path: '/api/user/uploadKYC',
  auth: 'user',
  body: s('advancedKycBody'),
  response: type<KycRecord>(),
  errors: ['kycPending', 'kycLevelReached', 'kycPrimaryFirst', 'kycPhotoInvalid'],
  summary: 'Submit advanced verification: front, back and handheld photos of the document (upload them first)',
  tags,
});

export const memberData = endpoint({
  method: 'GET',
  path: `${MEMBER}/getMemberOtherData/:key`,
  auth: 'user',
  params: s('memberDataParams'),
  response: type<IdentityState>(),
  errors: [],
  summary: 'Your verification level and submissions, bank card state and 24-hour withdrawal limit (key: kyc)',
  tags,
});

export const saveBankCard = endpoint({
  method: 'POST',
  path: '/api/userBank/save',
  auth: 'user',
  body: s('bankCardBody'),
  response: type<BankCardView>(),
  errors: ['kycRequired', 'holderMismatch', 'bankNumberInvalid', 'swiftInvalid', 'bankCardBound'],
  summary: 'Bind your bank card: once, permanently; the holder must be your verified name',
  tags,
});

export const bankCard = endpoint({
  method: 'POST',
  path: '/api/userBank/getbank',
  auth: 'user',
  response: type<BankCardView | null>(),
  errors: [],
  summary: 'Your bound bank card, its number masked (null when none is bound)',
  tags,
});

export const savePayment = endpoint({
  method: 'POST',
  path: `${MEMBER}/payment`,
  auth: 'user',
  body: s('paymentBody'),
  response: type<PaymentMethod>(),
  errors: ['kycRequired', 'holderMismatch', 'bankNumberInvalid', 'kycPhotoInvalid', 'paymentNotFound', 'paymentLimit'],
  summary: 'Add a payment method for OTC trades (bank, Alipay, WeChat Pay), or change one of yours by id',
  tags,
});

export const payments = endpoint({
  method: 'GET',
  path: `${MEMBER}/getPayment`,
  auth: 'user',
  response: type<PaymentMethod[]>(),
  errors: [],
  summary: 'Your payment methods',
  tags,
});

export const deletePayment = endpoint({
  method: 'POST',
  path: `${MEMBER}/payment/del`,
  auth: 'user',
  query: s('paymentIdQuery'),
  response: type<null>(),
  errors: ['paymentNotFound'],
  summary: 'Remove one of your payment methods',
  tags,
});

export const kycQueue = endpoint({
  method: 'GET',
  path: '/api/admin/kyc/requests',
  auth: 'operator',
  query: wallet('reviewListQuery'),
  response: type<Page<KycRecord>>(),
  errors: [],
  summary: 'Verification submissions by status (review: oldest first), with ID numbers and photos',
  tags: ['admin'],
});

export const reviewKyc = endpoint({
  method: 'POST',
  path: '/api/admin/kyc/review',
  auth: 'operator',
  body: wallet('reviewBody'),
  response: type<KycRecord>(),
  errors: ['reasonRequired', 'recordNotFound', 'alreadyReviewed', 'idNumberTaken'],
  summary: 'Approve or reject (with a reason) a verification submission',
  tags: ['admin'],
});

export const withdrawLimits = endpoint({
  method: 'GET',
  path: '/api/admin/kyc/limits',
  auth: 'operator',
  response: type<WithdrawLimitState['limits']>(),
  errors: [],
  summary: 'The 24-hour withdrawal limit of each verification level (USDT)',
  tags: ['admin'],
});

export const setWithdrawLimits = endpoint({
  method: 'POST',
  path: '/api/admin/kyc/limits',
  auth: 'operator',
  body: s('withdrawLimitsBody'),
  response: type<WithdrawLimitState['limits']>(),
  errors: ['withdrawLimitsInvalid'],
  summary: 'Set the 24-hour withdrawal limit of each verification level (USDT, never less for a higher level)',
  tags: ['admin'],
});
