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
  const time = (ms: number | null) => (ms ? formatDateTime(ms, dates) : '--');
  if (records.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  const data = records.value;
  const head = (keys: string[]) => (
    <thead>
      <tr>
        {keys.map((k) => (
          <th
            key={k}
            className={['assets.amount', 'assets.fee', 'assets.balanceAfter'].includes(k) ? 'num' : undefined}
          >
            {t(k)}
          </th>
        ))}
      </tr>
    </thead>
  );
  const empty = (cols: number) =>
    !data.records.length && (
      <tr>
        <td colSpan={cols} className="muted">
          {t('common.noData')}
        </td>
      </tr>
    );
  let table;
  // Deposits and withdrawals are cards on a phone (src/styles/chain.css): their state, at the row's end, would be out
  // of sight in a table scrolled sideways.
  if (kind === 'deposits') {
    table = (
      <table className="wallet-table wallet-table--cards" data-testid="records-deposits">
        {head(['assets.time', 'assets.coin', 'assets.network', 'assets.amount', 'assets.statusLabel'])}
        <tbody>
          {(data.records as RechargeRecord[]).map((r) => (
            <tr key={r.id}>
              <td data-label={t('assets.time')}>
                {time(r.createTime)}
                <div className="wallet-order-no">{r.orderNo}</div>
              </td>
              <td data-label={t('assets.coin')}>{r.coin}</td>
              <td data-label={t('assets.network')}>{r.network}</td>
              <td className="num" data-label={t('assets.amount')}>
                {fmt(r.amount, r.coin)}
              </td>
              <td data-label={t('assets.statusLabel')}>
                <StatusBadge t={t} status={r.status} />
                {r.reason && <div className="muted">{r.reason}</div>}
              </td>
            </tr>
          ))}
          {empty(5)}
        </tbody>
      </table>
    );
  } else if (kind === 'withdrawals') {
    table = (
      <table className="wallet-table wallet-table--cards" data-testid="records-withdrawals">
        {head(['assets.time', 'assets.coin', 'assets.address', 'assets.amount', 'assets.fee', 'assets.statusLabel'])}
        <tbody>
          {(data.records as WithdrawalRecord[]).map((r) => (
            <tr key={r.id}>
              <td data-label={t('assets.time')}>
                {time(r.createTime)}
                <div className="wallet-order-no">{r.orderNo}</div>
              </td>
              <td data-label={t('assets.coin')}>{r.coin}</td>
              <td className="wallet-break" data-label={t('assets.address')}>
                {r.method === 'bank' ? t('assets.method.bank') : r.network}: {r.address}
              </td>
              <td className="num" data-label={t('assets.amount')}>
                {fmt(r.amount, r.coin)}
              </td>
              <td className="num" data-label={t('assets.fee')}>
                {fmt(r.fee, r.coin)}
              </td>
              <td data-label={t('assets.statusLabel')}>
                <StatusBadge t={t} status={r.status} />
                {r.reason && <div className="muted">{reasonText(t, r)}</div>}
                {r.chain && <PayoutStatus t={t} chain={r.chain} />}
              </td>
            </tr>
          ))}
          {empty(6)}
        </tbody>
      </table>
    );
  } else if (kind === 'transfers') {
    table = (
      <table className="wallet-table" data-testid="records-transfers">
        {head(['assets.time', 'assets.coin', 'assets.fromAccount', 'assets.toAccount', 'assets.amount'])}
        <tbody>
          {(data.records as TransferRecord[]).map((r) => (
            <tr key={r.id}>
              <td>{time(r.time)}</td>
              <td>{r.coin}</td>
              <td>{accountName(t, r.from)}</td>
              <td>{accountName(t, r.to)}</td>
              <td className="num">{fmt(r.amount, r.coin)}</td>
            </tr>
          ))}
          {empty(5)}
        </tbody>
      </table>
    );
  } else {
    table = (
      <table className="wallet-table" data-testid="records-bills">
        {head([
          'assets.time',
          'assets.accountType',
          'assets.coin',
          'assets.billType',
          'assets.amount',
          'assets.balanceAfter',
        ])}
        <tbody>
          {(data.records as BillRecord[]).map((r) => {
            const zero = (x: string) => /^-?0(\.0+)?$/.test(x);
            const signed = (x: string) => (x.startsWith('-') ? fmt(x, r.coin) : `+${fmt(x, r.coin)}`);
            const parts = [
              zero(r.available) ? '' : signed(r.available),
              zero(r.frozen) ? '' : `${t('assets.frozen')} ${signed(r.frozen)}`,
            ].filter(Boolean);
            const main = zero(r.available) ? r.frozen : r.available;
            return (
              <tr key={r.id} data-bill={r.billType}>
                <td>{time(r.time)}</td>
                <td>{accountName(t, r.type)}</td>
                <td>{r.coin}</td>
                <td>{t(`bill.${r.billType}`)}</td>
                <td className={`num ${main.startsWith('-') ? 'down' : 'up'}`}>{parts.join(' · ')}</td>
                <td className="num">{fmt(r.availableAfter, r.coin)}</td>
              </tr>
            );
          })}
          {empty(6)}
        </tbody>
      </table>
    );
  }
  return (
    <>
      <div className="wallet-scroll">{table}</div>
      <Pager t={t} page={page} total={data.total} size={RECORDS_PAGE_SIZE} onPage={setPage} />
    </>
  );
}
