import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { AdvancedKyc } from '../identity/index.ts';
import { BankCard } from '../identity/index.ts';
import { LimitsTable } from '../identity/index.ts';
import { PrimaryKyc } from '../identity/index.ts';
import { Checklist, Overview, USER_KEYS, type UserKey } from './Overview.tsx';

type Key = UserKey;
/** Tabs anyone can read; the rest need a session. */
const PUBLIC_KEYS: Key[] = ['termsService', 'helper'];

interface Props {
  locale: Locale;
  messages: Messages;
}

function keyFromUrl(): Key {
  if (typeof location === 'undefined') return 'all';
  const key = new URLSearchParams(location.search).get('key') as Key | null;
  return key && USER_KEYS.includes(key) ? key : 'all';
}

/** docs/requirements.md §2 /user/index?key=: the user centre with its nine tabs. */
export default function UserCentre({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const user = useStore($userInfo);
  const [mounted, setMounted] = useState(false);
  const [key, setKey] = useState<Key>('all');
  useEffect(() => {
    setKey(keyFromUrl());
    setMounted(true);
  }, []);

  const choose = (next: Key) => {
    setKey(next);
    history.replaceState(null, '', `${location.pathname}?key=${next}`);
    window.scrollTo(0, 0);
  };

  const needsLogin = !PUBLIC_KEYS.includes(key) && (!mounted || !isLogin);
  return (
    <div className="user-centre">
      <nav className="side-tabs" aria-label={t('user.title')}>
        {USER_KEYS.map((k) => (
          <a
            key={k}
            href={`?key=${k}`}
            aria-current={k === key ? 'page' : undefined}
            className={k === key ? 'is-active' : undefined}
            onClick={(e) => {
              e.preventDefault();
              choose(k);
            }}
          >
            {t(`user.tab.${k}`)}
          </a>
        ))}
      </nav>
      <section className="panel" aria-live="polite">
        <h1 className="panel__title">{t(`user.tab.${key}`)}</h1>
        {needsLogin ? (
          <p>
            {t('user.loginRequired')}{' '}
            <a
              className="btn btn--primary"
              href={href(`/user/login?redirect=${encodeURIComponent(href(`/user/index?key=${key}`, locale))}`, locale)}
            >
              {t('header.login')}
            </a>
          </p>
        ) : (
          <TabBody tab={key} t={t} user={user} locale={locale} />
        )}
      </section>
    </div>
  );
}

function TabBody({ tab, t, user, locale }: { tab: Key; t: T; user: UserInfo | null; locale: Locale }) {
  switch (tab) {
    case 'all':
      return user ? <Overview t={t} user={user} locale={locale} /> : <p>{t('common.loading')}</p>;
    case 'certified':
      return <Checklist t={t} user={user} locale={locale} />;
    case 'primary':
      return (
        <div className="identity">
          <PrimaryKyc t={t} locale={locale} />
          <LimitsTable t={t} />
        </div>
      );
    case 'advanced':
      return (
        <div className="identity">
          <AdvancedKyc t={t} primaryHref={href('/user/index?key=primary', locale)} />
          <LimitsTable t={t} />
        </div>
      );
    case 'bank':
      return <BankCard t={t} verifyHref={href('/user/index?key=primary', locale)} />;
    case 'loginPwd':
      return <PasswordForm kind="login" t={t} locale={locale} googleBound={Boolean(user?.googleBound)} />;
    case 'tardPwd':
      return user?.hasFundPassword ? (
        <p className="status status--done">{t('user.tardPwd.already')}</p>
      ) : (
        <PasswordForm kind="fund" t={t} locale={locale} googleBound={Boolean(user?.googleBound)} />
      );
    case 'termsService':
      return (
        <div className="prose">
          {['p1', 'p2', 'p3', 'p4'].map((p) => (
            <p key={p}>{t(`user.terms.${p}`)}</p>
          ))}
        </div>
      );
    case 'helper':
      return (
        <div className="prose">
          <p>
            {t('user.helper.p1')} <a href={href('/user/reset', locale)}>{t('auth.forgot')}</a>
          </p>
          <p>{t('user.helper.p2')}</p>
          <p>{t('user.helper.p3')}</p>
        </div>
      );
  }
}
