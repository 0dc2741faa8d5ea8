import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { marketBoards } from '../../lib/spot/boards.ts';
import { $markets } from '../../lib/stores/market.ts';
import { MarketTable } from './MarketTable.tsx';

/** /market/main: the spot market at a glance: top gainers, top losers and the highest turnover, live. */
export default function MarketOverview({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const list = useStore($markets).currencyList;
  const { gainers, losers, volume } = marketBoards(list);
  const boards: Array<[title: string, rows: typeof list, empty: string]> = [
    ['market.gainers', gainers, 'market.noGainers'],
    ['market.losers', losers, 'market.noLosers'],
    ['market.volume', volume, 'common.loading'],
  ];
  return (
    <div className="market-overview">
      <h1 className="panel__title">{t('market.title')}</h1>
      <div className="market-overview__boards">
        {boards.map(([key, rows, empty]) => (
          <section key={key} className="card" data-testid={key}>
            <h2>{t(key)}</h2>
            {rows.length ? (
              <MarketTable t={t} locale={locale} rows={rows} />
            ) : (
              <p className="muted">{t(list.length ? empty : 'common.loading')}</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
