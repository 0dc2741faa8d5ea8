import type { FormEvent } from 'react';
import type { T } from '../../../lib/i18n/client.ts';
import type { Locale } from '../../../../isomorphic/i18n/locales.ts';
import type { SecurityStatus } from '../../../../isomorphic/contract/security.ts';
import { bindContact, sendEmailCode, sendSmsCode } from '../../../lib/account/security.ts';
import { DEFAULT_COUNTRY } from '../../../lib/stores/countries.ts';
import { flashToast } from '../../../lib/stores/flash.ts';
import { showToast } from '../../../lib/stores/toast.ts';
import { codeNotice } from '../../../lib/user/code-notice.ts';
import { checkForm, type RuleName } from '../../../lib/user/form-rules.ts';
import { Field } from '../../ui/Field.tsx';
import { PhoneField } from '../../ui/PhoneField.tsx';
import { SendCodeButton } from '../../ui/SendCodeButton.tsx';
import { submitting, useForm } from '../../ui/use-form.ts';
import { maskedTarget, SendCodeToOwn } from '../ProofField.tsx';

interface Props {
  t: T;
  locale: Locale;
  status: SecurityStatus;
  channel: 'email' | 'sms';
  /** Where to go once bound: the security tab. */
  back: string;
}

/**
 * Binds an e-mail address or phone to an account that has none, or changes the bound one: a code to the new one,
 * a code to the old one when changing, and the authenticator's code once it is bound.
 */
export function BindingForm({ t, locale, status, channel, back }: Props) {
  const form = useForm({
    email: '',
    countryCode: DEFAULT_COUNTRY[locale],
    phone: '',
    code: '',
    oldCode: '',
    googleCode: '',
  });
  const { values, set } = form;
  const current = channel === 'email' ? status.email : status.phone;
  const isEmail = channel === 'email';

  const targetRules = (): Record<string, RuleName> =>
    isEmail ? { email: 'email' } : { phone: 'phone', countryCode: 'countryCode' };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = checkForm(values, {
      ...targetRules(),
      code: 'code',
      ...(current ? { oldCode: 'code' as const } : {}),
      ...(status.googleBound ? { googleCode: 'googleCode' as const } : {}),
    });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    const proof = {
      code: values.code.trim(),
      oldCode: current ? values.oldCode.trim() : undefined,
      googleCode: status.googleBound ? values.googleCode.trim() : undefined,
    };
    void submitting(form.setBusy, async () => {
      await bindContact(
        isEmail
          ? { type: 'email', email: values.email.trim(), ...proof }
          : { type: 'phone', countryCode: values.countryCode, phone: values.phone, ...proof },
      );
      flashToast('success', t(isEmail ? 'security.email.done' : 'security.phone.done'));
      window.location.assign(back);
    });
  };

  const sendNew = async () => {
    await (isEmail
      ? sendEmailCode(values.email.trim())
      : sendSmsCode({ countryCode: values.countryCode, phone: values.phone }));
    const notice = codeNotice(channel);
    showToast(notice.kind, t(notice.key, { target: isEmail ? values.email.trim() : values.phone }));
  };
  const newTargetOk = () => {
    const problems = checkForm(values, targetRules());
    form.setErrors((e) => ({ ...e, ...problems }));
    return Object.keys(problems).length === 0;
  };

  return (
    <form className="stack-form" method="post" onSubmit={onSubmit} noValidate data-testid={`bind-${channel}`}>
      <p>{t(isEmail ? 'security.email.text' : 'security.phone.text')}</p>
      {current && <p>{t('security.binding.current', { target: maskedTarget(status, channel) })}</p>}
      {isEmail ? (
        <Field
          label={t(current ? 'security.binding.newEmail' : 'field.email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          onChange={set('email')}
          error={form.message(t, 'email')}
        />
      ) : (
        <PhoneField
          label={t(current ? 'security.binding.newPhone' : 'field.phone')}
          countryLabel={t('auth.country')}
          country={values.countryCode}
          phone={values.phone}
          onCountry={set('countryCode')}
          onPhone={set('phone')}
          error={form.message(t, 'phone') ?? form.message(t, 'countryCode')}
        />
      )}
      <Field
        label={t(isEmail ? 'field.emailCode' : 'field.smsCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={values.code}
        onChange={set('code')}
        error={form.message(t, 'code')}
        addon={
          <SendCodeButton
            label={t('auth.sendCode')}
            countdownLabel={(seconds) => t('auth.resendIn', { seconds })}
            canSend={newTargetOk}
            send={sendNew}
          />
        }
      />
      {current && (
        <Field
          label={t('security.binding.oldCode', { target: maskedTarget(status, channel) })}
          name="oldCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.oldCode}
          onChange={set('oldCode')}
          error={form.message(t, 'oldCode')}
          addon={<SendCodeToOwn t={t} channel={channel} target={maskedTarget(status, channel)} />}
        />
      )}
      {status.googleBound && (
        <Field
          label={t('field.googleCode')}
          name="googleCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.googleCode}
          onChange={set('googleCode')}
          error={form.message(t, 'googleCode')}
        />
      )}
      <p className="field__hint">{t('security.binding.pause')}</p>
      <button className="btn btn--primary" type="submit" disabled={form.busy}>
        {t(current ? 'security.change' : 'security.bind')}
      </button>
    </form>
  );
}
