import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { maskEmail, maskPhone } from '../../../isomorphic/format/index.ts';
import { openCustomerService, openWhitePaper } from '../../lib/common/support.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { logout } from '../../lib/user/actions.ts';
import { startSessionKeeper } from '../../lib/user/keeper.ts';
import { DocIcon } from './WhitePaperLink.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

const ASSET_LINKS = [
  ['header.assets.overview', '/assets/index?key=overview'],
  ['header.assets.recharge', '/assets/index?key=recharge'],
  ['header.assets.withdraw', '/assets/index?key=withdraw'],
  ['header.assets.transfer', '/assets/index?key=transfer'],
  ['header.assets.records', '/assets/index?key=records'],
] as const;

const ACCOUNT_LINKS = [
  ['header.account.center', '/user/index?key=all'],
  ['header.account.security', '/account/center?tab=security'],
  ['header.account.kyc', '/user/index?key=primary'],
  ['header.account.orders', '/account/entrust'],
  ['header.account.alerts', '/account/alerts'],
  ['header.account.api', '/account/center?tab=api'],
  ['header.account.referral', '/account/center?tab=agent'],
  ['display.title', '/account/preferences'],
] as const;

/**
 * The session-dependent right side of the top bar (docs/requirements.md §2): log in / sign up when logged out; assets
 * menu, customer-service and white-paper icons and the avatar menu when logged in. It also keeps the session alive.
 */
export default function HeaderAuth({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const user = useStore($userInfo);
  // The static HTML is rendered logged out; switch after hydration so both renders agree.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    startSessionKeeper();
  }, []);

  if (!mounted || !isLogin) {
    return (
      <div className="header-auth">
        <a className="btn btn--ghost" href={href('/user/login', locale)}>
          {t('header.login')}
        </a>
        <a className="btn btn--primary" href={href('/user/register', locale)}>
          {t('header.register')}
        </a>
      </div>
    );
  }

  const name = user?.email ? maskEmail(user.email) : user?.phone ? maskPhone(user.phone) : (user?.username ?? '');
  const onLogout = async () => {
    await logout();
    flashToast('success', t('msg.loggedOut'));
    window.location.assign(href('/home/index', locale));
  };

  return (
    <div className="header-auth">
      <details className="menu">
        <summary className="menu__button">{t('header.assets')}</summary>
        <ul className="menu__panel">
          {ASSET_LINKS.map(([key, path]) => (
            <li key={key}>
              <a href={href(path, locale)}>{t(key)}</a>
            </li>
          ))}
        </ul>
      </details>
      <button
        type="button"
        className="icon-button"
        onClick={() => void openCustomerService()}
        aria-label={t('header.support')}
        title={t('header.support')}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a9 9 0 0 0-9 9v5a3 3 0 0 0 3 3h2v-7H5v-1a7 7 0 0 1 14 0v1h-3v7h3v1h-6v2h6a2 2 0 0 0 2-2v-9a9 9 0 0 0-9-9Z"
          />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => void openWhitePaper()}
        aria-label={t('header.whitePaper')}
        title={t('header.whitePaper')}
      >
        <DocIcon />
      </button>
      <details className="menu menu--end">
        <summary className="menu__button avatar" aria-label={t('header.account')}>
          <span className="avatar__circle" aria-hidden="true">
            {(name[0] ?? 'U').toUpperCase()}
          </span>
        </summary>
        <div className="menu__panel account-menu">
          <div className="account-menu__who">
            <strong>{name}</strong>
            {user && <span>{t('header.uid', { uid: user.userId })}</span>}
          </div>
          <ul>
            {ACCOUNT_LINKS.map(([key, path]) => (
              <li key={key}>
                <a href={href(path, locale)}>{t(key)}</a>
              </li>
            ))}
            {user?.role === 'operator' && (
              <li>
                <a href={href('/admin', locale)}>{t('header.account.console')}</a>
              </li>
            )}
            <li>
              <button type="button" className="menu__action" onClick={() => void onLogout()}>
                {t('header.logout')}
              </button>
            </li>
          </ul>
        </div>
      </details>
    </div>
  );
}
