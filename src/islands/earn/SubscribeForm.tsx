import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnOrder, EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { $firstAccrual, subscribeTo } from '../../lib/earn/stores.ts';
import { DAY_MS } from '../../../isomorphic/earn/interest.ts';
import { cycleInterest, ordersLeft, stakeMax } from '../../lib/earn/view.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import type { T } from '../../lib/i18n/client.ts';
import { checkAmount, cleanAmount } from '../../lib/margin/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { balancesStore } from '../../lib/wallet/balances.ts';
import { amountProblemText } from '../margin/index.ts';
import { Field } from '../ui/Field.tsx';
import { errorText, redeemRule } from './parts.tsx';

interface Props {
  t: T;
  product: EarnProduct;
  onDone: (order: EarnOrder) => void;
}

/**
 * Subscribes from the spot account. Before the button: the spot balance (Max takes what it, the product's maximum and
 * what is left allow), the limits, the interest of the whole cycle (a flexible product's day), the first day of
 * interest by the server's clock, and the early-redemption rule. The server decides the limits and answers in words.
 */
export function SubscribeForm({ t, product, onDone }: Props) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The spot account (1) and the server's clock; both loaded again after a subscription.
  const spot = useStore(balancesStore(1));
  const accrual = useStore($firstAccrual);
  const failed = spot.status === 'error' ? spot : accrual.status === 'error' ? accrual : null;
  if (failed)
    return (
      <p className="earn-note earn-note--error" role="alert">
        {failed.error.message}
      </p>
    );
  if (spot.status !== 'success' || accrual.status !== 'success')
    return <p className="earn-muted">{t('common.loading')}</p>;
  const facts = {
    available: spot.value.find((c) => c.coin === product.coin)?.available ?? '0',
    beginAt: accrual.value,
  };
  if (!product.open) return <p className="earn-muted">{t('earn.product.closed')}</p>;
  const coin = product.coin;
  const money = (v: string | null) => (v === null ? '--' : `${fmt(v, coin)} ${coin}`);
  const flexible = product.kind === 'flexible';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAmount(amount);
    if (problem) return setError(amountProblemText(t, problem, coin, fmt));
    setBusy(true);
    try {
      const order = await subscribeTo(product.id, cleanAmount(amount));
      setError('');
      setAmount('');
      onDone(order);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="earn-form" onSubmit={(e) => void submit(e)} noValidate data-testid="earn-subscribe-form">
      <Field
        label={t('earn.subscribe.amount', { coin })}
        value={amount}
        onChange={(v) => {
          setAmount(v.replace(/[^\d.]/g, ''));
          setError('');
        }}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${fmt(product.minAmount, coin)} – ${fmt(product.maxAmount, coin)}`}
        error={error}
        hint={t('earn.subscribe.available', { balance: fmt(facts.available, coin), coin })}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            onClick={() => {
              setAmount(stakeMax(facts.available, product));
              setError('');
            }}
          >
            {t('earn.subscribe.max')}
          </button>
        }
      />
      <dl className="earn-summary" data-testid="earn-summary">
        <div>
          <dt>{t('earn.subscribe.limits')}</dt>
          <dd>
            {money(product.minAmount)} – {money(product.maxAmount)}
          </dd>
        </div>
        <div>
          <dt>{flexible ? t('earn.subscribe.daily') : t('earn.subscribe.interest', { days: product.cycleDays })}</dt>
          <dd data-testid="earn-interest">
            {money(cycleInterest(amount, flexible ? { ...product, cycleDays: 1 } : product))}
          </dd>
        </div>
        <div>
          <dt>{t('earn.subscribe.firstDay')}</dt>
          <dd data-testid="earn-first-day">{formatDateTime(facts.beginAt, dates)}</dd>
        </div>
        {!flexible && (
          <div>
            <dt>{t('earn.subscribe.payDay')}</dt>
            <dd>{formatDateTime(facts.beginAt + product.cycleDays * DAY_MS, dates)}</dd>
          </div>
        )}
      </dl>
      <p className="earn-rule">
        <strong>{t('earn.product.redeemRule')}</strong>
        {redeemRule(t, product)}
      </p>
      <p className="earn-muted">{t(flexible ? 'earn.subscribe.termsFlexible' : 'earn.subscribe.terms')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy || ordersLeft(product) === 0}>
        {t('earn.subscribe.submit')}
      </button>
      {ordersLeft(product) === 0 && (
        <p className="earn-note" role="status">
          {t('earn.subscribe.countUsed', { max: product.perUser })}
        </p>
      )}
    </form>
  );
}
