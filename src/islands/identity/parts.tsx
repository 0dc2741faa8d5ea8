import { useStore } from '../../lib/stores/first-frame.ts';
import type { KycRecord, KycStatus } from '../../../isomorphic/contract/identity.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $countries } from '../../lib/stores/countries.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Fact } from '../ui/Fact.tsx';

/** A USDT amount as people read it: 2000000 → '2,000,000'. */
export const usdt = (amount: string) => formatAmount(amount, 8, { grouping: true, pad: false });

export function KycStatusBadge({ t, status }: { t: T; status: KycStatus }) {
  const tone = status === 'passed' ? 'done' : status === 'failed' ? 'failed' : 'todo';
  return (
    <span className={`status status--${tone}`} data-testid="kyc-status">
      {t(`identity.status.${status}`)}
    </span>
  );
}

/** A country's name in the page's language, from the same list the phone fields use. */
export function useCountryName(): (code: string) => string {
  const countries = useStore($countries);
  return (code) => countries.find((c) => c.code === code)?.name ?? code;
}

/** What a submission said, as its owner sees it (ID number masked), with its state and, when rejected, why. */
export function SubmissionFacts({ t, record }: { t: T; record: KycRecord }) {
  const dates = useStore($dateOptions);
  const countryName = useCountryName();
  return (
    <>
      <dl className="facts identity-facts">
        <Fact label={t('identity.status')}>
          <KycStatusBadge t={t} status={record.status} />
        </Fact>
        <Fact label={t('field.realName')}>{record.realName}</Fact>
        <Fact label={t('field.country')}>{countryName(record.country)}</Fact>
        <Fact label={t('field.idType')}>{t(`identity.idType.${record.idType}`)}</Fact>
        <Fact label={t('field.idNumber')}>{record.idNumber}</Fact>
        <Fact label={t('identity.submitted')}>{formatDateTime(record.createTime, dates)}</Fact>
      </dl>
      {record.status === 'failed' && record.reason && (
        <p className="form-note identity-reason" role="alert">
          {t('identity.rejectedBecause', { reason: record.reason })}
        </p>
      )}
    </>
  );
}
