import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { $securityStatus } from '../../lib/account/security.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { PasswordForm } from '../user/index.ts';
import type { Setting } from '../../lib/account/settings.ts';
import { PauseNotice } from './PauseNotice.tsx';
import { AntiCodeForm } from './settings/AntiCodeForm.tsx';
import { AuthenticatorForm } from './settings/AuthenticatorForm.tsx';
import { BindingForm } from './settings/BindingForm.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  setting: Setting;
}

/** The page title of each setting page. */
const TITLES: Record<Setting, string> = {
  email: 'security.email.title',
  phone: 'security.phone.title',
  google: 'security.google.title',
  'login-pwd': 'security.loginPwd.title',
  'trade-pwd': 'security.fundPwd.title',
  'anti-code': 'security.antiCode.title',
};

/**
 * docs/requirements.md §2 `/account/center/setting/{phone,google,email,login-pwd,trade-pwd,anti-code}`: one security
 * setting on its own page, without the tab menu, with the way back to the security tab.
 */
export default function SecuritySetting({ locale, messages, setting }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const user = useStore($userInfo);
  const status = useStore($securityStatus);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const back = href('/account/center?tab=security', locale);
  const here = href(`/account/center/setting/${setting}`, locale);

  let body;
  if (!mounted || !isLogin) {
    body = (
      <p>
        {t('user.loginRequired')}{' '}
        <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(here)}`, locale)}>
          {t('header.login')}
        </a>
      </p>
    );
  } else if (!status || !user) {
    body = <p>{t('common.loading')}</p>;
  } else if (setting === 'email' || setting === 'phone') {
    body = (
      <BindingForm t={t} locale={locale} status={status} channel={setting === 'email' ? 'email' : 'sms'} back={back} />
    );
  } else if (setting === 'google') {
    body = <AuthenticatorForm t={t} status={status} back={back} />;
  } else if (setting === 'anti-code') {
    body = <AntiCodeForm t={t} locale={locale} status={status} back={back} />;
  } else if (setting === 'trade-pwd' && (status.hasFundPassword || user.hasFundPassword)) {
    body = <p className="status status--done">{t('user.tardPwd.already')}</p>;
  } else {
    body = (
      <PasswordForm
        kind={setting === 'login-pwd' ? 'login' : 'fund'}
        t={t}
        locale={locale}
        googleBound={status.googleBound}
      />
    );
  }
  return (
    <section className="panel security-setting">
      <p>
        <a href={back}>{t('security.back')}</a>
      </p>
      <h1 className="panel__title">{t(TITLES[setting])}</h1>
      {status && <PauseNotice t={t} status={status} />}
      {body}
    </section>
  );
}
