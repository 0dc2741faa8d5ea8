import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { ACCOUNT_TABS, type AccountTab } from './tabs.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

function tabFromUrl(tabs: AccountTab[]): AccountTab {
  const key = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('tab');
  return tabs.find((tab) => tab.key === key) ?? tabs[0]!;
}

/**
 * docs/requirements.md §2 `/account/center?tab=`: the account centre. Every tab needs a session; a tab the user may not
 * see (the merchant tab for a non-merchant) or an unknown one opens the first tab and the address says so.
 */
export default function AccountCentre({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const user = useStore($userInfo);
  const tabs = ACCOUNT_TABS.filter((tab) => !user || !tab.visible || tab.visible(user));
  const [mounted, setMounted] = useState(false);
  const [current, setCurrent] = useState<AccountTab>(ACCOUNT_TABS[0]!);
  useEffect(() => {
    setCurrent(tabFromUrl(tabs));
    setMounted(true);
    // The list depends on the user (merchant or not): read the address again once they are known.
  }, [user?.is_merchant]);
  useEffect(() => {
    if (mounted && new URLSearchParams(location.search).get('tab') !== current.key)
      history.replaceState(null, '', `${location.pathname}?tab=${current.key}`);
  }, [mounted, current]);

  const choose = (tab: AccountTab) => {
    setCurrent(tab);
    window.scrollTo(0, 0);
  };
  const { Component } = current;
  return (
    <div className="user-centre account-centre">
      <nav className="side-tabs" aria-label={t('account.title')}>
        {tabs.map((tab) => (
          <a
            key={tab.key}
            href={`?tab=${tab.key}`}
            aria-current={tab.key === current.key ? 'page' : undefined}
            className={tab.key === current.key ? 'is-active' : undefined}
            onClick={(e) => {
              e.preventDefault();
              choose(tab);
            }}
          >
            {t(tab.label)}
          </a>
        ))}
      </nav>
      <section className="panel" aria-live="polite">
        <h1 className="panel__title">{t(current.label)}</h1>
        {!mounted || !isLogin ? (
          <p>
            {t('user.loginRequired')}{' '}
            <a
              className="btn btn--primary"
              href={href(
                `/user/login?redirect=${encodeURIComponent(href(`/account/center?tab=${current.key}`, locale))}`,
                locale,
              )}
            >
              {t('header.login')}
            </a>
          </p>
        ) : user ? (
          <Component t={t} locale={locale} user={user} />
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </section>
    </div>
  );
}
