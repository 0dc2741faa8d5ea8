import type { ComponentType } from 'react';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import { InfoTab } from './InfoTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { DevicesTab } from './DevicesTab.tsx';
import { BankCardTab, KycTab, PaymentTab } from '../identity/index.ts';
import { ApiKeysTab } from '../api-keys/index.ts';
import { AgentTab } from '../referral/index.ts';
import { RewardTab } from '../referral/index.ts';
import { ProofTab } from '../proof/index.ts';
import { MerchantTab } from '../otc/index.ts';
import { FeesTab } from '../fees/index.ts';

/** What every tab of the account centre receives: the signed-in user is known by the time a tab renders. */
export interface TabProps {
  t: T;
  locale: Locale;
  user: UserInfo;
}

export interface AccountTab {
  /** The `?tab=` value of docs/requirements.md §2 (`/account/center?tab=security`). */
  key: string;
  /** Dictionary key of the tab's name. */
  label: string;
  Component: ComponentType<TabProps>;
  /** Shown only to users this returns true for (the merchant tab: merchants only). */
  visible?(user: UserInfo): boolean;
}

/** The account centre's tabs in menu order, one line each: a feature adds its tab here and nowhere else. */
export const ACCOUNT_TABS: AccountTab[] = [
  { key: 'info', label: 'account.tab.info', Component: InfoTab },
  { key: 'security', label: 'account.tab.security', Component: SecurityTab },
  { key: 'device-management', label: 'account.tab.deviceManagement', Component: DevicesTab },
  { key: 'kyc', label: 'identity.tab.kyc', Component: KycTab },
  { key: 'bank-card', label: 'identity.tab.bankCard', Component: BankCardTab },
  { key: 'payment', label: 'identity.tab.payment', Component: PaymentTab },
  { key: 'api', label: 'apikeys.tab', Component: ApiKeysTab },
  { key: 'fees', label: 'account.tab.fees', Component: FeesTab },
  { key: 'agent', label: 'account.tab.agent', Component: AgentTab },
  { key: 'reward-center', label: 'account.tab.reward-center', Component: RewardTab },
  { key: 'proof', label: 'account.tab.proof', Component: ProofTab },
  { key: 'merchant', label: 'otc.tab.merchant', Component: MerchantTab, visible: (user) => user.is_merchant === 2 },
];
