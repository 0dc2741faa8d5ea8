import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { href } from '../../lib/navigation.ts';
import {
  loadOrderList,
  orderListStore,
  ORDERS_PAGE_SIZE,
  type OrderListState,
  type OrderRole,
} from '../../lib/otc/orders.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { LoginPrompt, Pager } from './parts.tsx';
import { MerchantGate } from './MerchantGate.tsx';
import { DataTable } from '../ui/DataTable.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
  /** user: /otc/ordinary, the caller's orders; merchant: /merchant/deal, the orders on the caller's ads. */
  role: OrderRole;
}

/** A list of OTC orders, active or done, paged, each row leading to its order page. */
export default function OtcOrders({ locale, messages, role }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const me = useStore($userInfo);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <p className="otc-empty">{t('common.loading')}</p>;
  if (!isLogin) return <LoginPrompt t={t} text={t('otc.loginFirst')} />;
  if (role === 'merchant' && me?.is_merchant !== 2) return <MerchantGate t={t} locale={locale} />;
  return <OrderTable locale={locale} messages={messages} role={role} />;
}

function OrderTable({ locale, messages, role }: Props) {
  const t = useMessages(locale, messages);
  const view = useStore(orderListStore(role));
  const dates = useStore($dateOptions);
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => {
    // A merchant's notice leads here with the order's id (docs/requirements.md §4 link_merchant): it is shown first.
    setFocus(Number(new URLSearchParams(location.search).get('id')) || null);
  }, []);
  const choose = (state: OrderListState) => void loadOrderList(role, state, 1);
  const open = (id: number) => href(`/otc/order?id=${id}`, locale);
  return (
    <div className="otc-orders">
      <header className="otc-head">
        <div>
          <h1>{t(role === 'merchant' ? 'otc.deals.title' : 'otc.orders.title')}</h1>
          <p className="otc-lead">{t(role === 'merchant' ? 'otc.deals.lead' : 'otc.orders.lead')}</p>
        </div>
        <nav className="otc-links" aria-label={t('otc.links')}>
          <a href={href('/otc/common', locale)}>{t('otc.nav.market')}</a>
          {role === 'merchant' && <a href={href('/merchant/index', locale)}>{t('otc.nav.merchant')}</a>}
        </nav>
      </header>
      {focus !== null && (
        <p className="otc-focus">
          {t('otc.deals.focus')}{' '}
          <a className="btn btn--primary" href={open(focus)} data-testid="otc-focus-link">
            {t('otc.orders.open')}
          </a>
        </p>
      )}
      <Tabs
        label={t('otc.orders.state')}
        tabs={(['active', 'done'] as const).map((k) => ({ key: k, label: t(`otc.orders.${k}`) }))}
        active={view.state}
        onChange={choose}
      />
      {view.status === 'error' ? (
        <p className="otc-empty" role="alert">
          {view.error}
        </p>
      ) : (
        <div className="otc-scroll">
          <DataTable
            className="otc-table"
            testId="otc-order-list"
            rows={view.orders}
            rowKey={(o) => o.id}
            rowProps={(o) => ({ className: o.id === focus ? 'is-focus' : undefined })}
            columns={[
              {
                key: 'code',
                label: t('otc.orders.code'),
                phone: 'title',
                cell: (o) => <a href={open(o.id)}>{o.orderCode}</a>,
              },
              {
                key: 'type',
                label: t('otc.orders.type'),
                className: (o) => (o.side === 'buy' ? 'up' : 'down'),
                cell: (o) => `${t(`otc.side.${o.side}`)} ${o.coin}`,
              },
              { key: 'fiat', label: t('otc.order.fiatAmount'), cell: (o) => `${o.fiatAmount} ${o.fiat}` },
              { key: 'price', label: t('otc.ad.price'), cell: (o) => o.price },
              {
                key: 'amount',
                label: t('otc.order.amount'),
                cell: (o) => `${o.amount.replace(/\.?0+$/, '')} ${o.coin}`,
              },
              {
                key: 'counterparty',
                label: t('otc.orders.counterparty'),
                cell: (o) => (o.side === 'buy' ? o.seller : o.buyer).nickname,
              },
              {
                key: 'status',
                label: t('otc.orders.status'),
                cell: (o) => (
                  <>
                    {t(`otc.state.${o.state}`)}
                    {o.unread > 0 && (
                      <span className="otc-badge" title={t('otc.orders.unread')}>
                        {o.unread}
                      </span>
                    )}
                  </>
                ),
              },
              { key: 'created', label: t('otc.order.created'), cell: (o) => formatDateTime(o.createdAt, dates) },
            ]}
          />
          {view.status === 'ready' && view.orders.length === 0 && <p className="otc-empty">{t('otc.orders.none')}</p>}
          <Pager
            t={t}
            page={view.page}
            total={view.total}
            size={ORDERS_PAGE_SIZE}
            onPage={(p) => void loadOrderList(role, view.state, p)}
          />
        </div>
      )}
    </div>
  );
}
