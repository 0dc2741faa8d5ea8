import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { subscribeTo } from '../../lib/earn/stores.ts';
import { cycleInterest, stakeMax } from '../../lib/earn/view.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { checkAmount, cleanAmount } from '../../lib/margin/view.ts';
import { href } from '../../lib/navigation.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { amountProblemText } from '../margin/index.ts';
import { Field } from '../ui/Field.tsx';

interface Props {
  t: T;
  pool: EarnProduct;
  /** The user's spot balance of the pool's coin. */
  available: string;
  linked: boolean;
}

/**
 * Stakes spot balance into the pool at its posted rate, with the whole cycle's interest shown before sending. Without
 * a linked wallet it says so and leads to the link; the server decides the limits and answers in words.
 */
export function StakeForm({ t, pool, available, linked }: Props) {
  const fmt = useStore($assetFormat);
  const dates = useStore($dateOptions);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  if (!pool.open) return <p className="defi-muted">{t('defi.pool.closed')}</p>;
  if (!linked) {
    return (
      <p className="defi-note" data-testid="defi-need-link">
        {t('defi.stake.needLink')}{' '}
        <a className="btn btn--primary" href={href('/defis/index')}>
          {t('defi.stake.linkNow')}
        </a>
      </p>
    );
  }
  const interest = cycleInterest(amount, pool);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const problem = checkAmount(amount);
    if (problem) return setError(amountProblemText(t, problem, pool.coin, fmt));
    setBusy(true);
    try {
      const order = await subscribeTo(pool.id, cleanAmount(amount));
      setError('');
      setAmount('');
      setDone(
        t('defi.stake.done', {
          amount: fmt(order.amount, order.coin),
          coin: order.coin,
          date: formatDateTime(order.beginAt, dates),
        }),
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="defi-stake" onSubmit={(e) => void submit(e)} noValidate data-testid="defi-stake-form">
      <Field
        label={t('defi.stake.amount', { coin: pool.coin })}
        value={amount}
        onChange={(v) => {
          setAmount(filterNumericInput(v, 8));
          setError('');
        }}
        inputMode="decimal"
        autoComplete="off"
        placeholder={`${fmt(pool.minAmount, pool.coin)} – ${fmt(pool.maxAmount, pool.coin)}`}
        error={error}
        hint={t('defi.stake.available', { balance: fmt(available, pool.coin), coin: pool.coin })}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            onClick={() => setAmount(stakeMax(available, pool))}
          >
            {t('defi.stake.max')}
          </button>
        }
      />
      <p className="defi-muted" data-testid="defi-stake-interest">
        {t('defi.stake.interest', {
          amount: interest === null ? '--' : fmt(interest, pool.coin),
          coin: pool.coin,
          days: pool.cycleDays,
        })}
      </p>
      <p className="defi-muted">{t('defi.stake.terms')}</p>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {t('defi.stake.submit')}
      </button>
      {done && (
        <p className="defi-note defi-note--ok" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
