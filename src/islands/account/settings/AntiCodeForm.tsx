import { useState, type FormEvent } from 'react';
import type { T } from '../../../lib/i18n/client.ts';
import type { Locale } from '../../../../isomorphic/i18n/locales.ts';
import type { SecurityStatus } from '../../../../isomorphic/contract/security.ts';
import { ANTI_CODE_PATTERN } from '../../../../isomorphic/validate/index.ts';
import { setAntiCode } from '../../../lib/account/security.ts';
import { href } from '../../../lib/navigation.ts';
import { flashToast } from '../../../lib/stores/flash.ts';
import { Field } from '../../ui/Field.tsx';
import { submitting } from '../../ui/use-form.ts';
import { isSixDigits, ProofField, proofOf } from '../ProofField.tsx';

interface Props {
  t: T;
  locale: Locale;
  status: SecurityStatus;
  back: string;
}

/**
 * docs/requirements.md §2 setting/anti-code: the code every e-mail from the platform shows, so a fake one stands out.
 */
export function AntiCodeForm({ t, locale, status, back }: Props) {
  const [antiCode, setValue] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (!status.email) {
    return (
      <p className="status status--todo">
        {t('error.antiCodeNeedsEmail')} <a href={href('/account/center/setting/email', locale)}>{t('security.bind')}</a>
      </p>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!ANTI_CODE_PATTERN.test(antiCode.trim())) next.antiCode = t('validation.antiCode');
    if (!isSixDigits(code))
      next.code = t(status.verification === 'google' ? 'validation.googleCode' : 'validation.code');
    setErrors(next);
    if (Object.keys(next).length) return;
    void submitting(setBusy, async () => {
      await setAntiCode({ antiCode: antiCode.trim(), ...proofOf(status.verification, code) });
      flashToast('success', t('security.antiCode.done'));
      window.location.assign(back);
    });
  };
  return (
    <form className="stack-form" method="post" onSubmit={onSubmit} noValidate data-testid="anti-code">
      <p>{t('security.antiCode.text')}</p>
      <p>{status.antiCode ? t('security.antiCode.current', { code: status.antiCode }) : t('security.antiCode.none')}</p>
      <Field
        label={t('field.antiCode')}
        name="antiCode"
        value={antiCode}
        onChange={setValue}
        error={errors.antiCode}
        hint={t('validation.antiCode')}
        maxLength={20}
        autoComplete="off"
      />
      <ProofField t={t} status={status} value={code} onChange={setCode} error={errors.code} />
      <button className="btn btn--primary" type="submit" disabled={busy}>
        {t('security.save')}
      </button>
    </form>
  );
}
