import { useState } from 'react';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openCustomerService } from '../../lib/common/support.ts';
import { href } from '../../lib/navigation.ts';
import { DEFAULT_COUNTRY } from '../../lib/stores/countries.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { codeNotice } from '../../lib/user/code-notice.ts';
import { checkForm, type RuleName } from '../../lib/user/form-rules.ts';
import { resetPassword, sendEmailCode, sendMobileCode } from '../../lib/user/actions.ts';
import { Field, PasswordField } from '../ui/Field.tsx';
import { PhoneField } from '../ui/PhoneField.tsx';
import { SendCodeButton } from '../ui/SendCodeButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { submitting, useForm } from '../ui/use-form.ts';

type Tab = 'email' | 'phone';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * docs/requirements.md §2 /user/reset: a code to the e-mail address or phone the account has bound, new password,
 * confirmation. An account registered by user name resets by what it bound later in the account centre.
 */
export default function ResetForm({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const [tab, setTab] = useState<Tab>('email');
  const form = useForm({
    email: '',
    countryCode: DEFAULT_COUNTRY[locale],
    phone: '',
    code: '',
    password: '',
    confirmPassword: '',
  });
  const { values, set } = form;
  const targetRules = (): Record<string, RuleName> =>
    tab === 'email' ? { email: 'email' } : { phone: 'phone', countryCode: 'countryCode' };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = checkForm(
      values,
      { ...targetRules(), code: 'code', password: 'password' },
      { field: 'confirmPassword', equals: 'password' },
    );
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    const passwords = { password: values.password, confirmPassword: values.confirmPassword };
    void submitting(form.setBusy, async () => {
      await resetPassword(
        tab === 'email'
          ? { type: 'email', email: values.email.trim(), emailCode: values.code.trim(), ...passwords }
          : {
              type: 'phone',
              countryCode: values.countryCode,
              phone: values.phone,
              smsCode: values.code.trim(),
              ...passwords,
            },
      );
      flashToast('success', t('msg.resetSuccess'));
      window.location.assign(href(`/user/login?type=${tab}`, locale));
    });
  };

  const send = async () => {
    if (tab === 'email') await sendEmailCode(values.email.trim(), 'reset');
    else await sendMobileCode(values.countryCode, values.phone, 'reset');
    const notice = codeNotice(tab === 'email' ? 'email' : 'sms');
    showToast(notice.kind, t(notice.key, { target: tab === 'email' ? values.email.trim() : values.phone }));
  };
  const targetOk = () => {
    const problems = checkForm(values, targetRules());
    form.setErrors((e) => ({ ...e, ...problems }));
    return Object.keys(problems).length === 0;
  };

  const passwordToggle = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };
  return (
    <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
      <h1>{t('auth.reset.title')}</h1>
      <p className="auth-card__subtitle">{t('auth.reset.bound')}</p>
      <p className="form-note" data-testid="reset-username-note">
        {t('auth.reset.nothingBound')}
        <button type="button" className="link-button" onClick={() => void openCustomerService()}>
          {t('content.support.contact')}
        </button>
      </p>
      <Tabs
        label={t('auth.reset.title')}
        active={tab}
        onChange={(k) => {
          setTab(k);
          form.setErrors({});
        }}
        tabs={[
          { key: 'email', label: t('auth.tab.email') },
          { key: 'phone', label: t('auth.tab.phone') },
        ]}
      />
      {tab === 'email' ? (
        <Field
          label={t('field.email')}
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
          label={t('field.phone')}
          countryLabel={t('auth.country')}
          country={values.countryCode}
          phone={values.phone}
          onCountry={set('countryCode')}
          onPhone={set('phone')}
          error={form.message(t, 'phone') ?? form.message(t, 'countryCode')}
        />
      )}
      <Field
        label={t(tab === 'email' ? 'field.emailCode' : 'field.smsCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={values.code}
        onChange={set('code')}
        error={form.message(t, 'code')}
        addon={
          <SendCodeButton
            key={tab}
            label={t('auth.sendCode')}
            countdownLabel={(seconds) => t('auth.resendIn', { seconds })}
            canSend={targetOk}
            send={send}
          />
        }
      />
      <PasswordField
        label={t('field.newPassword')}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={form.message(t, 'password')}
        hint={t('auth.passwordHint')}
        {...passwordToggle}
      />
      <PasswordField
        label={t('field.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={form.message(t, 'confirmPassword')}
        {...passwordToggle}
      />
      <p className="field__hint">{t('auth.reset.pause')}</p>
      <button className="btn btn--primary btn--block" type="submit" disabled={form.busy}>
        {t('auth.submit.reset')}
      </button>
      <p className="auth-card__switch">
        <a href={href('/user/login', locale)}>{t('auth.goLogin')}</a>
      </p>
    </form>
  );
}
