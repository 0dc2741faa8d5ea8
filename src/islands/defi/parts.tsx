import type { EarnProduct } from '../../lib/contract/earn.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { ordersLeft, percentText } from '../../lib/earn/view.ts';
import { Fact } from '../wallet/parts.tsx';
import '../../styles/defi.css';

/** A pool's title in the page's language, from its coin and cycle ("USDT liquidity mining · 30 days"). */
export function poolTitle(t: T, pool: Pick<EarnProduct, 'coin' | 'cycleDays'>): string {
  return t('defi.pool.heading', { coin: pool.coin, days: t('defi.pool.days', { count: pool.cycleDays }) });
}

/**
 * A pool's heading: its title in the page's language, and below it the name the operators gave the product (their
 * own words, in whichever language they wrote them) when it says something else.
 */
export function PoolHeading({ t, pool, level }: { t: T; pool: Pick<EarnProduct, 'coin' | 'cycleDays' | 'name'>; level: 1 | 3 }) {
  const title = poolTitle(t, pool);
  const Tag = level === 1 ? 'h1' : 'h3';
  return (
    <div className="defi-heading">
      <Tag>{title}</Tag>
      {pool.name !== title && <p className="defi-muted defi-heading__name">{pool.name}</p>}
    </div>
  );
}

/** A pool's posted terms: the rates, the cycle, one order's limits, what is left, the redemption rule and the user's orders. */
export function PoolFacts({ t, pool, fmt }: { t: T; pool: EarnProduct; fmt: (value: string, coin: string) => string }) {
  const left = ordersLeft(pool);
  return (
    <>
      <dl className="facts defi-facts">
        <Fact label={t('defi.pool.dailyRate')} testId="defi-daily-rate">{percentText(pool.dailyRate)}</Fact>
        <Fact label={t('defi.pool.yearlyRate')}>{percentText(pool.yearlyRate)}</Fact>
        <Fact label={t('defi.pool.cycle')}>{t('defi.pool.days', { count: pool.cycleDays })}</Fact>
        <Fact label={t('defi.pool.limits')}>{fmt(pool.minAmount, pool.coin)} – {fmt(pool.maxAmount, pool.coin)} {pool.coin}</Fact>
        <Fact label={t('defi.pool.remaining')}>{fmt(pool.remaining, pool.coin)} {pool.coin} · {t('defi.pool.filled', { percent: percentText(pool.progress) })}</Fact>
        <Fact label={t('defi.pool.yours')}>{left === null ? t('defi.pool.yoursNoLimit', { n: pool.yours }) : t('defi.pool.yoursOf', { n: pool.yours, max: pool.perUser })}</Fact>
      </dl>
      <p className="defi-rule"><strong>{t('defi.pool.redeemRule')}</strong>{t(`defi.pool.early.${pool.earlyRedeem}`)}</p>
    </>
  );
}

/** An invitation to log in, coming back to this page afterwards. */
export function LoginPrompt({ t, text }: { t: T; text: string }) {
  return (
    <div className="defi-login">
      <p>{text}</p>
      <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)}>{t('header.login')}</a>
    </div>
  );
}
