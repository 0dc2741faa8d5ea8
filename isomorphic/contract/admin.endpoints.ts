/** The operator console's calls: operators only (403 for other users), and left out of the public API document. */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { OutboxEntry } from './outbox.ts';
import type { ClockState } from './settings.ts';
import type { AuditEntry, Page, RechargeRecord, SwapDeskRow, WithdrawalRecord } from './wallet.ts';

const s = schemasIn('wallet');
const tags = ['admin'];
const auth = 'operator';

export const rechargeQueue = endpoint({
  method: 'GET',
  path: '/api/admin/wallet/recharges',
  auth,
  query: s('reviewListQuery'),
  response: type<Page<RechargeRecord>>(),
  errors: [],
  summary: 'Deposits by status (review: oldest first)',
  tags,
});

export const withdrawalQueue = endpoint({
  ...rechargeQueue,
  path: '/api/admin/wallet/withdrawals',
  response: type<Page<WithdrawalRecord>>(),
  summary: 'Withdrawals by status (review: oldest first)',
});

export const reviewRecharge = endpoint({
  method: 'POST',
  path: '/api/admin/wallet/recharge/review',
  auth,
  body: s('reviewBody'),
  response: type<RechargeRecord>(),
  errors: ['reasonRequired', 'recordNotFound', 'alreadyReviewed'],
  summary: 'Approve (credit) or reject (with a reason) a deposit',
  tags,
});

export const reviewWithdrawal = endpoint({
  ...reviewRecharge,
  path: '/api/admin/wallet/withdrawal/review',
  response: type<WithdrawalRecord>(),
  summary: 'Approve (pay out) or reject (return, with a reason) a withdrawal',
});

export const auditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  auth,
  query: s('consolePageQuery'),
  response: type<Page<AuditEntry>>(),
  errors: [],
  summary: 'Who did what and when',
  tags,
});

export const outbox = endpoint({
  ...auditLog,
  path: '/api/admin/outbox',
  response: type<Page<OutboxEntry>>(),
  summary:
    'Every e-mail and SMS the platform wrote, newest first (the only place codes appear when no transport is configured)',
});

export const setRates = endpoint({
  method: 'POST',
  path: '/api/admin/wallet/rates',
  auth,
  body: s('ratesBody'),
  response: type<null>(),
  errors: ['amountInvalid'],
  summary: 'Set the display currencies and their rates per USDT',
  tags,
});

export const ledgerAudit = endpoint({
  method: 'GET',
  path: '/api/admin/ledger/audit',
  auth,
  response: type<string[]>(),
  errors: [],
  summary: 'Ledger health: problems found (empty when every invariant holds)',
  tags,
});

export const swapDesk = endpoint({
  method: 'GET',
  path: '/api/admin/swap/desk',
  auth,
  response: type<SwapDeskRow[]>(),
  errors: [],
  summary: 'The swap desk: per coin, its inventory and the most one swap may pay out',
  tags,
});

export const fundSwapDesk = endpoint({
  method: 'POST',
  path: '/api/admin/swap/fund',
  auth,
  body: s('deskFundBody'),
  response: type<SwapDeskRow[]>(),
  errors: ['unknownAsset', 'amountInvalid'],
  summary: 'Add inventory to the swap desk from outside (bill swap_funding)',
  tags,
});

export const setSwapLimit = endpoint({
  ...fundSwapDesk,
  path: '/api/admin/swap/limit',
  body: s('deskLimitBody'),
  summary: 'Set the most one swap may pay out of a coin',
});

/** Test funds for a development install: a ledger transaction against the external account, like a deposit. */
export const credit = endpoint({
  method: 'POST',
  path: '/api/admin/credit',
  auth,
  body: s('creditBody'),
  response: type<null>(),
  errors: ['notFound', 'unknownAsset', 'invalidNumber'],
  summary: 'Credit test funds to a user (operators)',
  tags,
});

/** The server's clock: driven (DRIVEN_CLOCK=1, never in production) or the machine's. */
export const clockState = endpoint({
  method: 'GET',
  path: '/api/admin/clock',
  auth,
  response: type<ClockState>(),
  errors: [],
  summary: 'The server clock: whether it can be driven, its time and how far it has been moved (operators)',
  tags,
});

/**
 * Moves a driven clock ahead (DRIVEN_CLOCK=1): jobs that fell due in the jump run at their next check, as after a
 * downtime. An install on the machine's clock answers notFound.
 */
export const advanceClock = endpoint({
  method: 'POST',
  path: '/api/admin/clock/advance',
  auth,
  body: schemasIn('settings')('clockAdvanceBody'),
  response: type<ClockState>(),
  errors: ['notFound'],
  summary: 'Move a driven clock ahead by ms (staging and test installs only; audited)',
  tags,
});
