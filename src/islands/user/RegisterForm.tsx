import { useState } from 'react';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { PRODUCT_NAME } from '../../lib/brand.ts';
import { href } from '../../lib/navigation.ts';
import { DEFAULT_COUNTRY } from '../../lib/stores/countries.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { codeNotice } from '../../lib/user/code-notice.ts';
import { checkForm, RULES, type RuleName } from '../../lib/user/form-rules.ts';
import { register, sendEmailCode, sendMobileCode } from '../../lib/user/actions.ts';
import { Field, PasswordField } from '../ui/Field.tsx';
import { PhoneField } from '../ui/PhoneField.tsx';
import { SendCodeButton } from '../ui/SendCodeButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { submitting, useForm } from '../ui/use-form.ts';

type Tab = 'account' | 'email' | 'phone';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * docs/requirements.md §2 /user/register: tabs account, e-mail and phone, optional invite code (prefilled from
 * ?invite_code=).
 */
export default function RegisterForm({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const [tab, setTab] = useState<Tab>('account');
  const invite = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('invite_code') ?? '');
  const form = useForm({
    username: '',
    email: '',
    code: '',
    countryCode: DEFAULT_COUNTRY[locale],
    phone: '',
    password: '',
    confirmPassword: '',
    inviteCode: invite.slice(0, 16),
  });
  const { values, set } = form;

  const checkTarget = (field: 'email' | 'phone') => () => {
    const problem = RULES[field](values[field]);
    if (problem) form.setErrors((e) => ({ ...e, [field]: problem }));
    return !problem;
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const identity: Record<string, RuleName> =
      tab === 'account'
        ? { username: 'username' }
        : tab === 'email'
          ? { email: 'email', code: 'code' }
          : { phone: 'phone', countryCode: 'countryCode', code: 'code' };
    const errors = checkForm(
      values,
      { ...identity, password: 'password', inviteCode: 'inviteCode' },
      { field: 'confirmPassword', equals: 'password' },
    );
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void submitting(form.setBusy, async () => {
      const common = {
        password: values.password,
        confirmPassword: values.confirmPassword,
        inviteCode: values.inviteCode.trim() || undefined,
      };
      const body =
        tab === 'account'
          ? { type: tab, username: values.username.trim(), ...common }
          : tab === 'email'
            ? { type: tab, email: values.email.trim(), emailCode: values.code.trim(), ...common }
            : {
                type: tab,
                countryCode: values.countryCode,
                phone: values.phone,
                smsCode: values.code.trim(),
                ...common,
              };
      await register(body);
      flashToast('success', t('msg.registerSuccess'));
      window.location.assign(href(`/user/login?type=${tab}`, locale));
    });
  };

  const passwordToggle = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };
  const sendButton = (field: 'email' | 'phone') => (
    <SendCodeButton
      label={t('auth.sendCode')}
      countdownLabel={(seconds) => t('auth.resendIn', { seconds })}
      canSend={checkTarget(field)}
      send={async () => {
        await (field === 'email'
          ? sendEmailCode(values.email.trim(), 'register')
          : sendMobileCode(values.countryCode, values.phone, 'register'));
        const notice = codeNotice(field === 'email' ? 'email' : 'sms');
        showToast(notice.kind, t(notice.key, { target: field === 'email' ? values.email.trim() : values.phone }));
      }}
    />
  );

  return (
    <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
      <h1>{t('auth.register.title')}</h1>
      <p className="auth-card__subtitle">{t('auth.register.subtitle', { name: PRODUCT_NAME })}</p>
      <Tabs
        label={t('auth.register.title')}
        active={tab}
        onChange={(k) => {
          setTab(k);
          form.setErrors({});
        }}
        tabs={[
          { key: 'account', label: t('auth.tab.account') },
          { key: 'email', label: t('auth.tab.email') },
          { key: 'phone', label: t('auth.tab.phone') },
        ]}
      />
      {tab === 'account' && (
        <Field
          label={t('field.username')}
          name="username"
          autoComplete="username"
          maxLength={42}
          value={values.username}
          onChange={set('username')}
          error={form.message(t, 'username')}
        />
      )}
      {tab === 'email' && (
        <>
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
          <Field
            label={t('field.emailCode')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={set('code')}
            error={form.message(t, 'code')}
            addon={sendButton('email')}
          />
        </>
      )}
      {tab === 'phone' && (
        <>
          <PhoneField
            label={t('field.phone')}
            countryLabel={t('auth.country')}
            country={values.countryCode}
            phone={values.phone}
            onCountry={set('countryCode')}
            onPhone={set('phone')}
            error={form.message(t, 'phone') ?? form.message(t, 'countryCode')}
          />
          <Field
            label={t('field.smsCode')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={set('code')}
            error={form.message(t, 'code')}
            addon={sendButton('phone')}
          />
        </>
      )}
      <PasswordField
        label={t('field.password')}
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
      <Field
        label={t('auth.inviteOptional')}
        name="inviteCode"
        maxLength={16}
        value={values.inviteCode}
        onChange={set('inviteCode')}
        error={form.message(t, 'inviteCode')}
      />
      <p className="auth-card__note">
        {t('auth.agree')} <a href={href('/user/index?key=termsService', locale)}>{t('user.terms.title')}</a>
      </p>
      <button className="btn btn--primary btn--block" type="submit" disabled={form.busy}>
        {t('auth.submit.register')}
      </button>
      <p className="auth-card__switch">
        {t('auth.haveAccount')} <a href={href('/user/login', locale)}>{t('auth.goLogin')}</a>
      </p>
    </form>
  );
}
