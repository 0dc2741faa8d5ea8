import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { $markets } from '../../lib/stores/market.ts';
import { MarketTable } from './MarketTable.tsx';

/** /market/main: the spot market at a glance: top gainers, top losers and the highest turnover, live. */
export default function MarketOverview({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const list = useStore($markets).currencyList;
  const by = (f: (a: (typeof list)[number], b: (typeof list)[number]) => number) => [...list].sort(f).slice(0, 5);
  const boards: Array<[string, typeof list]> = [
    ['market.gainers', by((a, b) => Number(b.zdf) - Number(a.zdf))],
    ['market.losers', by((a, b) => Number(a.zdf) - Number(b.zdf))],
    ['market.volume', by((a, b) => Number(b.turnover) - Number(a.turnover))],
  ];
  return (
    <div className="market-overview">
      <h1 className="panel__title">{t('market.title')}</h1>
      <div className="market-overview__boards">
        {boards.map(([key, rows]) => (
          <section key={key} className="card">
            <h2>{t(key)}</h2>
            {rows.length ? (
              <MarketTable t={t} locale={locale} rows={rows} />
            ) : (
              <p className="muted">{t('common.loading')}</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
