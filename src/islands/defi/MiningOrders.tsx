import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { EarnOrder, EarnOrderState, RedeemPreview } from '../../lib/contract/earn.ts';
import { miningOrders, ORDERS_PAGE_SIZE, redeemMining, redeemPreview } from '../../lib/defi/actions.ts';
import { percentText } from '../../lib/earn/view.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { poolTitle } from './parts.tsx';
import { Tabs } from '../ui/Tabs.tsx';

const STATES: EarnOrderState[] = ['inProgress', 'completed', 'redeemed'];

interface Props {
  t: T;
  /** The pool on screen: its orders are marked among all the user's mining orders. */
  poolId: number;
  /** Changes when an order was added elsewhere on the page, to load the list again. */
  version: number;
  onRedeemed: () => void;
}

/** The user's mining orders by state (spec §4 in progress, completed, redeemed), with redemption by the product's rule. */
export function MiningOrders({ t, poolId, version, onRedeemed }: Props) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [state, setState] = useState<EarnOrderState>('inProgress');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ records: EarnOrder[]; total: number } | null>(null);
  const [error, setError] = useState('');
  const [asking, setAsking] = useState<{ order: EarnOrder; preview: RedeemPreview } | null>(null);
  const [note, setNote] = useState('');

  const load = () => miningOrders(state, page).then((p) => { setList(p); setError(''); }, (e: unknown) => setError(e instanceof Error ? e.message : ''));
  useEffect(() => void load(), [state, page, version]);

  const ask = async (order: EarnOrder) => {
    setNote('');
    try {
      const preview = await redeemPreview(order.id);
      if (preview.allowed) setAsking({ order, preview });
      else setNote(t('defi.redeem.locked', { date: formatDateTime(order.endAt, dates) }));
    } catch (e) {
      setNote(e instanceof Error ? e.message : '');
    }
  };
  const redeem = async () => {
    if (!asking) return;
    const { order, preview } = asking;
    setAsking(null);
    try {
      await redeemMining(order.id);
      setNote(t('defi.redeem.done', { principal: fmt(preview.principal, order.coin), interest: fmt(preview.interest, order.coin), coin: order.coin }));
      onRedeemed();
      await load();
    } catch (e) {
      setNote(e instanceof Error ? e.message : '');
    }
  };
  const pages = list ? Math.max(1, Math.ceil(list.total / ORDERS_PAGE_SIZE)) : 1;
  const money = (v: string, coin: string) => `${fmt(v, coin)} ${coin}`;
  const income = state === 'inProgress' ? 'defi.orders.accrued' : 'defi.orders.paid';
  const columns = ['defi.orders.pool', 'defi.orders.amount', 'defi.pool.dailyRate', 'defi.orders.staked', 'defi.orders.term', income, 'defi.orders.expected'];

  return (
    <section className="defi-panel defi-orders" aria-labelledby="defi-orders-title">
      <h2 id="defi-orders-title">{t('defi.orders.title')}</h2>
      <Tabs label={t('defi.orders.title')} tabs={STATES.map((k) => ({ key: k, label: t(`defi.orders.state.${k}`) }))} active={state} onChange={(k) => { setState(k); setPage(1); }} />
      {note && <p className="defi-note" role="status" data-testid="defi-orders-note">{note}</p>}
      {error ? <p className="defi-note defi-note--error" role="alert">{error}</p> : (
        <div className="defi-scroll">
          <table className="defi-table" data-testid="defi-orders">
            <thead>
              <tr>
                {columns.map((key) => <th key={key} scope="col">{t(key)}</th>)}
                {state === 'inProgress' ? <th scope="col"><span className="sr-only">{t('defi.orders.redeem')}</span></th> : <th scope="col">{t('defi.orders.ended')}</th>}
              </tr>
            </thead>
            <tbody>
              {list?.records.map((o) => (
                <tr key={o.id} className={o.productId === poolId ? 'is-here' : undefined} data-testid={`defi-order-${o.id}`}>
                  <td><a href={href(`/defis/details?id=${o.productId}`)} title={o.name}>{poolTitle(t, o)}</a></td>
                  <td>{money(o.amount, o.coin)}</td>
                  <td>{percentText(o.dailyRate)}</td>
                  <td>{formatDateTime(o.subscribedAt, dates)}</td>
                  <td>{formatDateTime(o.beginAt, dates)} → {formatDateTime(o.endAt, dates)}</td>
                  <td data-testid="defi-order-income">{money(state === 'inProgress' ? o.accrued : o.interestPaid, o.coin)}</td>
                  <td>{money(o.expectedRevenue, o.coin)}</td>
                  {state === 'inProgress' ? (
                    <td><button type="button" className="btn btn--outline" onClick={() => void ask(o)}>{t('defi.orders.redeem')}</button></td>
                  ) : (
                    <td>{o.endedAt === null ? '--' : formatDateTime(o.endedAt, dates)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {list === null ? <p className="defi-muted">{t('common.loading')}</p> : list.records.length === 0 && <p className="defi-muted">{t('defi.orders.none')}</p>}
          {pages > 1 && (
            <p className="defi-pager">
              <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('assets.prev')}</button>
              <span>{t('assets.pageOf', { page, pages })}</span>
              <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('assets.next')}</button>
            </p>
          )}
        </div>
      )}
      <p className="defi-muted">{t('defi.orders.bills')} <a href={href('/account/wallet?tab=bills')}>{t('defi.orders.openBills')}</a></p>
      <RedeemQuestion t={t} asking={asking} money={money} onConfirm={() => void redeem()} onCancel={() => setAsking(null)} />
    </section>
  );
}

/** What redeeming gives back and gives up, asked before it is done. */
function RedeemQuestion({ t, asking, money, onConfirm, onCancel }: { t: T; asking: { order: EarnOrder; preview: RedeemPreview } | null; money: (v: string, coin: string) => string; onConfirm: () => void; onCancel: () => void }) {
  const o = asking?.order;
  const p = asking?.preview;
  const body = !o || !p ? '' : [
    t('defi.redeem.back', { principal: money(p.principal, o.coin), interest: money(p.interest, o.coin) }),
    /[1-9]/.test(p.forfeited) ? t('defi.redeem.forfeit', { forfeited: money(p.forfeited, o.coin) }) : '',
  ].filter(Boolean).join(' ');
  return (
    <ConfirmDialog
      open={asking !== null}
      title={o ? t('defi.redeem.title', { id: o.id }) : ''}
      body={body}
      confirmLabel={t('defi.orders.redeem')}
      cancelLabel={t('defi.redeem.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
