import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { $alertNotices, describeAlert, dismissAlertNotice, valueShown } from '../../lib/alerts/notices.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import '../../styles/alerts.css';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * The shell's notices of fired price alerts, on every page while signed in: each links to the alerts screen and
 * stays until clicked or closed. Signed-out visitors have no feed, so nothing subscribes for them.
 */
export default function AlertNotices({ locale, messages }: Props) {
  const isLogin = useStore($isLogin);
  return isLogin ? <Stack locale={locale} messages={messages} /> : null;
}

function Stack({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const notices = useStore($alertNotices);
  if (!notices.length) return null;
  return (
    <div
      className="shell-notices alert-notices"
      role="region"
      aria-live="polite"
      aria-label={t('alerts.notice.region')}
    >
      {notices.map((a) => {
        const [key, values] = describeAlert(a);
        return (
          <div key={a.id} className="alert-notice" data-testid="alert-notice">
            <a href={href('/account/alerts', locale)} onClick={() => dismissAlertNotice(a.id)}>
              <strong>{t('alerts.notice.title')}</strong>
              <span>
                {t('alerts.notice.body', { alert: t(key, values), value: valueShown(a, a.firedValue ?? '') })}
              </span>
              {a.note && <span className="alert-notice__note">{a.note}</span>}
            </a>
            <button
              type="button"
              className="alert-notice__close"
              aria-label={t('common.close')}
              onClick={() => dismissAlertNotice(a.id)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
