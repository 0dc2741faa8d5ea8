import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $orderPairs } from '../../lib/spot/spot-reads.ts';
import { UserOrders } from './UserOrders.tsx';
import { SecondsOrders } from '../seconds/index.ts';
import { PerpOrderCentre } from '../perpetual-assets/index.ts';
import { MarginOrdersTable } from '../margin/index.ts';

const TABS = ['spot', 'seconds', 'margin-all', 'margin-fixed', 'future/u', 'future/coin'] as const;
type Tab = (typeof TABS)[number];

/**
 * docs/requirements.md §2 /account/entrust: the order centre; spot orders, second contracts, margin orders (cross and
 * isolated) and contract orders of every pair.
 */
export default function EntrustApp({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const all = useStore($markets);
  const markets = all.currencyList; // also keeps pair precisions loaded for the table
  const pairs = useStore($orderPairs);
  const [pair, setPair] = useState('');
  const [tab, setTab] = useState<Tab>('spot');
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    const asked = new URLSearchParams(location.search).get('tab') as Tab | null;
    if (asked && TABS.includes(asked)) setTab(asked);
  }, []);
  return (
    <section className="panel">
      <h1 className="panel__title">{t('entrust.title')}</h1>
      <div className="tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={`tabs__tab${k === tab ? ' is-active' : ''}`}
            onClick={() => setTab(k)}
          >
            {t(k === 'seconds' ? 'seconds.title' : `entrust.tab.${k}`)}
          </button>
        ))}
      </div>
      {!mounted || !isLogin ? (
        <p className="muted">
          <a href={href(`/user/login?redirect=${encodeURIComponent(href('/account/entrust', locale))}`, locale)}>
            {t('header.login')}
          </a>
        </p>
      ) : tab === 'spot' ? (
        <>
          {pairs.length > 0 && (
            <label className="pair-filter">
              <span>{t('entrust.pairFilter.label')}</span>
              <select value={pair} onChange={(e) => setPair(e.target.value)} data-testid="pair-filter">
                <option value="">{t('entrust.pairFilter.all')}</option>
                {pairs.map((p) => (
                  <option key={p.symbol} value={p.symbol}>
                    {t('entrust.pairFilter.option', { pair: p.symbol_name, open: p.openOrders, orders: p.orders })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <UserOrders t={t} market={markets.find((m) => m.symbol === pair)} />
        </>
      ) : tab === 'seconds' ? (
        <SecondsOrders t={t} decimalsOf={(s) => all.coinList.find((m) => m.symbol === s)?.part_cou ?? 2} />
      ) : tab === 'future/u' || tab === 'future/coin' ? (
        <PerpOrderCentre key={tab} t={t} kind={tab === 'future/u' ? 'usdt' : 'coin'} />
      ) : (
        <MarginOrdersTable key={tab} t={t} mode={tab === 'margin-all' ? 'cross' : 'isolated'} />
      )}
    </section>
  );
}
