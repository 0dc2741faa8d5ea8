import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime, maskEmail, maskPhone } from '../../../isomorphic/format/index.ts';
import { href } from '../../lib/navigation.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { $identity } from '../../lib/identity/actions.ts';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import { copyText } from '../ui/copy-text.ts';

export const USER_KEYS = [
  'all',
  'primary',
  'advanced',
  'bank',
  'tardPwd',
  'loginPwd',
  'certified',
  'termsService',
  'helper',
] as const;
export type UserKey = (typeof USER_KEYS)[number];

/** The account's facts and security checklist: the user centre's overview and the account centre's information tab. */
export function Overview({ t, user, locale }: { t: T; user: UserInfo; locale: Locale }) {
  const dateOptions = useStore($dateOptions);
  const inviteLink = `${location.origin}/i&${user.inviteCode}`;
  const copy = (text: string) => copyText(t, text);
  const rows: Array<[string, string, (() => void)?]> = [
    ['user.overview.uid', user.userId],
    ['user.overview.account', user.username ?? t('user.overview.notBound')],
    ['user.overview.email', user.email ? maskEmail(user.email) : t('user.overview.notBound')],
    ['user.overview.phone', user.phone ? maskPhone(user.phone) : t('user.overview.notBound')],
    [
      'user.overview.level',
      t(user.is_merchant === 2 ? 'user.overview.merchant' : user.vip ? 'user.overview.vip' : 'user.overview.normal'),
    ],
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
              {onCopy && (
                <button type="button" className="link-button" onClick={onCopy}>
                  {t('common.copy')}
                </button>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="panel__subtitle">{t('user.overview.security')}</h2>
      <Checklist t={t} user={user} locale={locale} />
    </>
  );
}

/** Each step links to the page that does it: a user centre tab, or a security setting page of the account centre. */
export function Checklist({ t, user, locale }: { t: T; user: UserInfo | null; locale: Locale }) {
  const identity = useStore($identity);
  const items: Array<[string, boolean, string]> = [
    ['user.check.primary', (identity?.level ?? 0) >= 1, '/user/index?key=primary'],
    ['user.check.advanced', (identity?.level ?? 0) >= 2, '/user/index?key=advanced'],
    ['user.check.bank', Boolean(identity?.bankBound), '/user/index?key=bank'],
    ['user.check.fundPassword', Boolean(user?.hasFundPassword), '/user/index?key=tardPwd'],
    ['user.check.email', Boolean(user?.email), '/account/center/setting/email'],
    ['user.check.phone', Boolean(user?.phone), '/account/center/setting/phone'],
    ['user.check.google', Boolean(user?.googleBound), '/account/center/setting/google'],
  ];
  return (
    <ul className="checklist">
      {items.map(([label, done, path]) => (
        <li key={label}>
          <a href={href(path, locale)}>{t(label)}</a>
          <span className={`status ${done ? 'status--done' : 'status--todo'}`}>
            {t(done ? 'user.status.done' : 'user.status.todo')}
          </span>
        </li>
      ))}
    </ul>
  );
}
