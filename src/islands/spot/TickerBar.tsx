import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { changeTone, formatAmount, formatChangePercent, formatCompact } from '../../../isomorphic/format/index.ts';
import { lastPriceStore, tickerStore } from '../../lib/stores/market.ts';
import { href } from '../../lib/navigation.ts';
import { quoteOf } from '../../lib/spot/order-math.ts';
import { priceComparisonStore } from '../../lib/spot/spot-reads.ts';

/**
 * A base-coin volume: compact once it is large, otherwise at the pair's quantity decimals, so 0.0112 BTC is not "0".
 */
function formatVolume(volume: string, quantityDecimals: number): string {
  return Number(volume) >= 1000 ? formatCompact(volume) : formatCompact(volume, quantityDecimals);
}

/** The pair's name, last price and 24-hour figures, live; its index price and the band limit prices must keep to. */
export function TickerBar({ t, market }: { t: T; market: MarketEntry }) {
  const live = useStore(tickerStore(market.symbol));
  const compared = useStore(priceComparisonStore(market.symbol));
  const at = (v: string | null | undefined) => (v ? formatAmount(v, market.part_cou) : '--');
  // The chart marks the same store's price (KlineChart), so the two never disagree.
  const close = useStore(lastPriceStore(market.symbol)) ?? market.close;
  const pct = live?.priceChangePercent ?? market.zdf;
  const tone = `is-${changeTone(pct)}`;
  return (
    <section className="ticker-bar" aria-label={market.symbol_name}>
      <h1 className="ticker-bar__pair">{market.symbol_name}</h1>
      <strong className={`ticker-bar__price ${tone}`} data-testid="last-price">
        {formatAmount(close, market.part_cou)}
      </strong>
      {/* A price alert on this pair: the alerts screen opens on it, its last price filled in. */}
      <a
        className="ticker-bar__alert"
        href={href(`/account/alerts?symbol=${market.symbol}`)}
        title={t('alerts.bell')}
        data-testid="alert-bell"
      >
        <span className="visually-hidden">{t('alerts.bell')}</span>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
      </a>
      {/* Focusable: the figures scroll sideways, and the keyboard must reach them too. */}
      <dl className="ticker-bar__stats" tabIndex={0}>
        <div>
          <dt>{t('trade.change24h')}</dt>
          <dd className={tone} data-testid="change-24h">
            {formatChangePercent(pct)}
          </dd>
        </div>
        <div>
          <dt>{t('trade.high24h')}</dt>
          <dd>{live ? formatAmount(live.high24, market.part_cou) : '--'}</dd>
        </div>
        <div>
          <dt>{t('trade.low24h')}</dt>
          <dd>{live ? formatAmount(live.low24, market.part_cou) : '--'}</dd>
        </div>
        <div>
          <dt>
            {t('trade.volume24h')} ({market.baseCoin})
          </dt>
          <dd>{live ? formatVolume(live.volume, market.full_cou) : '--'}</dd>
        </div>
        <div>
          <dt>
            {t('trade.turnover24h')} ({quoteOf(market)})
          </dt>
          <dd>{live ? formatCompact(live.volume24) : '--'}</dd>
        </div>
        <div title={t('trade.indexPrice.hint')}>
          <dt>{t('trade.indexPrice')}</dt>
          <dd data-testid="index-price">
            {at(compared?.index)}
            {compared?.deviationPercent != null && (
              <small
                className={`ticker-bar__deviation is-${changeTone(compared.deviationPercent)}`}
                data-testid="index-deviation"
              >
                {' '}
                {formatChangePercent(compared.deviationPercent)}
              </small>
            )}
          </dd>
        </div>
        <div title={t('trade.priceBand.hint')}>
          <dt>{t('trade.priceBand')}</dt>
          <dd data-testid="price-band">
            {compared?.bandMin ? `${at(compared.bandMin)} – ${at(compared.bandMax)}` : '--'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
