import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { LoginPrompt } from '../ui/LoginPrompt.tsx';
import { EarnOrders } from './EarnOrders.tsx';

/** /pledge/order: the user's staking orders, with early redemption. */
export default function PledgeOrders({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="earn-page">
      <p>
        <a href={href('/pledge/index')}>← {t('earn.detail.back.pledge')}</a>
      </p>
      <h1>{t('earn.pledge.myOrders')}</h1>
      {!ready ? (
        <p className="earn-muted">{t('common.loading')}</p>
      ) : isLogin ? (
        <EarnOrders t={t} kinds={['pledge']} productPage={(o) => `/pledge/add?id=${o.productId}`} />
      ) : (
        <LoginPrompt t={t} text={t('earn.orders.loginFirst')} />
      )}
    </div>
  );
}
