/**
 * Account types (docs/requirements.md §3 wallet account: 0 is the total across a user's accounts, 8 exists only for
 * merchants). The 1xx types belong to the platform, not to a user.
 */
export const ACCOUNT = {
  total: 0,
  spot: 1,
  contract: 2,
  finance: 3,
  otc: 4,
  /** Spot margin (server/margin): one cross account per user. */
  marginCross: 5,
  /** Spot margin: every isolated pair account of a user together; the margin part splits it per pair. */
  marginIsolated: 6,
  merchant: 8,
  feeIncome: 100,
  safetyFund: 101,
  external: 102,
  /** The swap desk's inventory (server/wallet/swap-desk.ts): pays out only what it holds; operators add to it. */
  swapPool: 103,
  /** Second contracts' counterparty (server/seconds): pays wins, receives losses; operators fund it. */
  secondsPool: 104,
  /** Perpetuals' insurance fund (server/perpetual): takes liquidation fees, covers losses past a position's margin. */
  insuranceFund: 105,
  /** Perpetuals' clearing account: pays realised profits and takes realised losses (see the risk engine). */
  perpClearing: 106,
  /** Spot margin's lending pool: lends to margin accounts and takes the principal back; operators fund it. */
  marginPool: 107,
  /**
   * Earn's interest pool: pays staking and finance interest; operators fund it, and it must cover what open orders are
   * owed.
   */
  earnPool: 108,
  /** Power loans' pool: pays loans out, takes principal, interest and penalties back; operators fund it. */
  loanPool: 109,
  /**
   * The platform's gas budget on chains (server/chain/payouts), per native coin (ETH, BNB): every settled payout and
   * sweep books its gas from here to the external account, never from the user. Operators fund it (the demo chain's
   * install gets 10 ETH once); the signer signs nothing this budget, less gas not yet booked, could not pay for.
   */
  chainGas: 110,
} as const;

export type AccountType = (typeof ACCOUNT)[keyof typeof ACCOUNT];
export type UserAccountType =
  | typeof ACCOUNT.spot
  | typeof ACCOUNT.contract
  | typeof ACCOUNT.finance
  | typeof ACCOUNT.otc
  | typeof ACCOUNT.merchant
  | typeof ACCOUNT.marginCross
  | typeof ACCOUNT.marginIsolated;

/** The one key of an account (owner, type, asset) in memory: the trading core's balances, the projector's ids. */
export function accountKey(owner: number | null, type: AccountType, asset: string): string {
  return `${owner ?? 0}:${type}:${asset}`;
}

/** The platform's accounts have no owner. */
export function isPlatformAccount(type: AccountType): boolean {
  return type >= 100;
}

/**
 * Bill types: why a balance moved, shown in the user's bills (getMyBill) and kept on every ledger entry.
 * Each names an i18n key `bill.<type>`.
 */
export const BILL_TYPES = [
  'deposit',
  'withdraw',
  'withdraw_fee',
  'transfer',
  'order_freeze',
  'order_unfreeze',
  'trade',
  'trade_fee',
  'swap',
  'dev_credit',
  'bot_funding',
  'withdraw_freeze',
  'withdraw_return',
  'swap_fee',
  'swap_funding',
  'seconds_stake',
  'seconds_win',
  'seconds_loss',
  'seconds_refund',
  'seconds_funding',
  'referral_rebate',
  'perp_margin',
  'perp_pnl',
  'perp_fee',
  'perp_funding',
  'perp_liquidation_fee',
  'perp_insurance',
  'insurance_funding',
  'margin_transfer',
  'margin_borrow',
  'margin_repay',
  'margin_interest',
  'margin_liquidation',
  'margin_insurance',
  'margin_pool_funding',
  'otc_escrow',
  'otc_release',
  'otc_refund',
  'otc_deposit',
  'earn_subscribe',
  'earn_interest',
  'earn_redeem',
  'earn_pool_funding',
  'loan_payout',
  'loan_repay',
  'loan_pool_funding',
  'defi_link_fee',
  'chain_gas',
  'chain_gas_funding',
] as const;
export type BillType = (typeof BILL_TYPES)[number];
