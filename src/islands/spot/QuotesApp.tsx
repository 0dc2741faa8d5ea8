import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { $markets, $watch } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { MarketTable } from './MarketTable.tsx';
import { $periods } from '../../lib/seconds/actions.ts';
import { contractLabel } from '../perpetual-assets/index.ts';

const TABS = ['watchlist', 'speed', 'spot', 'margin'] as const;
type Tab = (typeof TABS)[number];

/** docs/requirements.md §2 /quotes/index: watchlist, second-contract, spot and U-contract markets, live. */
export default function QuotesApp({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const markets = useStore($markets);
  const watch = useStore($watch);
  const isLogin = useStore($isLogin);
  const [tab, setTab] = useState<Tab>('spot');
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get('tab') as Tab | null;
    if (asked && TABS.includes(asked)) setTab(asked);
  }, []);
  // The margin tab's rows open the perpetual screen and carry no watchlist star (the watchlist holds spot pairs).
  const margin = tab === 'margin' ? { tradeType: 'usta' as const, watchable: false, name: contractLabel(t) } : {};
  const choose = (next: Tab) => {
    setTab(next);
    history.replaceState(null, '', `${location.pathname}?tab=${next}`);
  };

  const list = tab === 'speed' ? markets.coinList : tab === 'margin' ? markets.contractList : markets.currencyList;
  const rows = tab === 'watchlist' ? markets.currencyList.filter((m) => watch[m.symbol] ?? m.optional) : list;
  // Until the market list has arrived every product tab is loading; after it, an empty one has not opened yet.
  const loaded = markets.currencyList.length > 0;
  const empty =
    tab === 'watchlist'
      ? t(isLogin ? 'quotes.emptyWatchlist' : 'quotes.loginForWatchlist')
      : tab === 'spot' || !loaded
        ? t('common.loading')
        : t('quotes.notOpen');
  return (
    <section className="panel quotes">
      <h1 className="panel__title">{t('quotes.title')}</h1>
      <div className="tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={`tabs__tab${k === tab ? ' is-active' : ''}`}
            onClick={() => choose(k)}
          >
            {t(`quotes.tab.${k}`)}
          </button>
        ))}
      </div>
      {!rows.length ? (
        <p className="muted">{empty}</p>
      ) : tab === 'speed' ? (
        <SpeedTable t={t} locale={locale} rows={rows} />
      ) : (
        <MarketTable t={t} locale={locale} rows={rows} {...margin} />
      )}
    </section>
  );
}

/**
 * The speed tab says which countdowns each pair offers (loaded when the tab is first shown), and its buttons open the
 * second-contract screen.
 */
function SpeedTable({ t, locale, rows }: { t: T; locale: Locale; rows: MarketEntry[] }) {
  const periods = useStore($periods);
  const of = (symbol: string) =>
    periods
      .filter((p) => p.symbol === symbol)
      .map((p) => t('seconds.duration', { seconds: p.seconds }))
      .join(' · ');
  return <MarketTable t={t} locale={locale} rows={rows} tradeType="sec" extra={{ label: t('seconds.period'), of }} />;
}
