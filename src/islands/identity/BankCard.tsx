import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { BankCardBody } from '../../../isomorphic/contract/identity.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $bankCard, $identity, bindBankCard } from '../../lib/identity/actions.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { isBankNumber, isSwift } from '../../../isomorphic/validate/bank-account.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { Fact } from '../ui/Fact.tsx';

type Fields = Required<{ [K in keyof BankCardBody]: string }>;
const EMPTY: Fields = {
  holder: '',
  number: '',
  bank: '',
  swift: '',
  branch: '',
  bankAddress: '',
  homeAddress: '',
  phone: '',
};
const OPTIONAL: Array<keyof Fields> = ['swift', 'branch', 'bankAddress', 'homeAddress', 'phone'];

/**
 * docs/requirements.md §3 bank card and §4 "bound once, permanent": the bound card with its number masked, or the form,
 * in the name the user verified (primary verification comes first).
 */
export function BankCard({ t, verifyHref }: { t: T; verifyHref: string }) {
  const card = useStore($bankCard);
  const identity = useStore($identity);
  const dates = useStore($dateOptions);
  if (card === undefined || !identity) return <p className="muted">{t('common.loading')}</p>;
  if (card) {
    const rows: Array<[string, string | null]> = [
      ['field.holder', card.holder],
      ['field.number', card.number],
      ['field.bank', card.bank],
      ['field.swift', card.swift],
      ['field.branch', card.branch],
      ['field.bankAddress', card.bankAddress],
      ['field.homeAddress', card.homeAddress],
      ['field.phone', card.phone],
    ];
    return (
      <div data-testid="bank-card">
        <p className="status status--done">
          {t('identity.bank.bound', { time: formatDateTime(card.boundTime, dates) })}
        </p>
        <dl className="facts identity-facts">
          {rows
            .filter(([, v]) => v)
            .map(([label, value]) => (
              <Fact key={label} label={t(label)}>
                {value}
              </Fact>
            ))}
        </dl>
        <p className="field__hint">{t('identity.bank.permanent')}</p>
      </div>
    );
  }
  if (identity.level < 1) {
    return (
      <p className="form-note" data-testid="bank-card">
        {t('error.kycRequired')} <a href={verifyHref}>{t('identity.primary.title')}</a>
      </p>
    );
  }
  return <BankCardForm t={t} verifiedName={identity.primary?.realName ?? ''} />;
}

function BankCardForm({ t, verifiedName }: { t: T; verifiedName: string }) {
  const [values, setValues] = useState<Fields>({ ...EMPTY, holder: verifiedName });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Fields) => (v: string) => {
    setValues((x) => ({ ...x, [field]: v }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<keyof Fields, string>> = {};
    for (const f of ['holder', 'number', 'bank'] as const)
      if (!values[f].trim()) next[f] = t('validation.required', { field: t(`field.${f}`) });
    if (values.number.trim() && !isBankNumber(values.number)) next.number = t('error.bankNumberInvalid');
    if (values.swift.trim() && !isSwift(values.swift)) next.swift = t('error.swiftInvalid');
    if (values.phone.trim() && !/^\+?\d{4,18}$/.test(values.phone.trim())) next.phone = t('validation.phone');
    setErrors(next);
    if (!Object.keys(next).length) setConfirming(true);
  };

  const bind = async () => {
    setConfirming(false);
    await submitting(setBusy, async () => {
      const body: BankCardBody = { holder: values.holder, number: values.number, bank: values.bank };
      for (const f of OPTIONAL) if (values[f].trim()) body[f] = values[f].trim();
      await bindBankCard(body);
      showToast('success', t('identity.bank.done'));
    });
  };

  const field = (f: keyof Fields, extra: Record<string, unknown> = {}) => (
    <Field
      label={t(`field.${f}`)}
      name={f}
      value={values[f]}
      onChange={set(f)}
      error={errors[f]}
      hint={OPTIONAL.includes(f) ? t('identity.optional') : undefined}
      {...extra}
    />
  );
  return (
    <form className="stack-form" onSubmit={check} noValidate data-testid="bank-card">
      <p className="field__hint">{t('user.bank.text')}</p>
      {field('holder', { readOnly: true, hint: t('identity.bank.holderHint'), autoComplete: 'name' })}
      {field('number', { inputMode: 'text', autoComplete: 'off', maxLength: 50 })}
      {field('bank', { maxLength: 100 })}
      {field('swift', { maxLength: 11, autoComplete: 'off' })}
      {field('branch', { maxLength: 100 })}
      {field('bankAddress', { maxLength: 200 })}
      {field('homeAddress', { maxLength: 200, autoComplete: 'street-address' })}
      {field('phone', { inputMode: 'tel', autoComplete: 'tel', maxLength: 20 })}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('identity.bank.submit')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('identity.bank.confirmTitle')}
        body={t('identity.bank.confirmBody')}
        confirmLabel={t('identity.bank.confirm')}
        cancelLabel={t('identity.cancel')}
        onConfirm={() => void bind()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
