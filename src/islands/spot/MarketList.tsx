import { useState } from 'react';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { changeTone, formatAmount, formatChangePercent } from '../../../isomorphic/format/index.ts';
import { useWatchlist } from './use-watchlist.ts';

interface Props {
  t: T;
  markets: MarketEntry[];
  current: string;
  onChoose: (symbol: string) => void;
}

/** The pair list beside the chart: search, all or watchlist, live prices; a star to watch a pair (login). */
export function MarketList({ t, markets, current, onChoose }: Props) {
  const [query, setQuery] = useState('');
  const [onlyWatched, setOnlyWatched] = useState(false);
  const { watched, toggle } = useWatchlist();
  const shown = markets.filter(
    (m) => m.symbol_name.toLowerCase().includes(query.trim().toLowerCase()) && (!onlyWatched || watched(m)),
  );

  return (
    <section className="market-list" aria-label={t('trade.markets')}>
      <input
        className="market-list__search"
        type="search"
        placeholder={t('trade.search')}
        aria-label={t('trade.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        maxLength={20}
      />
      <div className="segmented" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={!onlyWatched}
          className={!onlyWatched ? 'is-active' : ''}
          onClick={() => setOnlyWatched(false)}
        >
          {t('trade.all')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={onlyWatched}
          className={onlyWatched ? 'is-active' : ''}
          onClick={() => setOnlyWatched(true)}
        >
          {t('trade.watchlist')}
        </button>
      </div>
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('trade.pair')}</th>
            <th scope="col" className="num">
              {t('trade.lastPrice')}
            </th>
            <th scope="col" className="num">
              {t('trade.change24h')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((m) => (
            <tr
              key={m.symbol}
              className={m.symbol === current ? 'is-current' : undefined}
              onClick={() => onChoose(m.symbol)}
            >
              <td>
                <button
                  type="button"
                  className={`star${watched(m) ? ' is-on' : ''}`}
                  aria-pressed={watched(m)}
                  aria-label={t(watched(m) ? 'trade.removeWatch' : 'trade.addWatch')}
                  onClick={(e) => {
                    e.stopPropagation();
                    void toggle(m);
                  }}
                >
                  ★
                </button>
                <button type="button" className="link-button market-list__name" onClick={() => onChoose(m.symbol)}>
                  {m.symbol_name}
                </button>
              </td>
              <td className="num">{formatAmount(m.close, m.part_cou)}</td>
              <td className={`num is-${changeTone(m.zdf)}`}>{formatChangePercent(m.zdf)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">{t('trade.noMarkets')}</p>}
    </section>
  );
}
