/** What other island folders may use of account: everything else in this folder is its own. */
export { WithdrawSecurity } from './WithdrawSecurity.tsx';
export type { TabProps } from './tabs.ts';
