import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { $securityStatus } from '../../lib/account/security.ts';
import { maskEmail, maskPhone } from '../../../isomorphic/format/index.ts';
import { href } from '../../lib/navigation.ts';
import type { Setting } from '../../lib/account/settings.ts';
import type { TabProps } from './tabs.ts';
import { PauseNotice } from './PauseNotice.tsx';
import { WhitelistPanel } from './WhitelistPanel.tsx';

const settingHref = (setting: Setting, locale: Locale) => href(`/account/center/setting/${setting}`, locale);

/**
 * docs/requirements.md §2 `?tab=security`: bindings, passwords, the authenticator, the anti-phishing code, the
 * whitelist, any pause.
 */
export function SecurityTab({ t, locale }: TabProps) {
  const status = useStore($securityStatus);
  if (!status) return <p>{t('common.loading')}</p>;
  const rows: Array<{ key: Setting; title: string; text: string; state: string; done: boolean; action: string }> = [
    {
      key: 'email',
      title: 'security.email.title',
      text: 'security.email.text',
      state: status.email ? maskEmail(status.email) : t('security.notBound'),
      done: Boolean(status.email),
      action: status.email ? 'security.change' : 'security.bind',
    },
    {
      key: 'phone',
      title: 'security.phone.title',
      text: 'security.phone.text',
      state: status.phone ? maskPhone(status.phone) : t('security.notBound'),
      done: Boolean(status.phone),
      action: status.phone ? 'security.change' : 'security.bind',
    },
    {
      key: 'google',
      title: 'security.google.title',
      text: 'security.google.text',
      state: t(status.googleBound ? 'security.bound' : 'security.notBound'),
      done: status.googleBound,
      action: status.googleBound ? 'security.reset' : 'security.bind',
    },
    {
      key: 'login-pwd',
      title: 'security.loginPwd.title',
      text: 'security.loginPwd.text',
      state: t('security.set'),
      done: true,
      action: 'security.change',
    },
    {
      key: 'trade-pwd',
      title: 'security.fundPwd.title',
      text: 'security.fundPwd.text',
      state: t(status.hasFundPassword ? 'security.set' : 'security.notSet'),
      done: status.hasFundPassword,
      action: status.hasFundPassword ? 'security.view' : 'security.setUp',
    },
    {
      key: 'anti-code',
      title: 'security.antiCode.title',
      text: 'security.antiCode.text',
      state: status.antiCode ? `${status.antiCode.slice(0, 2)}****` : t('security.notSet'),
      done: Boolean(status.antiCode),
      action: status.antiCode ? 'security.change' : 'security.setUp',
    },
  ];
  return (
    <div className="security">
      <PauseNotice t={t} status={status} withRule />
      <ul className="security-list">
        {rows.map((row) => (
          <li key={row.key} className="security-list__row" data-testid={`security-${row.key}`}>
            <div className="security-list__what">
              <h2>{t(row.title)}</h2>
              <p>{t(row.text)}</p>
            </div>
            <span className={`status ${row.done ? 'status--done' : 'status--todo'}`}>{row.state}</span>
            <a className="btn btn--outline" href={settingHref(row.key, locale)}>
              {t(row.action)}
            </a>
          </li>
        ))}
      </ul>
      <h2 className="panel__subtitle">{t('security.whitelist.title')}</h2>
      <WhitelistPanel t={t} status={status} />
    </div>
  );
}
