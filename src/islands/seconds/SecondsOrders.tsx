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
        <table className="grid-table" data-testid={`seconds-${tab}`}>
          <thead>
            <tr>
              <th scope="col">{t('seconds.col.time')}</th>
              <th scope="col">{t('seconds.col.pair')}</th>
              <th scope="col">{t('seconds.col.direction')}</th>
              <th scope="col" className="num">
                {t('seconds.col.amount')}
              </th>
              <th scope="col" className="num">
                {t('seconds.col.openPrice')}
              </th>
              {tab === 'open' ? (
                <th scope="col" className="num">
                  {t('seconds.col.countdown')}
                </th>
              ) : (
                <>
                  <th scope="col" className="num">
                    {t('seconds.col.closePrice')}
                  </th>
                  <th scope="col">{t('seconds.col.result')}</th>
                  <th scope="col" className="num">
                    {t('seconds.col.profit')}
                  </th>
                  <th scope="col">{t('seconds.col.closeTime')}</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-order={o.id}>
                <td>{time(o.createdAt)}</td>
                <td>
                  {o.symbol.replace(/usdt$/, '').toUpperCase()}/USDT · {t('seconds.duration', { seconds: o.seconds })}
                </td>
                <td className={o.direction === 'up' ? 'is-up' : 'is-down'}>{t(`seconds.${o.direction}`)}</td>
                <td className="num">
                  {fmt(o.amount, o.coin)} {o.coin}
                </td>
                <td className="num">{price(o.openPrice, o.symbol)}</td>
                {tab === 'open' ? (
                  <td className="num">
                    <Countdown t={t} until={o.expiresAt} />
                  </td>
                ) : (
                  <>
                    <td className="num">{price(o.closePrice, o.symbol)}</td>
                    <td className={`is-${tone(o)}`} data-testid="seconds-result">
                      {t(`seconds.status.${o.status}`)}
                      {o.reason ? ` · ${t(`seconds.reason.${o.reason}`)}` : ''}
                    </td>
                    <td className={`num is-${tone(o)}`}>
                      {Number(o.profit) > 0 ? '+' : ''}
                      {fmt(o.profit, o.coin)} {o.coin}
                    </td>
                    <td>{time(o.closePeriod ?? o.settledAt)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
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
  return (
    <>
      <p className="muted">{t('seconds.publicNote')}</p>
      <table className="grid-table" data-testid="seconds-public">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('seconds.col.direction')}</th>
            <th scope="col" className="num">
              {t('seconds.col.openPrice')}
            </th>
            <th scope="col">{t('seconds.col.openSecond')}</th>
            <th scope="col" className="num">
              {t('seconds.col.closePrice')}
            </th>
            <th scope="col">{t('seconds.col.closeSecond')}</th>
            <th scope="col">{t('seconds.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.id}>
              <td>{o.id}</td>
              <td className={o.direction === 'up' ? 'is-up' : 'is-down'}>
                {t(`seconds.${o.direction}`)} · {t('seconds.duration', { seconds: o.seconds })}
              </td>
              <td className="num">{price(o.openPrice, o.symbol)}</td>
              <td>{time(o.openPeriod)}</td>
              <td className="num">{price(o.closePrice, o.symbol)}</td>
              <td>{time(o.closePeriod)}</td>
              <td className={`is-${tone(o)}`}>{t(`seconds.status.${o.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
