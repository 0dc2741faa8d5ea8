import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { tickerFigures, type TickerFigures } from '../../../isomorphic/contract/served-ticker.ts';
import { changeTone, formatAmount, formatChangePercent, type ChangeTone } from '../../../isomorphic/format/index.ts';
import { lastPriceStore, tickerStore } from '../../lib/stores/market.ts';
import { href } from '../../lib/navigation.ts';
import { priceComparisonStore } from '../../lib/spot/spot-reads.ts';
import { servedFigures } from '../../lib/spot/served-ticker.ts';

/** The pair's name, last price and 24-hour figures, live; its index price and the band limit prices must keep to. */
export function TickerBar({ t, market }: { t: T; market: MarketEntry }) {
  const live = useStore(tickerStore(market.symbol));
  const compared = useStore(priceComparisonStore(market.symbol));
  const at = (v: string | null | undefined) => (v ? formatAmount(v, market.part_cou) : '--');
  // The chart marks the same store's price (KlineChart), so the two never disagree.
  const close = useStore(lastPriceStore(market.symbol));
  const deviation = compared?.deviationPercent;
  // Until the feed's first ticker, the 24-hour figures the page was served with stay (dashes would flash in between).
  const served = live ? null : servedFigures();
  const figures = tickerFigures(market, live, close);
  return (
    <TickerView
      t={t}
      figures={
        served?.symbol === market.symbol
          ? { ...figures, high: served.high, low: served.low, volume: served.volume, turnover: served.turnover }
          : figures
      }
      index={at(compared?.index)}
      deviation={deviation == null ? null : { text: formatChangePercent(deviation), tone: changeTone(deviation) }}
      band={compared?.bandMin ? `${at(compared.bandMin)} – ${at(compared.bandMax)}` : '--'}
    />
  );
}

/**
 * The header's markup, from figures alone: the live bar above, and the trade screen's first frame, which the server
 * fills for the requested pair (server/site/served-page.ts). Each figure is the only text of an element marked
 * `data-served="<figure>"` and the tone is the `is-up|down|flat` class of those marked elements: that is all the
 * server rewrites, so the HTML it sends is what this renders from the same figures, and hydration matches.
 * `served` is that first frame: no test ids (journeys wait for the live bar), no pair in the alert link.
 */
export function TickerView({
  t,
  figures: f,
  served = false,
  index = '--',
  deviation = null,
  band = '--',
}: {
  t: T;
  figures: TickerFigures;
  served?: boolean;
  /** The index price and the price band (the server does not fill them: dashes until the screen is live). */
  index?: string;
  deviation?: { text: string; tone: ChangeTone } | null;
  band?: string;
}) {
  const tone = `is-${f.tone}`;
  const testId = (id: string) => (served ? undefined : id);
  return (
    <section className={`ticker-bar${served ? ' ticker-bar--served' : ''}`} aria-labelledby="ticker-bar-pair">
      <h1 className="ticker-bar__pair" id="ticker-bar-pair" data-served="pair">
        {f.pair}
      </h1>
      <strong className={`ticker-bar__price ${tone}`} data-testid={testId('last-price')} data-served="price">
        {f.price}
      </strong>
      {/* A price alert on this pair: the alerts screen opens on it, its last price filled in. */}
      <a
        className="ticker-bar__alert"
        href={href(served ? '/account/alerts' : `/account/alerts?symbol=${f.symbol}`)}
        title={t('alerts.bell')}
        data-testid={testId('alert-bell')}
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
          <dd className={tone} data-testid={testId('change-24h')} data-served="change">
            {f.change}
          </dd>
        </div>
        <div>
          <dt>{t('trade.high24h')}</dt>
          <dd data-served="high">{f.high}</dd>
        </div>
        <div>
          <dt>{t('trade.low24h')}</dt>
          <dd data-served="low">{f.low}</dd>
        </div>
        <div>
          <dt>
            {t('trade.volume24h')}
            <span data-served="baseUnit">{f.baseUnit}</span>
          </dt>
          <dd data-served="volume">{f.volume}</dd>
        </div>
        <div>
          <dt>
            {t('trade.turnover24h')}
            <span data-served="quoteUnit">{f.quoteUnit}</span>
          </dt>
          <dd data-served="turnover">{f.turnover}</dd>
        </div>
        <div title={t('trade.indexPrice.hint')}>
          <dt>{t('trade.indexPrice')}</dt>
          <dd data-testid={testId('index-price')}>
            {index}
            {deviation && (
              <small className={`ticker-bar__deviation is-${deviation.tone}`} data-testid="index-deviation">
                {' '}
                {deviation.text}
              </small>
            )}
          </dd>
        </div>
        <div title={t('trade.priceBand.hint')}>
          <dt>{t('trade.priceBand')}</dt>
          <dd data-testid={testId('price-band')}>{band}</dd>
        </div>
      </dl>
    </section>
  );
}
