/**
 * The referral programme (docs/requirements.md §7 agentActivityInfo): the reader's own promotion and rebates, and the
 * operators' rates.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  AgentInfo,
  Page,
  PromotedUser,
  ReferralAdminView,
  RewardDay,
  RewardUser,
  SettleResult,
} from './referral.ts';

const s = schemasIn('referral');
const tags = ['referral'];

export const agentInfo = endpoint({
  method: 'POST',
  path: '/api/agentActivityInfo/getAgentInfo',
  auth: 'user',
  body: s('agentInfoBody'),
  response: type<AgentInfo>(),
  errors: [],
  summary: 'Your invite code, rebate rates, promoted users per generation, accumulated and today’s rebates',
  tags,
});

export const agentList = endpoint({
  method: 'POST',
  path: '/api/agentActivityInfo/getAgentList',
  auth: 'user',
  body: s('agentListBody'),
  response: type<Page<PromotedUser>>(),
  errors: [],
  summary: 'The users you promoted in one generation (1–3), masked, newest first, with what each earned you',
  tags,
});

export const rewardDays = endpoint({
  method: 'POST',
  path: '/api/agentActivityInfo/getRewardDays',
  auth: 'user',
  body: s('rewardDaysBody'),
  response: type<Page<RewardDay>>(),
  errors: [],
  summary: 'Your rebates per day (in your time zone) and asset, newest first',
  tags,
});

export const rewardUsers = endpoint({
  method: 'POST',
  path: '/api/agentActivityInfo/getRewardUsers',
  auth: 'user',
  body: s('rewardUsersBody'),
  response: type<Page<RewardUser>>(),
  errors: [],
  summary: 'Your rebates per promoted user (masked) and asset, latest first',
  tags,
});

export const referralAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/referral',
  auth: 'operator',
  response: type<ReferralAdminView>(),
  errors: [],
  summary: 'Rebate rates per generation and the latest payouts',
  tags: ['admin'],
});

export const setReferralRates = endpoint({
  method: 'POST',
  path: '/api/admin/referral/rates',
  auth: 'operator',
  body: s('ratesBody'),
  response: type<ReferralAdminView>(),
  errors: ['referralRatesInvalid', 'rebatesRaced'],
  summary:
    'Set the rebate rates (basis points per generation, together at most 9000); fees so far are paid at the old rates first',
  tags: ['admin'],
});

export const settleRebates = endpoint({
  method: 'POST',
  path: '/api/admin/referral/settle',
  auth: 'operator',
  response: type<SettleResult>(),
  errors: ['rebatesRaced'],
  summary: 'Pay the rebates due so far now, instead of at the end of the period',
  tags: ['admin'],
});
