import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Direction, SecondsPeriod } from '../../../isomorphic/contract/seconds.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { formatUnits } from '../../../isomorphic/money/units.ts';
import { filterNumericInput, typedNumber } from '../../../isomorphic/validate/index.ts';
import { $contractBalances, openSecondsOrder } from '../../lib/seconds/actions.ts';
import { stakeNeedsConfirm } from '../../lib/seconds/stake-check.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { submitting } from '../ui/use-form.ts';

interface Props {
  t: T;
  market: MarketEntry;
  periods: SecondsPeriod[];
  locale: Locale;
}

/** The most digits a stake may have: 12 whole units is far above any period's maximum. */
const STAKE_DIGITS = 12;

const percent = (bps: number) => `${(bps / 100).toFixed(bps % 100 ? 2 : 0)}%`;

/** What the form refuses before asking the server: an empty stake, or one outside the period's limits. */
export function stakeProblem(t: T, amount: string, p: SecondsPeriod): string {
  if (!amount) return t('seconds.error.amountRequired');
  const n = BigInt(amount);
  if (n < BigInt(p.minStake) || n > BigInt(p.maxStake))
    return t('error.secondsStakeRange', { min: p.minStake, max: p.maxStake, coin: p.coin });
  return '';
}

/**
 * The second-contract order form: a period with its profit rate, a whole-number stake from the contract account,
 * and an up and a down button. A click sends a fresh client key, so a double click opens one order; a large stake
 * (stakeNeedsConfirm) is asked about first.
 */
export function SecondsForm({ t, market, periods, locale }: Props) {
  const isLogin = useStore($isLogin);
  const balances = useStore($contractBalances);
  const fmt = useStore($assetFormat);
  const [periodId, setPeriodId] = useState<number>(0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Direction | null>(null);
  const period = periods.find((p) => p.id === periodId) ?? periods[0];
  useEffect(() => {
    setPeriodId(periods[0]?.id ?? 0);
    setError('');
  }, [market.symbol, periods.length]);

  if (!period)
    return (
      <section className="seconds-form">
        <p className="muted">{t('seconds.noPeriods')}</p>
      </section>
    );
  const coin = period.coin;
  const available = balances.find((b) => b.coin === coin)?.available ?? '0';
  // The field may end in the point typed ("10."): the stake is the whole units before it.
  const stake = typedNumber(amount);
  // Stakes are whole units, so a win is exact to 1/10,000 of a unit: shown by the asset's own rule.
  const win = stake ? fmt(formatUnits(BigInt(stake) * BigInt(period.profitBps), 4), coin) : '--';

  const open = (direction: Direction) => {
    const problem = stakeProblem(t, stake, period);
    if (problem) return setError(problem);
    setError('');
    if (stakeNeedsConfirm(stake, period.minStake, available)) setAsking(direction);
    else void place(direction);
  };

  const place = async (direction: Direction) => {
    setAsking(null);
    await submitting(setBusy, async () => {
      const order = await openSecondsOrder({
        symbol: market.symbol,
        periodId: period.id,
        direction,
        amount: stake,
        clientKey: crypto.randomUUID(),
      });
      showToast('success', t('seconds.opened', { id: order.id }));
      setAmount('');
    });
  };

  return (
    <section className="seconds-form" aria-label={t('seconds.title')}>
      <h2 className="seconds-form__title">{t('seconds.period')}</h2>
      <div className="seconds-periods" role="radiogroup" aria-label={t('seconds.period')}>
        {periods.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.id === period.id}
            className={p.id === period.id ? 'is-active' : ''}
            onClick={() => {
              setPeriodId(p.id);
              setError('');
            }}
          >
            <strong>{t('seconds.duration', { seconds: p.seconds })}</strong>
            <span>{t('seconds.profitRate', { rate: percent(p.profitBps) })}</span>
          </button>
        ))}
      </div>
      {isLogin ? (
        <form onSubmit={(e) => e.preventDefault()} noValidate>
          <p className="side-form__available">
            {t('trade.available')}: <strong data-testid="seconds-available">{fmt(available, coin)}</strong> {coin}{' '}
            <a href={href('/assets/index?key=transfer', locale)}>{t('seconds.transfer')}</a>
          </p>
          <label className="trade-input" htmlFor="seconds-amount">
            <span>{t('seconds.amount')}</span>
            <input
              id="seconds-amount"
              name="amount"
              inputMode="numeric"
              value={amount}
              placeholder={t('seconds.limits', { min: period.minStake, max: period.maxStake })}
              onChange={(e) => {
                setError('');
                const typed = filterNumericInput(e.target.value, 0);
                if (typedNumber(typed).length <= STAKE_DIGITS) setAmount(typed);
              }}
              onBlur={() => setAmount(typedNumber)}
            />
            <em>{coin}</em>
          </label>
          <p className="seconds-form__hint">{t('seconds.integerOnly')}</p>
          <dl className="seconds-form__terms">
            <div>
              <dt>{t('seconds.expectedWin')}</dt>
              <dd data-testid="seconds-win">
                {win} {coin}
              </dd>
            </div>
            <div>
              <dt>{t('seconds.lossRate')}</dt>
              <dd>{percent(period.lossBps)}</dd>
            </div>
          </dl>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <div className="seconds-form__buttons">
            <button type="button" className="btn btn--buy" disabled={busy} onClick={() => open('up')}>
              {t('seconds.up')}
            </button>
            <button type="button" className="btn btn--sell" disabled={busy} onClick={() => open('down')}>
              {t('seconds.down')}
            </button>
          </div>
          <ConfirmDialog
            open={asking !== null}
            title={t('seconds.confirm.title')}
            body={t('seconds.confirm.body', {
              amount: fmt(stake || '0', coin),
              coin,
              direction: t(`seconds.${asking ?? 'up'}`),
              duration: t('seconds.duration', { seconds: period.seconds }),
              lossRate: percent(period.lossBps),
            })}
            confirmLabel={t('seconds.confirm.ok', { amount: fmt(stake || '0', coin), coin })}
            cancelLabel={t('seconds.confirm.cancel')}
            onConfirm={() => asking && void place(asking)}
            onCancel={() => setAsking(null)}
          />
        </form>
      ) : (
        <p className="order-form__login">
          <a
            className="btn btn--primary"
            href={href(
              `/user/login?redirect=${encodeURIComponent(href(`/trade/index?type=sec&symbol=${market.symbol}`, locale))}`,
              locale,
            )}
          >
            {t('header.login')}
          </a>
          <a className="btn btn--outline" href={href('/user/register', locale)}>
            {t('header.register')}
          </a>
        </p>
      )}
      <p className="seconds-form__rule">
        {t('seconds.ruleShort')} <a href={href('/rule/index#second-contract', locale)}>{t('seconds.rules')}</a>
      </p>
    </section>
  );
}
