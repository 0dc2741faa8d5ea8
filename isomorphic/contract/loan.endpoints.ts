/**
 * Power loans (docs/requirements.md §7 /api/{x}/list for loans, /api/common/type/t_repay_type): products, applications
 * with ID photos, the user's loans and repayment, and the operators' review, products and pool.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { LoanApplication, LoanPool, LoanProduct, LoanRecord, RepayTypeItem } from './loan.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('loan');
const tags = ['loan'];
const amountErrors = ['invalidNumber', 'tooPrecise', 'tooLarge', 'mustBePositive'] as const;

export const loanList = endpoint({
  method: 'POST',
  path: '/api/loan/list',
  auth: 'none',
  response: type<LoanProduct[]>(),
  errors: [],
  summary: 'The loan products open for applications, with their rates, cycles, limits and lending institution',
  tags,
});

export const repayTypes = endpoint({
  method: 'POST',
  path: '/api/common/type/t_repay_type',
  auth: 'none',
  response: type<RepayTypeItem[]>(),
  errors: [],
  summary: 'How loans are repaid (spec t_repay_type), labelled in the request’s language',
  tags,
});

export const applyLoan = endpoint({
  method: 'POST',
  path: '/api/loan/apply',
  auth: 'user',
  body: s('applyLoanBody'),
  response: type<LoanRecord>(),
  errors: [
    ...amountErrors,
    'loanProductUnknown',
    'loanProductClosed',
    'loanOutsideLimits',
    'loanCycleUnknown',
    'kycRequired',
    'loanPhotosInvalid',
    'loanPending',
  ],
  summary: 'Apply for a loan with ID photos of your own; an operator reviews it',
  tags,
});

export const myLoans = endpoint({
  method: 'POST',
  path: '/api/loan/order',
  auth: 'user',
  query: s('loanListQuery'),
  response: type<Page<LoanRecord>>(),
  errors: [],
  summary: 'Your loan applications and loans, newest first, with what each owes now',
  tags,
});

export const loanDetail = endpoint({
  method: 'GET',
  path: '/api/loan/detail',
  auth: 'user',
  query: s('loanIdQuery'),
  response: type<LoanRecord>(),
  errors: ['loanUnknown'],
  summary: 'One of your loans',
  tags,
});

export const repayLoan = endpoint({
  method: 'POST',
  path: '/api/loan/repay',
  auth: 'user',
  body: s('loanIdBody'),
  response: type<LoanRecord>(),
  errors: ['loanUnknown', 'insufficientBalance'],
  summary: 'Repay a loan in full from your spot account: principal, interest to date and any overdue penalty',
  tags,
});

export const loanQueue = endpoint({
  method: 'GET',
  path: '/api/admin/loan/applications',
  auth: 'operator',
  query: s('loanQueueQuery'),
  response: type<Page<LoanApplication>>(),
  errors: [],
  summary: 'Loan applications by state, with the applicant’s verification level and ID photos',
  tags,
});

export const reviewLoan = endpoint({
  method: 'POST',
  path: '/api/admin/loan/review',
  auth: 'operator',
  body: s('loanReviewBody'),
  response: type<LoanApplication>(),
  errors: ['loanReviewed', 'loanPoolShort', 'reasonRequired'],
  summary: 'Approve an application (paid out of the loan pool at once) or refuse it with a reason; audited',
  tags,
});

export const loanAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/loan/products',
  auth: 'operator',
  response: type<{ products: LoanProduct[]; pools: LoanPool[] }>(),
  errors: [],
  summary: 'Every loan product, and per coin the pool, the principal lent and what open loans owe',
  tags,
});

export const saveLoanProduct = endpoint({
  method: 'POST',
  path: '/api/admin/loan/product',
  auth: 'operator',
  body: s('loanProductBody'),
  response: type<LoanProduct>(),
  errors: [...amountErrors, 'loanProductUnknown', 'earnRateInvalid', 'earnLimitsInvalid', 'unknownAsset'],
  summary: 'Create a loan product or change one; loans already applied for keep their terms (audited)',
  tags,
});

export const fundLoanPool = endpoint({
  method: 'POST',
  path: '/api/admin/loan/fundPool',
  auth: 'operator',
  body: s('loanPoolBody'),
  response: type<LoanPool>(),
  errors: [...amountErrors, 'unknownAsset'],
  summary: 'Add to the loan pool of a coin from outside (audited)',
  tags,
});
