import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { ID_TYPES, isIdNumber, type IdType } from '../../../isomorphic/validate/id-number.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $identity, submitPrimary } from '../../lib/identity/actions.ts';
import { $countries, DEFAULT_COUNTRY } from '../../lib/stores/countries.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { Select } from '../ui/Select.tsx';
import { SubmissionFacts } from './parts.tsx';

/** The same rule as the server's: letters of any script, with spaces, dots, apostrophes and hyphens between. */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '.·-]+[\p{L}\p{M}]+)*\.?$/u;

/** docs/requirements.md §3 certification, primary: name, country, document type and number, reviewed by an operator. */
export function PrimaryKyc({ t, locale }: { t: T; locale: Locale }) {
  const identity = useStore($identity);
  if (!identity) return <p className="muted">{t('common.loading')}</p>;
  const { primary } = identity;
  if (primary && primary.status !== 'failed') {
    return (
      <div data-testid="kyc-primary">
        <SubmissionFacts t={t} record={primary} />
      </div>
    );
  }
  return (
    <div data-testid="kyc-primary">
      {primary?.status === 'failed' && <SubmissionFacts t={t} record={primary} />}
      <PrimaryForm t={t} locale={locale} />
    </div>
  );
}

function PrimaryForm({ t, locale }: { t: T; locale: Locale }) {
  const countries = useStore($countries);
  const [realName, setRealName] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY[locale]);
  const [idType, setIdType] = useState<IdType>('idCard');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const name = realName.trim().replace(/\s+/g, ' ');
    if (!name) next.realName = t('validation.required', { field: t('field.realName') });
    else if (name.length < 2 || !PERSON_NAME.test(name)) next.realName = t('validation.personName');
    if (!idNumber.trim()) next.idNumber = t('validation.required', { field: t('field.idNumber') });
    else if (!isIdNumber(idType, country, idNumber)) next.idNumber = t('error.idNumberInvalid');
    setErrors(next);
    if (Object.keys(next).length) return;
    await submitting(setBusy, async () => {
      await submitPrimary({ realName: name, country, idType, idNumber });
      showToast('success', t('identity.submittedForReview'));
    });
  };

  return (
    <form className="stack-form" onSubmit={submit} noValidate>
      <p className="field__hint">{t('user.kyc.primary.text')}</p>
      <p className="field__hint">
        {t('user.kyc.requirements')}: {t('user.kyc.req.document')}
      </p>
      <Field
        label={t('field.realName')}
        name="realName"
        value={realName}
        onChange={setRealName}
        error={errors.realName}
        autoComplete="name"
        maxLength={100}
      />
      <Select
        label={t('field.country')}
        name="country"
        value={country}
        onChange={setCountry}
        options={(countries.length ? countries : [{ code: country, name: country }]).map((c) => ({
          value: c.code,
          label: c.name,
        }))}
      />
      <Select
        label={t('field.idType')}
        name="idType"
        value={idType}
        onChange={(v) => setIdType(v as IdType)}
        options={ID_TYPES.map((type) => ({ value: type, label: t(`identity.idType.${type}`) }))}
      />
      <Field
        label={t('field.idNumber')}
        name="idNumber"
        value={idNumber}
        onChange={setIdNumber}
        error={errors.idNumber}
        autoComplete="off"
        maxLength={40}
        hint={t(idType === 'passport' ? 'identity.idNumber.passportHint' : 'identity.idNumber.idCardHint')}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('identity.primary.submit')}
      </button>
    </form>
  );
}
