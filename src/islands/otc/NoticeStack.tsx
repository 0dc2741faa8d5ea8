import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $notices, dismissNotice } from '../../lib/otc/feed.ts';
import { noticeHref, noticeKey } from '../../lib/otc/notices.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import '../../styles/otc.css';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * The shell's OTC notification stack (docs/requirements.md §4): at most four, the oldest closing when a fifth arrives,
 * each staying until clicked; a click opens its order (the merchant's order page for link_merchant). Signed-out
 * visitors have no feed, so nothing subscribes for them.
 */
export default function NoticeStack({ locale, messages }: Props) {
  const isLogin = useStore($isLogin);
  return isLogin ? <Stack locale={locale} messages={messages} /> : null;
}

function Stack({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const notices = useStore($notices);
  if (!notices.length) return null;
  return (
    <div className="shell-notices otc-notices" role="region" aria-live="polite" aria-label={t('otc.notice.region')}>
      {notices.map((n) => (
        <a
          key={`${n.orderId}:${n.content}:${n.ts}`}
          className={`otc-notice otc-notice--${n.type}`}
          href={href(noticeHref(n), locale)}
          data-testid="otc-notice"
          onClick={() => dismissNotice(n)}
        >
          <strong>{t(n.type === 'appeal' ? 'otc.notice.appealTitle' : 'otc.notice.title')}</strong>
          <span>{t(noticeKey(n), { code: n.orderCode })}</span>
        </a>
      ))}
    </div>
  );
}
