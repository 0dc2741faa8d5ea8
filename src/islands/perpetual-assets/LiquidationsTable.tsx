import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractKindName } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $perpContracts, liquidationsStore, loadLiquidations } from '../../lib/perpetual-assets/orders.ts';
import { atScale, contractOf, isPositive, pairOf } from '../../lib/perpetual-assets/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { ListState } from '../ui/ListState.tsx';
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
          <table className="grid-table perp-table" data-testid="perp-liquidations">
            <thead>
              <tr>
                <th scope="col">{t('perpAssets.col.time')}</th>
                <th scope="col">{t('perpAssets.col.contract')}</th>
                <th scope="col">{t('perpAssets.col.position')}</th>
                <th scope="col">{t('perpAssets.col.event')}</th>
                <th scope="col" className="num">
                  {t('perpAssets.col.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('perpAssets.col.fillPrice')}
                </th>
                <th scope="col" className="num">
                  {t('perpAssets.col.markPrice')}
                </th>
                <th scope="col" className="num">
                  {t('perpAssets.col.liquidationFee')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l) => {
                const c = contractOf(contracts, l.symbol);
                return (
                  <tr key={l.id}>
                    <td className="perp-time">{formatDateTime(l.createdAt, dateOptions)}</td>
                    <td>
                      <strong>{t('perpAssets.contractName', { pair: pairOf(l.symbol) })}</strong>
                    </td>
                    <td className={l.side === 'long' ? 'is-up' : 'is-down'}>{t(`perpAssets.position.${l.side}`)}</td>
                    <td>{t(`perpAssets.event.${l.kind}`)}</td>
                    <td className="num">{quantityText(t, l.quantity, c)}</td>
                    <td className="num">{atScale(l.price, c?.priceScale)}</td>
                    <td className="num">{atScale(l.markPrice, c?.priceScale)}</td>
                    <td className="num">
                      {isPositive(l.fee) ? (c ? `${fmt(l.fee, c.marginAsset)} ${c.marginAsset}` : l.fee) : '--'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </ListState>
    </>
  );
}
