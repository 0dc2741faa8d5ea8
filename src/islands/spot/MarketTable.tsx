import type { ReactNode } from 'react';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { changeTone, formatAmount, formatChangePercent, formatCompact } from '../../../isomorphic/format/index.ts';
import { goTo, href } from '../../lib/navigation.ts';
import { turnoverUnit } from '../../lib/spot/market-entry.ts';
import { useWatchlist } from './use-watchlist.ts';

interface Props {
  t: T;
  locale: Locale;
  rows: MarketEntry[];
  /** Spot pairs link to trading and can be watched; quoted instruments (forex, gold) only show prices. */
  tradable?: boolean;
  /** Which trade screen the row's button opens: spot, second contracts (`sec`) or perpetual contracts (`usta`). */
  tradeType?: 'spot' | 'sec' | 'usta';
  /** Whether rows carry the watchlist star (the watchlist holds spot pairs). */
  watchable?: boolean;
  /** The market's name, where base/quote does not say it (a perpetual contract); base/quote otherwise. */
  name?: (m: MarketEntry) => ReactNode;
  /** An extra column (the second-contract periods of each pair): its heading and each row's text. */
  extra?: { label: string; of: (symbol: string) => string };
}

/** A live table of markets: pair, last price, 24h change, 24h turnover, watch star and trade link. */
export function MarketTable({
  t,
  locale,
  rows,
  tradable = true,
  tradeType = 'spot',
  watchable = tradable,
  name,
  extra,
}: Props) {
  const { watched, toggle } = useWatchlist();
  const tradeLink = (m: MarketEntry) => `/trade/index?type=${tradeType}&symbol=${m.symbol}`;
  return (
    <div className="table-scroll">
      <table className="grid-table market-table">
        <thead>
          <tr>
            <th scope="col">{t('trade.pair')}</th>
            <th scope="col" className="num">
              {t('trade.lastPrice')}
            </th>
            <th scope="col" className="num">
              {t('trade.change24h')}
            </th>
            {tradable && (
              <th scope="col" className="num">
                {t('trade.turnover24h')}
              </th>
            )}
            {extra && <th scope="col">{extra.label}</th>}
            {tradable && (
              <th scope="col" className="num">
                <span className="visually-hidden">{t('quotes.trade')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            // A click anywhere on a tradable row (not on its star or link) opens its trade screen.
            <tr
              key={m.symbol}
              data-symbol={m.symbol}
              onClick={tradable ? (e) => !(e.target as Element).closest('a, button') && goTo(tradeLink(m)) : undefined}
            >
              <td>
                {watchable && (
                  <button
                    type="button"
                    className={`star${watched(m) ? ' is-on' : ''}`}
                    aria-pressed={watched(m)}
                    aria-label={t(watched(m) ? 'trade.removeWatch' : 'trade.addWatch')}
                    onClick={() => void toggle(m)}
                  >
                    ★
                  </button>
                )}
                {name ? (
                  name(m)
                ) : (
                  <>
                    <strong>{m.baseCoin}</strong>
                    <span className="muted-inline">/{m.symbol_name.split('/')[1]}</span>
                  </>
                )}
              </td>
              <td className="num">{formatAmount(m.close, m.part_cou)}</td>
              <td className={`num is-${changeTone(m.zdf)}`}>{formatChangePercent(m.zdf)}</td>
              {tradable && (
                <td className="num" data-testid="turnover">
                  {formatCompact(m.turnover)} <small className="market-table__unit">{turnoverUnit(m)}</small>
                </td>
              )}
              {extra && <td>{extra.of(m.symbol)}</td>}
              {tradable && (
                <td className="num">
                  <a className="btn btn--small btn--outline" href={href(tradeLink(m), locale)}>
                    {t('quotes.trade')}
                  </a>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
