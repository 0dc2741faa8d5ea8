import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import { formatDateTime, type DateTimeOptions } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { Column } from '../ui/DataTable.tsx';

/**
 * The columns every perpetual list under the chart shares (orders, take-profits and stop-losses, trailing stops,
 * liquidations): when, which contract (the card's title on a phone), and the row's cancel.
 */
export type ContractOf = (symbol: string) => ContractView;

export const contractName = (c: ContractView) => `${c.base}${c.quote}`;

/** A time column; a second one in a table (an end beside a start) names its own label key, which keys it too. */
export function timeColumn<R>(t: T, dates: DateTimeOptions, at: (row: R) => number, label = 'trade.time'): Column<R> {
  return { key: label === 'trade.time' ? 'time' : label, label: t(label), cell: (r) => formatDateTime(at(r), dates) };
}

export function contractColumn<R extends { symbol: string }>(t: T, contractOf: ContractOf): Column<R> {
  return {
    key: 'contract',
    label: t('perp.contract'),
    phone: 'title',
    cell: (r) => contractName(contractOf(r.symbol)),
  };
}

/** The row's cancel, where `can` says the row is still working (an active stop, an open order). */
export function cancelColumn<R>(t: T, can: (row: R) => boolean, cancel: (row: R) => void): Column<R> {
  return {
    key: 'actions',
    label: '',
    className: 'orders-table__actions',
    cell: (r) =>
      can(r) && (
        <button type="button" className="link-button" onClick={() => cancel(r)}>
          {t('trade.cancel')}
        </button>
      ),
  };
}
