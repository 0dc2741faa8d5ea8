import { useStore } from '@nanostores/react';
import type { MarketEntry } from '../../lib/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatChangePercent, formatCompact } from '../../lib/format/index.ts';
import { tickerStore } from '../../lib/stores/market.ts';

/** A base-coin volume: compact once it is large, otherwise at the pair's quantity decimals, so 0.0112 BTC is not "0". */
function formatVolume(volume: string, quantityDecimals: number): string {
  return Number(volume) >= 1000 ? formatCompact(volume) : formatCompact(volume, quantityDecimals);
}

/** The pair's name, last price and 24-hour figures, live. */
export function TickerBar({ t, market }: { t: T; market: MarketEntry }) {
  const live = useStore(tickerStore(market.symbol));
  const close = live?.close ?? market.close;
  const pct = live?.priceChangePercent ?? market.zdf;
  const up = Number(pct) >= 0;
  return (
    <section className="ticker-bar" aria-label={market.symbol_name}>
      <h1 className="ticker-bar__pair">{market.symbol_name}</h1>
      <strong className={`ticker-bar__price ${up ? 'is-up' : 'is-down'}`} data-testid="last-price">{formatAmount(close, market.part_cou)}</strong>
      <dl className="ticker-bar__stats">
        <div><dt>{t('trade.change24h')}</dt><dd className={up ? 'is-up' : 'is-down'}>{formatChangePercent(pct)}</dd></div>
        <div><dt>{t('trade.high24h')}</dt><dd>{live ? formatAmount(live.high24, market.part_cou) : '--'}</dd></div>
        <div><dt>{t('trade.low24h')}</dt><dd>{live ? formatAmount(live.low24, market.part_cou) : '--'}</dd></div>
        <div><dt>{t('trade.volume24h')} ({market.baseCoin})</dt><dd>{live ? formatVolume(live.volume, market.full_cou) : '--'}</dd></div>
        <div><dt>{t('trade.turnover24h')} (USDT)</dt><dd>{live ? formatCompact(live.volume24) : '--'}</dd></div>
      </dl>
    </section>
  );
}
