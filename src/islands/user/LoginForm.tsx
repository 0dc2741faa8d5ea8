import { useState } from 'react';
import { failedWith } from '../../lib/api/failure.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { DEFAULT_COUNTRY } from '../../lib/stores/countries.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { checkForm, type RuleName } from '../../lib/user/form-rules.ts';
import { login } from '../../lib/user/actions.ts';
import { href, safeRedirect } from '../../lib/navigation.ts';
import { PRODUCT_NAME } from '../../lib/brand.ts';
import { Field, PasswordField } from '../ui/Field.tsx';
import { PhoneField } from '../ui/PhoneField.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { submitting, useForm } from '../ui/use-form.ts';

type Tab = 'account' | 'email' | 'phone';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * docs/requirements.md §2 /user/login: tabs account, e-mail and phone; forgot-password and register links. Once the
 * account has bound an authenticator, the server answers a right password with step 1 (docs/requirements.md §8, no
 * toast): the form then asks for the authenticator's code and sends both again.
 */
export default function LoginForm({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const initialTab =
    (typeof location !== 'undefined' && (new URLSearchParams(location.search).get('type') as Tab)) || 'account';
  const [tab, setTab] = useState<Tab>(['account', 'email', 'phone'].includes(initialTab) ? initialTab : 'account');
  const form = useForm({
    username: '',
    email: '',
    countryCode: DEFAULT_COUNTRY[locale],
    phone: '',
    password: '',
    googleCode: '',
  });
  const { values, set } = form;
  const [secondStep, setSecondStep] = useState(false);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const identity: Record<string, RuleName> =
      tab === 'account'
        ? { username: 'username' }
        : tab === 'email'
          ? { email: 'email' }
          : { phone: 'phone', countryCode: 'countryCode' };
    const errors = checkForm(values, {
      ...identity,
      password: 'loginPassword',
      ...(secondStep ? { googleCode: 'googleCode' as const } : {}),
    });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    const secret = { password: values.password, googleCode: secondStep ? values.googleCode.trim() : undefined };
    void submitting(form.setBusy, async () => {
      const body =
        tab === 'account'
          ? { type: tab, username: values.username.trim(), ...secret }
          : tab === 'email'
            ? { type: tab, email: values.email.trim(), ...secret }
            : { type: tab, countryCode: values.countryCode, phone: values.phone, ...secret };
      try {
        await login(body);
      } catch (err) {
        if (failedWith(err, ERRORS.loginStep1)) setSecondStep(true);
        else if (secondStep) form.setValues((v) => ({ ...v, googleCode: '' }));
        throw err;
      }
      flashToast('success', t('msg.loginSuccess'));
      window.location.assign(safeRedirect(new URLSearchParams(location.search).get('redirect'), locale));
    });
  };

  return (
    <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
      <h1>{t('auth.login.title')}</h1>
      <p className="auth-card__subtitle">{t('auth.login.subtitle', { name: PRODUCT_NAME })}</p>
      <Tabs
        label={t('auth.login.title')}
        active={tab}
        onChange={(k) => {
          setTab(k);
          setSecondStep(false);
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
      )}
      {tab === 'phone' && (
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
      <PasswordField
        label={t('field.password')}
        name="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(v) => {
          set('password')(v);
          setSecondStep(false);
        }}
        error={form.message(t, 'password')}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      {secondStep && (
        <Field
          label={t('field.googleCode')}
          name="googleCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          value={values.googleCode}
          onChange={set('googleCode')}
          error={form.message(t, 'googleCode')}
          hint={t('auth.googleStep')}
        />
      )}
      <div className="auth-card__row">
        <a href={href('/user/reset', locale)}>{t('auth.forgot')}</a>
      </div>
      <button className="btn btn--primary btn--block" type="submit" disabled={form.busy}>
        {t('auth.submit.login')}
      </button>
      <p className="auth-card__switch">
        {t('auth.noAccount')} <a href={href('/user/register', locale)}>{t('auth.goRegister')}</a>
      </p>
    </form>
  );
}
