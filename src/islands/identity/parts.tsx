import { useEffect, useId, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { KycRecord, KycStatus } from '../../../isomorphic/contract/identity.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $countries } from '../../lib/stores/countries.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Fact } from '../ui/Fact.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;

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

/**
 * An image picker with a preview, checked in the browser as the server checks it (PNG, JPEG, WEBP or GIF, at most
 * 5 MB), so a wrong file is named before anything is sent.
 */
export function ImageField({
  t,
  label,
  hint,
  file,
  onChange,
  error,
  name,
}: {
  t: T;
  label: string;
  hint: string;
  file: File | null;
  onChange: (f: File | null, error?: string) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!file) return setPreview('');
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const pick = (f: File | null) => {
    if (f && !IMAGE_TYPES.includes(f.type)) return onChange(null, t('error.uploadNotImage'));
    if (f && f.size > MAX_BYTES) return onChange(null, t('error.uploadTooLarge', { max: '5 MB' }));
    onChange(f);
  };
  return (
    <div className={`field identity-photo${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        onChange={(e) => pick(e.target.files?.[0] ?? null)}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint">{hint}</p>
      )}
      {preview && <img className="identity-photo__preview" src={preview} alt={label} />}
    </div>
  );
}
