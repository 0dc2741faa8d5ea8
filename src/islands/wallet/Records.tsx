import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import type {
  BillRecord,
  RechargeRecord,
  TransferRecord,
  WithdrawalRecord,
} from '../../../isomorphic/contract/wallet.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { RECORDS_PAGE_SIZE, recordsStore, type RecordKind } from '../../lib/wallet/records.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { accountName } from './parts.tsx';
import { Pager } from '../ui/Pager.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { PayoutStatus, reasonText } from './chain-parts.tsx';

/**
 * Asset records: deposits, withdrawals, transfers and bills (every ledger line), newest first; what this tab sends
 * shows up in them by itself (the records store follows the wallet's changes).
 */
export function Records({ t, kinds, billType }: { t: T; kinds: RecordKind[]; billType?: string }) {
  const [kind, setKind] = useState<RecordKind>(kinds[0]!);
  return (
    <div className="wallet-records">
      {kinds.length > 1 && (
        <Tabs
          label={t('assets.nav.records')}
          active={kind}
          onChange={setKind}
          tabs={kinds.map((k) => ({ key: k, label: t(`assets.records.${k}`) }))}
        />
      )}
      <RecordTable key={kind} t={t} kind={kind} billType={billType} />
    </div>
  );
}

function RecordTable({ t, kind, billType }: { t: T; kind: RecordKind; billType?: string }) {
  const dates = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const [page, setPage] = useState(1);
  const records = useStore(recordsStore(kind, page, billType));
  const when = (ms: number | null) => (ms ? formatDateTime(ms, dates) : '--');
  if (records.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  const data = records.value;
  const empty = t('common.noData');
  const time = <R,>(at: (r: R) => number | null, orderNo?: (r: R) => string): Column<R> => ({
    key: 'time',
    label: t('assets.time'),
    cell: (r) => (
      <>
        {when(at(r))}
        {orderNo && <div className="wallet-order-no">{orderNo(r)}</div>}
      </>
    ),
  });
  let table;
  if (kind === 'deposits') {
    const columns: Array<Column<RechargeRecord>> = [
      time(
        (r: RechargeRecord) => r.createTime,
        (r: RechargeRecord) => r.orderNo,
      ),
      { key: 'coin', label: t('assets.coin'), cell: (r) => r.coin, phone: 'title' },
      { key: 'network', label: t('assets.network'), cell: (r) => r.network },
      { key: 'amount', label: t('assets.amount'), num: true, cell: (r) => fmt(r.amount, r.coin) },
      {
        key: 'status',
        label: t('assets.statusLabel'),
        cell: (r) => (
          <>
            <StatusBadge t={t} status={r.status} />
            {r.reason && <div className="muted">{r.reason}</div>}
          </>
        ),
      },
    ];
    table = (
      <DataTable
        className="wallet-table"
        testId="records-deposits"
        columns={columns}
        rows={data.records as RechargeRecord[]}
        rowKey={(r) => r.id}
        empty={empty}
      />
    );
  } else if (kind === 'withdrawals') {
    const columns: Array<Column<WithdrawalRecord>> = [
      time(
        (r: WithdrawalRecord) => r.createTime,
        (r: WithdrawalRecord) => r.orderNo,
      ),
      { key: 'coin', label: t('assets.coin'), cell: (r) => r.coin, phone: 'title' },
      {
        key: 'address',
        label: t('assets.address'),
        className: 'wallet-break',
        cell: (r) => `${r.method === 'bank' ? t('assets.method.bank') : r.network}: ${r.address}`,
      },
      { key: 'amount', label: t('assets.amount'), num: true, cell: (r) => fmt(r.amount, r.coin) },
      { key: 'fee', label: t('assets.fee'), num: true, cell: (r) => fmt(r.fee, r.coin) },
      {
        key: 'status',
        label: t('assets.statusLabel'),
        cell: (r) => (
          <>
            <StatusBadge t={t} status={r.status} />
            {r.reason && <div className="muted">{reasonText(t, r)}</div>}
            {r.chain && <PayoutStatus t={t} chain={r.chain} />}
          </>
        ),
      },
    ];
    table = (
      <DataTable
        className="wallet-table"
        testId="records-withdrawals"
        columns={columns}
        rows={data.records as WithdrawalRecord[]}
        rowKey={(r) => r.id}
        empty={empty}
      />
    );
  } else if (kind === 'transfers') {
    const columns: Array<Column<TransferRecord>> = [
      time((r: TransferRecord) => r.time),
      { key: 'coin', label: t('assets.coin'), cell: (r) => r.coin, phone: 'title' },
      { key: 'from', label: t('assets.fromAccount'), cell: (r) => accountName(t, r.from) },
      { key: 'to', label: t('assets.toAccount'), cell: (r) => accountName(t, r.to) },
      { key: 'amount', label: t('assets.amount'), num: true, cell: (r) => fmt(r.amount, r.coin) },
    ];
    table = (
      <DataTable
        className="wallet-table"
        testId="records-transfers"
        columns={columns}
        rows={data.records as TransferRecord[]}
        rowKey={(r) => r.id}
        empty={empty}
      />
    );
  } else {
    const zero = (x: string) => /^-?0(\.0+)?$/.test(x);
    const change = (r: BillRecord) => {
      const signed = (x: string) => (x.startsWith('-') ? fmt(x, r.coin) : `+${fmt(x, r.coin)}`);
      return [
        zero(r.available) ? '' : signed(r.available),
        zero(r.frozen) ? '' : `${t('assets.frozen')} ${signed(r.frozen)}`,
      ]
        .filter(Boolean)
        .join(' · ');
    };
    const columns: Array<Column<BillRecord>> = [
      time((r: BillRecord) => r.time),
      { key: 'account', label: t('assets.accountType'), cell: (r) => accountName(t, r.type) },
      { key: 'coin', label: t('assets.coin'), cell: (r) => r.coin, phone: 'title' },
      { key: 'type', label: t('assets.billType'), cell: (r) => t(`bill.${r.billType}`) },
      {
        key: 'amount',
        label: t('assets.amount'),
        num: true,
        className: (r) => ((zero(r.available) ? r.frozen : r.available).startsWith('-') ? 'down' : 'up'),
        cell: change,
      },
      { key: 'after', label: t('assets.balanceAfter'), num: true, cell: (r) => fmt(r.availableAfter, r.coin) },
    ];
    table = (
      <DataTable
        className="wallet-table"
        testId="records-bills"
        columns={columns}
        rows={data.records as BillRecord[]}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-bill': r.billType })}
        empty={empty}
      />
    );
  }
  return (
    <>
      <div className="wallet-scroll">{table}</div>
      <Pager t={t} page={page} total={data.total} size={RECORDS_PAGE_SIZE} onPage={setPage} />
    </>
  );
}
