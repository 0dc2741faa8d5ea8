import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnKind, EarnOrder } from '../../../isomorphic/contract/earn.ts';
import { $earnHoldings } from '../../lib/earn/stores.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { productTitle } from './parts.tsx';

/** Where each kind's orders are managed. */
const MANAGE: Record<EarnKind, (o: EarnOrder) => string> = {
  pledge: () => '/pledge/order',
  fixed: () => '/finance/investment?tab=mine',
  flexible: () => '/finance/investment?tab=mine',
  mining: (o) => `/defis/details?id=${o.productId}`,
};

/**
 * The finance account's holdings (the requirements' finance assets, /assets/index?key=finance): every open staking,
 * finance and mining order, whose principal the finance account holds as frozen, with its interest so far and its end.
 */
export function EarnHoldings({ t }: { t: T }) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  // Live: loaded again whenever the private feed says a balance moved.
  const holdings = useStore($earnHoldings);
  if (holdings.status === 'error')
    return (
      <p className="earn-note earn-note--error" role="alert">
        {holdings.error.message}
      </p>
    );
  const list = holdings.status === 'success' ? holdings.value : null;
  return (
    <section className="earn-holdings" aria-labelledby="earn-holdings-title" data-testid="earn-holdings">
      <h2 id="earn-holdings-title" className="panel__subtitle">
        {t('earn.holdings.title')}
      </h2>
      {!list ? (
        <p className="earn-muted">{t('common.loading')}</p>
      ) : !list.records.length ? (
        <p className="earn-muted">
          {t('earn.holdings.none')} <a href={href('/pledge/index')}>{t('earn.holdings.staking')}</a> ·{' '}
          <a href={href('/finance/investment')}>{t('earn.holdings.finance')}</a>
        </p>
      ) : (
        <table className="wallet-table">
          <thead>
            <tr>
              <th>{t('earn.orders.product')}</th>
              <th>{t('earn.holdings.kind')}</th>
              <th className="num">{t('earn.orders.amount')}</th>
              <th className="num">{t('earn.orders.accrued')}</th>
              <th className="num">{t('earn.holdings.ends')}</th>
              <th className="num">{t('assets.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((o) => (
              <tr key={o.id} data-testid={`earn-holding-${o.id}`}>
                <td title={o.name}>{productTitle(t, o)}</td>
                <td>{t(`earn.kind.${o.kind}`)}</td>
                <td className="num">
                  {fmt(o.amount, o.coin)} {o.coin}
                </td>
                <td className="num">
                  {fmt(o.accrued, o.coin)} {o.coin}
                </td>
                <td className="num">{formatDateTime(o.endAt, dates)}</td>
                <td className="num">
                  <a href={href(MANAGE[o.kind](o))}>{t('earn.holdings.manage')}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list && list.total > list.records.length && (
        <p className="earn-muted">{t('earn.holdings.more', { n: list.total - list.records.length })}</p>
      )}
    </section>
  );
}
