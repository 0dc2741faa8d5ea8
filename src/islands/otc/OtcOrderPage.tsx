import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { OtcOrder } from '../../../isomorphic/contract/otc.ts';
import type { PaymentMethod } from '../../../isomorphic/contract/identity.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { countdown, paying, stateNoteKey } from '../../lib/otc/order-view.ts';
import { orderStore } from '../../lib/otc/orders.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { copyText } from '../ui/copy-text.ts';
import { ChatPanel } from '../chat/index.ts';
import { LoginPrompt } from './parts.tsx';
import { Fact } from '../ui/Fact.tsx';
import { MissingId, useAddressId } from '../ui/MissingId.tsx';
import { OrderActions } from './OrderActions.tsx';
import { ProofImage } from './ProofImage.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** The clock, moving each second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** /otc/order?id=: one order for whichever side opens it (buyer, seller, the merchant of the ad). */
export default function OtcOrderPage({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const id = useAddressId();
  if (id === undefined) return <p className="otc-empty">{t('common.loading')}</p>;
  // Nothing to log in for: the user is told where orders are first.
  if (id === 'missing')
    return (
      <MissingId
        t={t}
        text={t('otc.order.missing')}
        listHref={href('/otc/ordinary', locale)}
        listLabel={t('otc.nav.myOrders')}
      />
    );
  if (!isLogin) return <LoginPrompt t={t} text={t('otc.loginFirst')} />;
  if (id === 'invalid')
    return (
      <p className="otc-empty" role="alert">
        {t('error.otcOrderUnknown')}
      </p>
    );
  return <OrderView t={t} locale={locale} id={id} />;
}

function OrderView({ t, locale, id }: { t: T; locale: Locale; id: number }) {
  const { order, status, error } = useStore(orderStore(id));
  const dates = useStore($dateOptions);
  const now = useNow(order ? paying(order, Date.now()) : false);
  if (!order)
    return (
      <p className="otc-empty" role={status === 'error' ? 'alert' : undefined}>
        {status === 'error' ? error : t('common.loading')}
      </p>
    );
  const buyer = order.side === 'buy';
  const other = buyer ? order.seller : order.buyer;
  const date = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, dates));
  return (
    <div className="otc-order" data-testid="otc-order" data-state={order.state}>
      <header className="otc-head">
        <div>
          <h1>{t(buyer ? 'otc.order.titleBuy' : 'otc.order.titleSell', { coin: order.coin })}</h1>
          <p className="otc-lead">
            {t('otc.order.code', { code: order.orderCode })} · {t('otc.order.with', { name: other.nickname })}
          </p>
        </div>
        <nav className="otc-links" aria-label={t('otc.links')}>
          <a href={href(order.role === 'merchant' ? '/merchant/deal' : '/otc/ordinary', locale)}>
            {t(order.role === 'merchant' ? 'otc.nav.deals' : 'otc.nav.myOrders')}
          </a>
        </nav>
      </header>
      <div className="otc-order__grid otc-order__grid--chat">
        <section className="otc-card">
          <div className={`otc-state otc-state--${order.state}`}>
            <strong data-testid="otc-order-state">{t(`otc.state.${order.state}`)}</strong>
            {paying(order, now) && (
              <span className="otc-countdown" data-testid="otc-countdown" aria-label={t('otc.order.timeLeft')}>
                {countdown(order.payDeadline, now)}
              </span>
            )}
          </div>
          <p className="otc-note">{t(stateNoteKey(order))}</p>
          <dl className="facts otc-facts">
            <Fact label={t('otc.order.fiatAmount')} testId="otc-order-fiat">
              {order.fiatAmount} {order.fiat}
            </Fact>
            <Fact label={t('otc.ad.price')}>
              {order.price} {order.fiat}
            </Fact>
            <Fact label={t('otc.order.amount')} testId="otc-order-amount">
              {order.amount.replace(/\.?0+$/, '')} {order.coin}
            </Fact>
            <Fact label={t('otc.order.created')}>{date(order.createdAt)}</Fact>
            {order.state === 'created' && <Fact label={t('otc.order.deadline')}>{date(order.payDeadline)}</Fact>}
            {order.paidAt !== null && <Fact label={t('otc.order.paidAt')}>{date(order.paidAt)}</Fact>}
            {order.endedAt !== null && <Fact label={t('otc.order.endedAt')}>{date(order.endedAt)}</Fact>}
          </dl>
          <Payments t={t} order={order} />
          {order.proof && <ProofImage t={t} id={order.proof} label={t('otc.order.paymentProof')} />}
          {order.terms && (
            <section className="otc-terms">
              <h3>{t('otc.ad.terms')}</h3>
              <p>{order.terms}</p>
            </section>
          )}
          <Appeal t={t} order={order} date={date} />
          <OrderActions t={t} order={order} now={now} />
        </section>
        <section
          className="otc-card otc-chat"
          aria-label={t('otc.order.chat', { name: other.nickname })}
          data-testid="otc-chat"
        >
          <h2>{t('otc.order.chat', { name: other.nickname })}</h2>
          <ChatPanel chatId={order.chatId} />
        </section>
      </div>
    </div>
  );
}

