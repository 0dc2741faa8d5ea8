/** Values of the earn contract that islands use, in a module without zod (earn.ts re-exports them for the server). */

export const EARN_KINDS = ['pledge', 'fixed', 'flexible', 'mining'] as const;
/**
 * `pledge`: staking (pledge mining); `fixed`: a fixed-term finance product; `flexible`: a finance product that pays its
 * interest every day and can be redeemed any time, keeping what it paid (its cycle is the longest it runs);
 * `mining`: DeFi liquidity mining (a linked wallet needed, isomorphic/contract/defi.ts).
 */
export type EarnKind = (typeof EARN_KINDS)[number];
/** What redeeming before the end does: give the principal back without interest, or not allowed. */
export const EARLY_REDEEM = ['forfeit', 'locked'] as const;
export type EarlyRedeem = (typeof EARLY_REDEEM)[number];
