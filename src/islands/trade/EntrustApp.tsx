import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../lib/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { loadOrders } from '../../lib/trade/actions.ts';
import { UserOrders } from './UserOrders.tsx';

const TABS = ['spot', 'margin-all', 'margin-fixed', 'future/u', 'future/coin'] as const;
type Tab = (typeof TABS)[number];

/** spec §2 /account/entrust: the order centre; spot orders of every pair, other products as they open. */
export default function EntrustApp({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  useStore($markets); // keeps pair precisions loaded for the table
  const [tab, setTab] = useState<Tab>('spot');
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    const asked = new URLSearchParams(location.search).get('tab') as Tab | null;
    if (asked && TABS.includes(asked)) setTab(asked);
  }, []);
  useEffect(() => {
    if (isLogin) loadOrders().catch(() => {});
  }, [isLogin]);
  return (
    <section className="panel">
      <h1 className="panel__title">{t('entrust.title')}</h1>
      <div className="tabs" role="tablist">
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === tab} className={`tabs__tab${k === tab ? ' is-active' : ''}`} onClick={() => setTab(k)}>{t(`entrust.tab.${k}`)}</button>
        ))}
      </div>
      {!mounted || !isLogin ? (
        <p className="muted"><a href={href(`/user/login?redirect=${encodeURIComponent(href('/account/entrust', locale))}`, locale)}>{t('header.login')}</a></p>
      ) : tab === 'spot' ? (
        <UserOrders t={t} />
      ) : (
        <p className="muted">{t('quotes.notOpen')}</p>
      )}
    </section>
  );
}
