import type { ReactNode } from 'react';
import type { EarnKind, EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { ordersLeft, percentText } from '../../lib/earn/view.ts';
import type { T } from '../../lib/i18n/client.ts';
import { Fact } from '../ui/Fact.tsx';
import '../../styles/earn.css';

export type Fmt = (value: string, coin: string) => string;

/** A product's title in the page's language from its kind, coin and cycle ("USDT staking · 7 days"). */
export function productTitle(t: T, p: { kind: EarnKind; coin: string; cycleDays: number }): string {
  return t(`earn.title.${p.kind}`, { coin: p.coin, days: t('earn.days', { count: p.cycleDays }) });
}

/** The title, and beneath it the operators' own name for the product when it says something else. */
export function ProductHeading({ t, product, level }: { t: T; product: EarnProduct; level: 1 | 3 }) {
  const title = productTitle(t, product);
  const Tag = level === 1 ? 'h1' : 'h3';
  return (
    <div className="earn-heading">
      <Tag>{title}</Tag>
      {product.name !== title && <p className="earn-muted earn-heading__name">{product.name}</p>}
    </div>
  );
}

/** How far the product's capacity is taken, as a bar with its percentage. */
export function Progress({ t, product, fmt }: { t: T; product: EarnProduct; fmt: Fmt }) {
  const percent = percentText(product.progress);
  return (
    <div className="earn-progress" data-testid="earn-progress">
      <div
        className="earn-progress__bar"
        role="progressbar"
        aria-label={t('earn.product.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(product.progress) * 100}
      >
        <span style={{ width: percent }} />
      </div>
      <span className="earn-muted">
        {t('earn.product.sold', {
          sold: fmt(product.sold, product.coin),
          capacity: fmt(product.capacity, product.coin),
          coin: product.coin,
          percent,
        })}
      </span>
    </div>
  );
}

/**
 * A product's posted terms (docs/requirements.md §3): one subscription's limits, the daily rate (and yearly, not
 * compounded), the cycle, how many more times the user may subscribe, what is left, and what redeeming early does.
 */
export function ProductFacts({ t, product, fmt }: { t: T; product: EarnProduct; fmt: Fmt }) {
  const left = ordersLeft(product);
  return (
    <>
      <dl className="facts earn-facts">
        <Fact label={t('earn.product.limits')}>
          {fmt(product.minAmount, product.coin)} – {fmt(product.maxAmount, product.coin)} {product.coin}
        </Fact>
        <Fact label={t('earn.product.dailyRate')} testId="earn-daily-rate">
          {percentText(product.dailyRate)}
        </Fact>
        <Fact label={t('earn.product.yearlyRate')}>{percentText(product.yearlyRate)}</Fact>
        <Fact label={t(product.kind === 'flexible' ? 'earn.product.longest' : 'earn.product.cycle')}>
          {t('earn.days', { count: product.cycleDays })}
        </Fact>
        <Fact label={t('earn.product.count')} testId="earn-count">
          {left === null
            ? t('earn.product.countNoLimit', { n: product.yours })
            : t('earn.product.countLeft', { left, n: product.yours, max: product.perUser })}
        </Fact>
        <Fact label={t('earn.product.remaining')}>
          {fmt(product.remaining, product.coin)} {product.coin}
        </Fact>
      </dl>
      <Progress t={t} product={product} fmt={fmt} />
      <p className="earn-rule" data-testid="earn-rule">
        <strong>{t('earn.product.redeemRule')}</strong>
        {redeemRule(t, product)}
      </p>
    </>
  );
}

/** What redeeming before the end does for this product, in words. */
export function redeemRule(t: T, p: Pick<EarnProduct, 'kind' | 'earlyRedeem'>): string {
  return p.kind === 'flexible' ? t('earn.rule.flexible') : t(`earn.rule.${p.earlyRedeem}`);
}

/** A pager under a list: shown from two pages on. */
export function Pager({
  t,
  page,
  pages,
  onPage,
}: {
  t: T;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <p className="earn-pager">
      <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('assets.prev')}
      </button>
      <span>{t('assets.pageOf', { page, pages })}</span>
      <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('assets.next')}
      </button>
    </p>
  );
}

/** A page's heading and what the page is for, with an optional link on the side. */
export function Hero({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="earn-hero">
      <div>
        <h1>{title}</h1>
        <p className="earn-lead">{lead}</p>
      </div>
      {children}
    </header>
  );
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : '');
