/** What other island folders may use of referral: everything else in this folder is its own. */
export { AgentTab } from './AgentTab.tsx';
export { ReferralAdmin } from './ReferralAdmin.tsx';
export { RewardTab } from './RewardTab.tsx';
