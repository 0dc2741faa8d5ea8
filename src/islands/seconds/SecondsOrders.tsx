import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { SecondsOrder } from '../../../isomorphic/contract/seconds.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, formatDateTime } from '../../../isomorphic/format/index.ts';
import { secondsOrdersStore, settledPublicStore } from '../../lib/seconds/actions.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Countdown } from './Countdown.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

type Tab = 'open' | 'history' | 'public';

const tone = (o: Pick<SecondsOrder, 'status'>) => (o.status === 'won' ? 'up' : o.status === 'lost' ? 'down' : 'flat');

/**
 * The user's second-contract orders (counting down; settled with both recorded prices and the result), and
 * everyone's settled orders without their users, which anyone can check against the recorded prices.
 */
export function SecondsOrders({
  t,
  symbol,
  decimalsOf,
}: {
  t: T;
  symbol?: string;
  decimalsOf: (symbol: string) => number;
}) {
  const isLogin = useStore($isLogin);
  const [tab, setTab] = useState<Tab>('open');
  const { open, history } = useStore(secondsOrdersStore(symbol));
  useEffect(() => {
    if (!isLogin) setTab('public');
  }, [isLogin]);
  const dateOptions = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  const time = (ms: number | null) => (ms === null ? '--' : formatDateTime(ms, dateOptions));
  const price = (p: string | null, of: string) => (p === null ? '--' : formatAmount(p, decimalsOf(of)));
  const rows = tab === 'open' ? open : history;
  const columns: Array<Column<SecondsOrder> | false> = [
    { key: 'time', label: t('seconds.col.time'), cell: (o) => time(o.createdAt) },
    {
      key: 'pair',
      label: t('seconds.col.pair'),
      phone: 'title',
      cell: (o) =>
        `${o.symbol.replace(/usdt$/, '').toUpperCase()}/USDT · ${t('seconds.duration', { seconds: o.seconds })}`,
    },
    {
      key: 'direction',
      label: t('seconds.col.direction'),
      className: (o) => (o.direction === 'up' ? 'is-up' : 'is-down'),
      cell: (o) => t(`seconds.${o.direction}`),
    },
    { key: 'amount', label: t('seconds.col.amount'), num: true, cell: (o) => `${fmt(o.amount, o.coin)} ${o.coin}` },
    { key: 'open', label: t('seconds.col.openPrice'), num: true, cell: (o) => price(o.openPrice, o.symbol) },
    tab === 'open' && {
      key: 'countdown',
      label: t('seconds.col.countdown'),
      num: true,
      cell: (o) => <Countdown t={t} until={o.expiresAt} />,
    },
    tab !== 'open' && {
      key: 'close',
      label: t('seconds.col.closePrice'),
      num: true,
      cell: (o) => price(o.closePrice, o.symbol),
    },
    tab !== 'open' && {
      key: 'result',
      label: t('seconds.col.result'),
      className: (o) => `is-${tone(o)}`,
      testId: 'seconds-result',
      cell: (o) => `${t(`seconds.status.${o.status}`)}${o.reason ? ` · ${t(`seconds.reason.${o.reason}`)}` : ''}`,
    },
    tab !== 'open' && {
      key: 'profit',
      label: t('seconds.col.profit'),
      num: true,
      className: (o) => `is-${tone(o)}`,
      cell: (o) => `${Number(o.profit) > 0 ? '+' : ''}${fmt(o.profit, o.coin)} ${o.coin}`,
    },
    tab !== 'open' && {
      key: 'closed',
      label: t('seconds.col.closeTime'),
      cell: (o) => time(o.closePeriod ?? o.settledAt),
    },
  ];
  return (
    <section className="user-orders seconds-orders" aria-label={t('seconds.orders')}>
      <div className="tabs" role="tablist">
        {(isLogin ? (['open', 'history', 'public'] as const) : (['public'] as const)).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === tab}
            className={`tabs__tab${k === tab ? ' is-active' : ''}`}
            onClick={() => setTab(k)}
          >
            {t(`seconds.tab.${k}`)} {k === 'open' && open.length ? `(${open.length})` : ''}
          </button>
        ))}
      </div>
      {tab === 'public' ? (
        <PublicList t={t} symbol={symbol} price={price} time={time} />
      ) : rows.length === 0 ? (
        <p className="muted">{t(tab === 'open' ? 'seconds.noOpen' : 'seconds.noHistory')}</p>
      ) : (
        <DataTable
          className="grid-table"
          testId={`seconds-${tab}`}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.id}
          rowProps={(o) => ({ 'data-order': String(o.id) })}
        />
      )}
    </section>
  );
}

/**
 * The public list: each order's period, direction and the two recorded prices with the seconds they were recorded for.
 */
function PublicList({
  t,
  symbol,
  price,
  time,
}: {
  t: T;
  symbol?: string;
  price: (p: string | null, of: string) => string;
  time: (ms: number | null) => string;
}) {
  const rows = useStore(settledPublicStore(symbol));
  if (!rows.length) return <p className="muted">{t('seconds.noHistory')}</p>;
  const columns: Array<Column<(typeof rows)[number]>> = [
    { key: 'id', label: '#', phone: 'title', cell: (o) => o.id },
    {
      key: 'direction',
      label: t('seconds.col.direction'),
      className: (o) => (o.direction === 'up' ? 'is-up' : 'is-down'),
      cell: (o) => `${t(`seconds.${o.direction}`)} · ${t('seconds.duration', { seconds: o.seconds })}`,
    },
    { key: 'open', label: t('seconds.col.openPrice'), num: true, cell: (o) => price(o.openPrice, o.symbol) },
    { key: 'openSecond', label: t('seconds.col.openSecond'), cell: (o) => time(o.openPeriod) },
    { key: 'close', label: t('seconds.col.closePrice'), num: true, cell: (o) => price(o.closePrice, o.symbol) },
    { key: 'closeSecond', label: t('seconds.col.closeSecond'), cell: (o) => time(o.closePeriod) },
    {
      key: 'result',
      label: t('seconds.col.result'),
      className: (o) => `is-${tone(o)}`,
      cell: (o) => t(`seconds.status.${o.status}`),
    },
  ];
  return (
    <>
      <p className="muted">{t('seconds.publicNote')}</p>
      <DataTable className="grid-table" testId="seconds-public" columns={columns} rows={rows} rowKey={(o) => o.id} />
    </>
  );
}
