/** What other island folders may use of identity: everything else in this folder is its own. */
export { BankCardTab, KycTab, PaymentTab } from './AccountTabs.tsx';
export { AdvancedKyc } from './AdvancedKyc.tsx';
export { BankCard } from './BankCard.tsx';
export { LimitsTable } from './LimitsTable.tsx';
export { PrimaryKyc } from './PrimaryKyc.tsx';
export { KycStatusBadge } from './parts.tsx';
