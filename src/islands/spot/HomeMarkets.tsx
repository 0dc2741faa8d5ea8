import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { goTo, href } from '../../lib/navigation.ts';
import { $markets } from '../../lib/stores/market.ts';
import { MarketTable } from './MarketTable.tsx';

/**
 * The live parts of the home page (docs/requirements.md §2): coin search, hot coins, foreign currency and international
 * gold.
 */
export default function HomeMarkets({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const { currencyList, mt5List } = useStore($markets);
  const [query, setQuery] = useState('');
  const hot = [...currencyList].sort((a, b) => Number(b.turnover) - Number(a.turnover)).slice(0, 6);
  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const q = query.trim().toLowerCase();
    const found =
      currencyList.find((m) => m.baseCoin.toLowerCase() === q || m.symbol === q) ??
      currencyList.find((m) => m.symbol_name.toLowerCase().includes(q));
    goTo(found ? `/trade/index?type=spot&symbol=${found.symbol}` : '/quotes/index?tab=spot');
  };
  return (
    <div className="home-markets">
      <form className="coin-search" role="search" onSubmit={search}>
        <input
          type="search"
          value={query}
          maxLength={20}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('home.search.placeholder')}
          aria-label={t('home.search.placeholder')}
        />
        <button className="btn btn--primary" type="submit">
          {t('home.search.button')}
        </button>
      </form>
      <div className="home-markets__grid">
        <section className="card">
          <h2>{t('home.hot.title')}</h2>
          {hot.length ? (
            <MarketTable t={t} locale={locale} rows={hot} />
          ) : (
            <p className="muted">{t('common.loading')}</p>
          )}
          <a href={href('/quotes/index', locale)}>{t('home.markets.more')}</a>
        </section>
        <section className="card">
          <h2>{t('home.forex.title')}</h2>
          <MarketTable t={t} locale={locale} rows={mt5List.filter((m) => m.plate === 'forex')} tradable={false} />
          <h2 className="home-markets__sub">{t('home.gold.title')}</h2>
          <MarketTable t={t} locale={locale} rows={mt5List.filter((m) => m.plate === 'metal')} tradable={false} />
        </section>
      </div>
    </div>
  );
}
