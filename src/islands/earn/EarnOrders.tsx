import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnKind, EarnOrder, EarnOrderState, RedeemPreview } from '../../../isomorphic/contract/earn.ts';
import { ORDERS_PAGE_SIZE } from '../../lib/earn/actions.ts';
import { earnOrdersStore, previewRedeem, redeemOrder } from '../../lib/earn/stores.ts';
import { percentText } from '../../lib/earn/view.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { errorText, Pager, productTitle } from './parts.tsx';

const STATES: EarnOrderState[] = ['inProgress', 'completed', 'redeemed'];
type Asking = { order: EarnOrder; preview: RedeemPreview };

interface Props {
  t: T;
  /** The kinds listed; with more than one, the user picks one. */
  kinds: readonly EarnKind[];
  /** Where an order's product page is. */
  productPage: (o: EarnOrder) => string;
  /** The product on screen, whose orders are marked among the others. */
  highlight?: number;
}

/**
 * The user's orders by state (docs/requirements.md §4: in progress, completed, redeemed) with the docs/requirements.md
 * §3 order facts, the interest accrued or paid, and redemption: the server's preview (what comes back, what is given
 * up) is asked first.
 */
export function EarnOrders({ t, kinds, productPage, highlight }: Props) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [kind, setKind] = useState<EarnKind>(kinds[0]!);
  const [state, setState] = useState<EarnOrderState>('inProgress');
  const [page, setPage] = useState(1);
  // Loaded again after this tab subscribes or redeems (src/lib/earn/stores.ts).
  const orders = useStore(earnOrdersStore(kind, state, page));
  const list = orders.status === 'success' ? orders.value : null;
  const error = orders.status === 'error' ? orders.error.message : '';
  const [asking, setAsking] = useState<Asking | null>(null);
  const [note, setNote] = useState('');

  const ask = async (order: EarnOrder) => {
    setNote('');
    try {
      const preview = await previewRedeem(order.id);
      if (preview.allowed) setAsking({ order, preview });
      else setNote(t('earn.redeem.locked', { date: formatDateTime(order.endAt, dates) }));
    } catch (e) {
      setNote(errorText(e));
    }
  };
  const redeem = async () => {
    if (!asking) return;
    const { order, preview } = asking;
    setAsking(null);
    try {
      await redeemOrder(order.id);
      setNote(
        t('earn.redeem.done', {
          principal: money(preview.principal, order.coin),
          interest: money(preview.interest, order.coin),
        }),
      );
    } catch (e) {
      setNote(errorText(e));
    }
  };
  const money = (v: string, coin: string) => `${fmt(v, coin)} ${coin}`;
  const open = state === 'inProgress';
  const columns: Array<Column<EarnOrder>> = [
    {
      key: 'product',
      label: t('earn.orders.product'),
      phone: 'title',
      cell: (o) => (
        <a href={href(productPage(o))} title={o.name}>
          {productTitle(t, o)}
        </a>
      ),
    },
    { key: 'amount', label: t('earn.orders.amount'), cell: (o) => money(o.amount, o.coin) },
    { key: 'rate', label: t('earn.product.dailyRate'), cell: (o) => percentText(o.dailyRate) },
    { key: 'subscribed', label: t('earn.orders.subscribed'), cell: (o) => formatDateTime(o.subscribedAt, dates) },
    {
      key: 'term',
      label: t('earn.orders.term'),
      cell: (o) => `${formatDateTime(o.beginAt, dates)} → ${formatDateTime(o.endAt, dates)}`,
    },
    {
      key: 'income',
      label: t(open ? 'earn.orders.accrued' : 'earn.orders.paid'),
      testId: 'earn-order-income',
      cell: (o) => (
        <>
          {money(open ? o.accrued : o.interestPaid, o.coin)}
          {o.kind === 'flexible' && (
            <span className="earn-muted earn-cell-note">{t('earn.orders.paidDays', { count: o.paidDays })}</span>
          )}
        </>
      ),
    },
    { key: 'expected', label: t('earn.orders.expected'), cell: (o) => money(o.expectedRevenue, o.coin) },
    open
      ? {
          key: 'redeem',
          label: '',
          head: <span className="visually-hidden">{t('earn.orders.redeem')}</span>,
          cell: (o) => (
            <button type="button" className="btn btn--outline" onClick={() => void ask(o)}>
              {t('earn.orders.redeem')}
            </button>
          ),
        }
      : {
          key: 'ended',
          label: t('earn.orders.ended'),
          cell: (o) => (o.endedAt === null ? '--' : formatDateTime(o.endedAt, dates)),
        },
  ];

  return (
    <div className="earn-orders">
      {kinds.length > 1 && (
        <Tabs
          label={t('earn.orders.kind')}
          tabs={kinds.map((k) => ({ key: k, label: t(`earn.kind.${k}`) }))}
          active={kind}
          onChange={(k) => {
            setKind(k);
            setPage(1);
          }}
        />
      )}
      <Tabs
        label={t('earn.orders.state')}
        tabs={STATES.map((k) => ({ key: k, label: t(`earn.orders.states.${k}`) }))}
        active={state}
        onChange={(k) => {
          setState(k);
          setPage(1);
        }}
      />
      {note && (
        <p className="earn-note" role="status" data-testid="earn-orders-note">
          {note}
        </p>
      )}
      {error ? (
        <p className="earn-note earn-note--error" role="alert">
          {error}
        </p>
      ) : (
        <div className="earn-scroll">
          <DataTable
            className="earn-table"
            testId="earn-orders"
            columns={columns}
            rows={list?.records ?? []}
            rowKey={(o) => o.id}
            rowProps={(o) => ({
              className: o.productId === highlight ? 'is-here' : undefined,
              'data-testid': `earn-order-${o.id}`,
            })}
          />
          {list === null ? (
            <p className="earn-muted">{t('common.loading')}</p>
          ) : (
            list.records.length === 0 && <p className="earn-muted">{t('earn.orders.none')}</p>
          )}
          <Pager
            t={t}
            page={page}
            pages={list ? Math.max(1, Math.ceil(list.total / ORDERS_PAGE_SIZE)) : 1}
            onPage={setPage}
          />
        </div>
      )}
      <p className="earn-muted">
        {t('earn.orders.bills')} <a href={href('/account/wallet?tab=bills')}>{t('earn.orders.openBills')}</a>
      </p>
      <RedeemQuestion
        t={t}
        asking={asking}
        money={money}
        onConfirm={() => void redeem()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

/** What redeeming gives back and what it gives up, from the server's preview, asked before anything is done. */
function RedeemQuestion({
  t,
  asking,
  money,
  onConfirm,
  onCancel,
}: {
  t: T;
  asking: Asking | null;
  money: (v: string, coin: string) => string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const o = asking?.order;
  const p = asking?.preview;
  const lines =
    !o || !p
      ? []
      : [
          t(o.kind === 'flexible' ? 'earn.redeem.backFlexible' : 'earn.redeem.back', {
            principal: money(p.principal, o.coin),
            interest: money(p.interest, o.coin),
          }),
          /[1-9]/.test(p.forfeited) ? t('earn.redeem.forfeit', { forfeited: money(p.forfeited, o.coin) }) : '',
        ];
  return (
    <ConfirmDialog
      open={asking !== null}
      title={o ? t('earn.redeem.title', { id: o.id }) : ''}
      body={lines.filter(Boolean).join(' ')}
      confirmLabel={t('earn.orders.redeem')}
      cancelLabel={t('earn.redeem.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
