import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { changeTone, formatAmount, formatChangePercent, formatCompact } from '../../../isomorphic/format/index.ts';
import { fundingCountdown, formatRate, nextFunding, quantityUnit } from '../../../isomorphic/perpetual/math.ts';
import { $serverClockOffset } from '../../lib/perpetual/actions.ts';
import { href } from '../../lib/navigation.ts';

/** The time to the next funding, ticking every second on the server's clock as far as the browser knows it. */
export function FundingCountdown({ next, intervalMs }: { next: number; intervalMs: number }) {
  const offset = useStore($serverClockOffset);
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const now = local + offset;
  return (
    <span className="countdown" role="timer" data-testid="funding-countdown">
      {fundingCountdown(nextFunding(next, intervalMs, now) - now)}
    </span>
  );
}

/**
 * The contract's name and last price, its mark and index, funding rate and countdown, 24 h change and volume, open
 * interest.
 */
export function PerpHeader({ t, contract: c }: { t: T; contract: ContractView }) {
  const at = (v: string | null) => (v ? formatAmount(v, c.priceScale) : '--');
  const tone = `is-${changeTone(c.change)}`;
  const unit = quantityUnit(c, t('perp.cont'));
  return (
    <section className="ticker-bar perp-header" aria-label={c.showSymbol}>
      <h1 className="ticker-bar__pair">
        {c.base}
        {c.quote} <small>{t('perp.perpetual')}</small>
        <span className="perp-badge">{t(`perp.kind.${c.kind}`)}</span>
      </h1>
      <strong className={`ticker-bar__price ${tone}`} data-testid="perp-last">
        {at(c.last)}
      </strong>
      {/* Focusable: the figures scroll sideways, and the keyboard must reach them too. */}
      <dl className="ticker-bar__stats" tabIndex={0}>
        <div title={t('perp.markPrice.hint')}>
          <dt>{t('perp.markPrice')}</dt>
          <dd data-testid="perp-mark">{at(c.mark)}</dd>
        </div>
        <div title={t('trade.indexPrice.hint')}>
          <dt>{t('trade.indexPrice')}</dt>
          <dd data-testid="perp-index">{at(c.index)}</dd>
        </div>
        <div title={t('perp.funding.hint')}>
          <dt>{t('perp.fundingCountdown')}</dt>
          <dd>
            <span className={`is-${changeTone(c.fundingRate)}`} data-testid="perp-funding-rate">
              {formatRate(c.fundingRate)}
            </span>
            {' / '}
            <FundingCountdown next={c.nextFundingTime} intervalMs={c.fundingIntervalMs} />
          </dd>
        </div>
        <div>
          <dt>{t('trade.change24h')}</dt>
          <dd className={tone}>{formatChangePercent(c.change)}</dd>
        </div>
        <div>
          <dt>
            {t('trade.volume24h')} ({unit})
          </dt>
          <dd>{formatCompact(c.volume, c.qtyScale)}</dd>
        </div>
        <div title={t('perp.openInterest.hint')}>
          <dt>
            {t('perp.openInterest')} ({unit})
          </dt>
          <dd data-testid="perp-open-interest">{formatCompact(c.openInterest, c.qtyScale)}</dd>
        </div>
      </dl>
      <a className="perp-header__link" href={href('/insurance/index')}>
        {t('perp.insuranceFund')}
      </a>
    </section>
  );
}
