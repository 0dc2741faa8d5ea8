import { useStore } from '../../lib/stores/first-frame.ts';
import { formatAssetAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import {
  $insuranceFund,
  assetChoices,
  recordRow,
  showInsuranceFund,
  type FundView,
} from '../../lib/perpetual/insurance.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Pager } from '../ui/Pager.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/**
 * The insurance fund in public: its balance per margin asset, and every intake (liquidation fees, funding
 * remainders, top-ups) and payout (losses past a position's margin, margin shortfalls), newest first.
 */
export default function InsuranceFundPage({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const state = useStore($insuranceFund);
  const dates = useStore($dateOptions);
  const show = (view: FundView) => void showInsuranceFund(view);
  const fund = state.status === 'ready' ? state.fund : undefined;
  const columns: Array<Column<ReturnType<typeof recordRow>>> = [
    { key: 'time', label: t('insurance.time'), cell: (r) => formatDateTime(r.time, dates) },
    { key: 'asset', label: t('insurance.asset'), cell: (r) => r.asset, phone: 'title' },
    { key: 'reason', label: t('insurance.reasonColumn'), cell: (r) => t(r.reasonKey) },
    {
      key: 'amount',
      label: t('insurance.amount'),
      num: true,
      className: (r) => `is-${r.direction === 'in' ? 'up' : 'down'}`,
      cell: (r) => (
        <span title={t(`insurance.${r.direction}`)}>
          {r.direction === 'in' ? '+' : '−'}
          {formatAssetAmount(r.amount)}
        </span>
      ),
    },
    { key: 'balance', label: t('insurance.balanceAfter'), num: true, cell: (r) => formatAssetAmount(r.balance) },
  ];

  return (
    <div className="insurance-page">
      <h1 className="panel__title">{t('insurance.title')}</h1>
      <p>{t('insurance.intro')}</p>
      <p>
        <a href={href('/rule/index', locale)}>{t('insurance.rules')}</a>
      </p>
      {state.status === 'failed' && (
        <p className="form-error" role="alert">
          {t('insurance.failed')}
        </p>
      )}
      {state.status === 'loading' && <p className="muted">{t('common.loading')}</p>}
      {fund && (
        <>
          <section aria-label={t('insurance.balances')}>
            <h2 className="panel__subtitle">{t('insurance.balances')}</h2>
            <dl className="insurance-balances" data-testid="insurance-balances">
              {fund.balances.map((b) => (
                <div key={b.asset}>
                  <dt>{b.asset}</dt>
                  <dd>{formatAssetAmount(b.balance)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section>
            <h2 className="panel__subtitle">{t('insurance.history')}</h2>
            <div className="segmented" role="tablist" aria-label={t('insurance.asset')}>
              {assetChoices(fund).map((asset) => (
                <button
                  key={asset ?? 'all'}
                  type="button"
                  role="tab"
                  aria-selected={asset === state.view.asset}
                  className={asset === state.view.asset ? 'is-active' : ''}
                  onClick={() => show({ asset, page: 1 })}
                >
                  {asset ?? t('insurance.allAssets')}
                </button>
              ))}
            </div>
            <div className="wallet-scroll">
              <DataTable
                className="wallet-table insurance-history"
                testId="insurance-history"
                columns={columns}
                rows={fund.history.records.map(recordRow)}
                rowKey={(r) => r.id}
                empty={t('insurance.none')}
              />
            </div>
            <Pager
              t={t}
              page={fund.history.page}
              total={fund.history.total}
              size={fund.history.size}
              onPage={(page) => show({ ...state.view, page })}
            />
          </section>
        </>
      )}
    </div>
  );
}
