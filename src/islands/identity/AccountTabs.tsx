import type { TabProps } from '../account/index.ts';
import { AdvancedKyc } from './AdvancedKyc.tsx';
import { BankCard } from './BankCard.tsx';
import { LimitsTable } from './LimitsTable.tsx';
import { Payments } from './Payments.tsx';
import { PrimaryKyc } from './PrimaryKyc.tsx';

/** Where the account centre's tabs send a user who must verify first. */
const VERIFY = '?tab=kyc';

/** docs/requirements.md §2 `/account/center?tab=kyc`: the level reached and its limit, then each verification step. */
export function KycTab({ t, locale }: TabProps) {
  return (
    <div className="identity">
      <LimitsTable t={t} />
      <h2 className="panel__subtitle">{t('identity.primary.title')}</h2>
      <PrimaryKyc t={t} locale={locale} />
      <h2 className="panel__subtitle">{t('identity.advanced.title')}</h2>
      <AdvancedKyc t={t} />
    </div>
  );
}

/** `?tab=bank-card`: the bank card, bound once (docs/requirements.md §3, §4). */
export function BankCardTab({ t }: TabProps) {
  return <BankCard t={t} verifyHref={VERIFY} />;
}

/** `?tab=payment`: payment methods for OTC trades (docs/requirements.md §7 payment, getPayment). */
export function PaymentTab({ t }: TabProps) {
  return <Payments t={t} verifyHref={VERIFY} />;
}
