import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../lib/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { formatDateTime, maskEmail, maskPhone } from '../../lib/format/index.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import type { UserInfo } from '../../lib/contract/user.ts';
import { ACCOUNT_CENTRE } from '../../lib/shell/coming.ts';
import { PasswordForm } from './PasswordForm.tsx';

export const USER_KEYS = ['all', 'primary', 'advanced', 'bank', 'tardPwd', 'loginPwd', 'certified', 'termsService', 'helper'] as const;
type Key = (typeof USER_KEYS)[number];
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

/** spec §2 /user/index?key=: the user centre with its nine tabs. */
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
          <a key={k} href={`?key=${k}`} aria-current={k === key ? 'page' : undefined} className={k === key ? 'is-active' : undefined} onClick={(e) => { e.preventDefault(); choose(k); }}>
            {t(`user.tab.${k}`)}
          </a>
        ))}
      </nav>
      <section className="panel" aria-live="polite">
        <h1 className="panel__title">{t(`user.tab.${key}`)}</h1>
        {needsLogin ? (
          <p>
            {t('user.loginRequired')} <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(href(`/user/index?key=${key}`, locale))}`, locale)}>{t('header.login')}</a>
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
      return user ? <Overview t={t} user={user} /> : <p>{t('common.loading')}</p>;
    case 'certified':
      return <Checklist t={t} user={user} />;
    case 'primary':
    case 'advanced':
      return (
        <div className="prose">
          <p>{t(`user.kyc.${tab}.text`)}</p>
          <h2>{t('user.kyc.requirements')}</h2>
          <ul>
            <li>{t('user.kyc.req.document')}</li>
            <li>{t('user.kyc.req.photos')}</li>
            {tab === 'advanced' && <li>{t('user.kyc.req.selfie')}</li>}
          </ul>
          <p className="status status--todo">{t('user.kyc.notStarted')}</p>
          <AccountCentreLink t={t} locale={locale} />
        </div>
      );
    case 'bank':
      return (
        <div className="prose">
          <p>{t('user.bank.text')}</p>
          <p className="status status--todo">{t('user.overview.notBound')}</p>
          <AccountCentreLink t={t} locale={locale} />
        </div>
      );
    case 'loginPwd':
      return <PasswordForm kind="login" t={t} locale={locale} />;
    case 'tardPwd':
      return user?.hasFundPassword ? <p className="status status--done">{t('user.tardPwd.already')}</p> : <PasswordForm kind="fund" t={t} locale={locale} />;
    case 'termsService':
      return (
        <div className="prose">
          {['p1', 'p2', 'p3', 'p4'].map((p) => <p key={p}>{t(`user.terms.${p}`)}</p>)}
        </div>
      );
    case 'helper':
      return (
        <div className="prose">
          <p>{t('user.helper.p1')} <a href={href('/user/reset', locale)}>{t('auth.forgot')}</a></p>
          <p>{t('user.helper.p2')}</p>
          <p>{t('user.helper.p3')}</p>
        </div>
      );
  }
}

/** Verification and bank-card binding open with the account centre; until then its page says so. */
function AccountCentreLink({ t, locale }: { t: T; locale: Locale }) {
  return <p><a href={href(ACCOUNT_CENTRE.path, locale)}>{t('coming.link', { product: t(ACCOUNT_CENTRE.title) })}</a></p>;
}

function Overview({ t, user }: { t: T; user: UserInfo }) {
  const dateOptions = useStore($dateOptions);
  const inviteLink = `${location.origin}/i&${user.inviteCode}`;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', t('common.copied'));
    } catch {
      showToast('error', t('common.copyFailed'));
    }
  };
  const rows: Array<[string, string, (() => void)?]> = [
    ['user.overview.uid', user.userId],
    ['user.overview.account', user.username ?? t('user.overview.notBound')],
    ['user.overview.email', user.email ? maskEmail(user.email) : t('user.overview.notBound')],
    ['user.overview.phone', user.phone ? maskPhone(user.phone) : t('user.overview.notBound')],
    ['user.overview.level', t(user.is_merchant === 2 ? 'user.overview.merchant' : user.vip ? 'user.overview.vip' : 'user.overview.normal')],
    ['user.overview.creditScore', String(user.creditScore)],
    ['user.overview.joined', formatDateTime(user.createdAt, { ...dateOptions, withTime: false })],
    ['user.overview.inviteCode', user.inviteCode, () => void copy(user.inviteCode)],
    ['user.overview.inviteLink', inviteLink, () => void copy(inviteLink)],
  ];
  return (
    <>
      <dl className="facts">
        {rows.map(([label, value, onCopy]) => (
          <div key={label} className="facts__row">
            <dt>{t(label)}</dt>
            <dd>
              <span className="facts__value">{value}</span>
              {onCopy && <button type="button" className="link-button" onClick={onCopy}>{t('common.copy')}</button>}
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="panel__subtitle">{t('user.overview.security')}</h2>
      <Checklist t={t} user={user} />
    </>
  );
}

function Checklist({ t, user }: { t: T; user: UserInfo | null }) {
  const items: Array<[string, boolean, Key]> = [
    ['user.check.primary', false, 'primary'],
    ['user.check.advanced', false, 'advanced'],
    ['user.check.bank', false, 'bank'],
    ['user.check.fundPassword', Boolean(user?.hasFundPassword), 'tardPwd'],
    ['user.check.email', Boolean(user?.email), 'all'],
  ];
  return (
    <ul className="checklist">
      {items.map(([label, done, key]) => (
        <li key={label}>
          <a href={`?key=${key}`}>{t(label)}</a>
          <span className={`status ${done ? 'status--done' : 'status--todo'}`}>{t(done ? 'user.status.done' : 'user.status.todo')}</span>
        </li>
      ))}
    </ul>
  );
}