/** Where the fiat goes: the seller's methods, with copy buttons for the buyer; the one the buyer used once paid. */
function Payments({ t, order }: { t: T; order: OtcOrder }) {
  const shown = order.paidWith === null ? order.payments : order.payments.filter((p) => p.id === order.paidWith);
  if (!shown.length) return null;
  return (
    <section className="otc-pay" data-testid="otc-payments">
      <h3>
        {t(
          order.paidWith !== null
            ? 'otc.order.paidWith'
            : order.side === 'buy'
              ? 'otc.order.payTo'
              : 'otc.order.payToYou',
        )}
      </h3>
      {shown.map((p) => (
        <PaymentCard key={p.id} t={t} p={p} copyable={order.side === 'buy'} />
      ))}
    </section>
  );
}

function PaymentCard({ t, p, copyable }: { t: T; p: PaymentMethod; copyable: boolean }) {
  const row = (label: string, value: string | null) =>
    value && (
      <div className="facts__row">
        <dt>{label}</dt>
        <dd>
          {value}
          {copyable && (
            <button
              type="button"
              className="otc-copy"
              onClick={() => void copyText(t, value)}
              aria-label={t('otc.order.copyField', { field: label })}
            >
              {t('common.copy')}
            </button>
          )}
        </dd>
      </div>
    );
  return (
    <div className={`otc-pay__method otc-kind-border--${p.kind}`}>
      <strong>{t(`identity.payment.kind.${p.kind}`)}</strong>
      <dl className="facts otc-facts">
        {row(t('otc.pay.name'), p.name)}
        {row(t('otc.pay.account'), p.account)}
        {row(t('otc.pay.bank'), p.bank)}
        {row(t('otc.pay.branch'), p.branch)}
      </dl>
      {p.qrCode && <ProofImage t={t} id={p.qrCode} label={t('otc.pay.qr')} />}
    </div>
  );
}

/** The appeal: who raised it, why, the proof, and the operator's ruling once made. */
function Appeal({ t, order, date }: { t: T; order: OtcOrder; date: (ms: number | null) => string }) {
  const a = order.appeal;
  if (!a) return null;
  const mine = (a.by === 'buyer') === (order.side === 'buy');
  return (
    <section className="otc-appeal" data-testid="otc-appeal">
      <h3>{t('otc.appeal.title')}</h3>
      <dl className="facts otc-facts">
        <Fact label={t('otc.appeal.by')}>{t(mine ? 'otc.appeal.byYou' : 'otc.appeal.byOther')}</Fact>
        <Fact label={t('otc.appeal.at')}>{date(a.at)}</Fact>
        {a.ruling && (
          <Fact label={t('otc.appeal.ruling')} testId="otc-ruling">
            {t(`otc.appeal.ruling.${a.ruling}`)}
          </Fact>
        )}
        {a.ruledAt !== null && <Fact label={t('otc.appeal.ruledAt')}>{date(a.ruledAt)}</Fact>}
      </dl>
      <p className="otc-appeal__text">
        <span>{t('otc.appeal.reason')}</span>
        {a.reason}
      </p>
      {a.note && (
        <p className="otc-appeal__text">
          <span>{t('otc.appeal.note')}</span>
          {a.note}
        </p>
      )}
      {!a.ruling && <p className="otc-note">{t('otc.appeal.waiting')}</p>}
      {a.proof && <ProofImage t={t} id={a.proof} label={t('otc.appeal.proof')} />}
    </section>
  );
}
