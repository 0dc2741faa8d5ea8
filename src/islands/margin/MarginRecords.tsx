import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginMode, MarginRecord, MarginRecordKind } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { PAGE_SIZE } from '../../lib/margin/orders.ts';
import { loadMarginRecords, marginRecordsStore } from '../../lib/margin/records.ts';
import { isPositive } from '../../lib/perpetual-assets/view.ts';
import { $marginProperty } from '../../lib/margin/account.ts';
import { levelText, marginPairOf, RECORD_KINDS } from '../../lib/margin/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Pager } from '../perpetual-assets/index.ts';
import { ListState } from '../ui/ListState.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { accountTitle } from './parts.tsx';

/**
 * The margin records, newest first, a page at a time, filtered by kind: borrows, repayments, interest, transfers,
 * margin calls, liquidations.
 */
export function MarginRecords({ t, mode }: { t: T; mode?: MarginMode }) {
  const [kind, setKind] = useState<MarginRecordKind | ''>('');
  const view = useStore(marginRecordsStore({ mode, kind: kind || undefined }));
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const { property } = useStore($marginProperty);
  const pairName = (symbol: string | null) =>
    symbol ? (marginPairOf(property, symbol)?.symbol_name ?? symbol.toUpperCase()) : null;
  const filter = { mode, kind: kind || undefined };
  const mine = view.mode === filter.mode && view.kind === filter.kind;
  const rows = mine ? view.records : [];
  const columns: Array<Column<MarginRecord>> = [
    { key: 'time', label: t('margin.col.time'), cell: (r) => formatDateTime(r.createdAt, dateOptions) },
    {
      key: 'kind',
      label: t('margin.col.kind'),
      phone: 'title',
      className: (r) => (r.kind === 'liquidation' || r.kind === 'marginCall' ? 'is-down' : undefined),
      cell: (r) => t(`margin.record.${r.kind}`),
    },
    {
      key: 'account',
      label: t('margin.col.account'),
      cell: (r) => accountTitle(t, { mode: r.mode, symbol_name: pairName(r.symbol) }),
    },
    { key: 'coin', label: t('margin.coin'), cell: (r) => r.coin },
    {
      key: 'amount',
      label: t('margin.amount'),
      num: true,
      cell: (r) =>
        r.kind === 'marginCall' || (r.kind === 'liquidation' && !isPositive(r.amount)) ? (
          '--'
        ) : (
          <RecordAmount record={r} />
        ),
    },
    { key: 'detail', label: t('margin.col.detail'), cell: (r) => detailOf(t, r, fmt) },
  ];
  return (
    <div className="margin-records" data-testid="margin-records">
      <label className="margin-inline">
        <span>{t('margin.records.kind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as MarginRecordKind | '')} name="kind">
          <option value="">{t('margin.records.all')}</option>
          {RECORD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`margin.record.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <ListState
        t={t}
        status={mine ? view.status : 'loading'}
        count={rows.length}
        empty={t('margin.records.none')}
        onRetry={() => void loadMarginRecords(filter, view.page).catch(() => {})}
      >
        <div className="margin-scroll">
          <DataTable
            className="grid-table margin-lines"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-record': r.kind })}
          />
        </div>
        <Pager
          t={t}
          page={view.page}
          total={view.total}
          size={PAGE_SIZE}
          onPage={(p) => void loadMarginRecords(filter, p).catch(() => {})}
        />
      </ListState>
    </div>
  );
}

function RecordAmount({ record: r }: { record: MarginRecord }) {
  const fmt = useStore($assetFormat);
  // A transfer comes signed (in +, out −); the rest are amounts of their kind.
  const negative = r.amount.startsWith('-');
  return (
    <span className={negative ? 'is-down' : undefined}>
      {negative ? '−' : ''}
      {fmt(negative ? r.amount.slice(1) : r.amount, r.coin)}
    </span>
  );
}

/**
 * What else a record says: the parts of a repayment, what the insurance fund covered of a liquidation, the hours
 * interest covers, the level of a call or liquidation.
 */
function detailOf(t: T, r: MarginRecord, fmt: (v: string, coin: string) => string): string {
  const parts: string[] = [];
  if (r.kind === 'repay' || (r.kind === 'liquidation' && (isPositive(r.interest) || isPositive(r.principal))))
    parts.push(t('margin.records.parts', { interest: fmt(r.interest, r.coin), principal: fmt(r.principal, r.coin) }));
  if (r.kind === 'liquidation' && isPositive(r.amount))
    parts.push(t('margin.records.shortfall', { amount: fmt(r.amount, r.coin) }));
  if (r.kind === 'interest' && r.hours > 0) parts.push(t('margin.records.hours', { hours: r.hours }));
  if (r.level !== null) parts.push(t('margin.records.level', { level: levelText(r.level) ?? '' }));
  return parts.join(' · ') || '--';
}
