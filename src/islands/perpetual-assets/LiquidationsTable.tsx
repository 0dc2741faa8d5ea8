import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractKindName } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $perpContracts, liquidationsStore, loadLiquidations } from '../../lib/perpetual-assets/orders.ts';
import { atScale, contractOf, isPositive, pairOf } from '../../lib/perpetual-assets/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { ListState } from '../ui/ListState.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { quantityText } from './PerpOrdersTable.tsx';

/**
 * The user's liquidations and auto-deleveragings of one kind, newest first: which position, how much was closed,
 * at what price while the mark stood where, and the liquidation fee taken.
 */
export function LiquidationsTable({ t, kind }: { t: T; kind: ContractKindName }) {
  const view = useStore(liquidationsStore(kind));
  const contracts = useStore($perpContracts);
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const mine = view.kind === kind;
  const rows = mine ? view.records : [];
  const c = (l: (typeof rows)[number]) => contractOf(contracts, l.symbol);
  const columns: Array<Column<(typeof rows)[number]>> = [
    {
      key: 'time',
      label: t('perpAssets.col.time'),
      className: 'perp-time',
      cell: (l) => formatDateTime(l.createdAt, dateOptions),
    },
    {
      key: 'contract',
      label: t('perpAssets.col.contract'),
      phone: 'title',
      cell: (l) => <strong>{t('perpAssets.contractName', { pair: pairOf(l.symbol) })}</strong>,
    },
    {
      key: 'position',
      label: t('perpAssets.col.position'),
      className: (l) => (l.side === 'long' ? 'is-up' : 'is-down'),
      cell: (l) => t(`perpAssets.position.${l.side}`),
    },
    { key: 'event', label: t('perpAssets.col.event'), cell: (l) => t(`perpAssets.event.${l.kind}`) },
    { key: 'quantity', label: t('perpAssets.col.quantity'), num: true, cell: (l) => quantityText(t, l.quantity, c(l)) },
    { key: 'price', label: t('perpAssets.col.fillPrice'), num: true, cell: (l) => atScale(l.price, c(l)?.priceScale) },
    {
      key: 'mark',
      label: t('perpAssets.col.markPrice'),
      num: true,
      cell: (l) => atScale(l.markPrice, c(l)?.priceScale),
    },
    {
      key: 'fee',
      label: t('perpAssets.col.liquidationFee'),
      num: true,
      cell: (l) => {
        const contract = c(l);
        if (!isPositive(l.fee)) return '--';
        return contract ? `${fmt(l.fee, contract.marginAsset)} ${contract.marginAsset}` : l.fee;
      },
    },
  ];
  return (
    <>
      <p className="perp-note">{t('perpAssets.liquidationNote')}</p>
      <ListState
        t={t}
        status={mine ? view.status : 'loading'}
        count={rows.length}
        empty={t('perpAssets.noLiquidations')}
        onRetry={() => void loadLiquidations(kind).catch(() => {})}
      >
        <div className="perp-scroll">
          <DataTable
            className="grid-table perp-table"
            testId="perp-liquidations"
            columns={columns}
            rows={rows}
            rowKey={(l) => l.id}
          />
        </div>
      </ListState>
    </>
  );
}
