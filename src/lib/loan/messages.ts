/**
 * The dictionary prefixes the loan screens bring to their pages (their own texts, the server's loan refusals, the photo
 * fields).
 */
export const LOAN_MESSAGES = [
  'loan.',
  'error.loan',
  'error.upload',
  'error.insufficientBalance',
  'error.kycRequired',
  'field.front',
  'field.back',
  'field.selfie',
  'identity.photo.',
  'common.',
  'header.login',
  'assets.prev',
  'assets.next',
  'assets.pageOf',
];
