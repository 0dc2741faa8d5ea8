import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import type { MarginAccountView } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { transferMargin, type MarginTarget } from '../../lib/margin/actions.ts';
import { checkAmount, cleanAmount, levelText, lineOf } from '../../lib/margin/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $balances } from '../../lib/spot/actions.ts';
import { submitting } from '../ui/use-form.ts';
import { amountProblemText, CoinAmountFields, MarginDialog } from './parts.tsx';

interface Props {
  t: T;
  target: MarginTarget;
  account: MarginAccountView | undefined;
  /** The coins the account takes as collateral (an isolated account: its pair's two). */
  coins: string[];
  initialCoin?: string;
  initialDirection?: 'in' | 'out';
  onClose: () => void;
}

/**
 * Moves a coin between the spot account and a margin account. In, the most is the spot balance; out, what may leave
 * while the margin level stays above 2 (the account's maxTransferOut), which the server checks again.
 */
export function MarginTransferDialog({
  t,
  target,
  account,
  coins,
  initialCoin,
  initialDirection = 'in',
  onClose,
}: Props) {
  const fmt = useStore($assetFormat);
  const [direction, setDirection] = useState(initialDirection);
  const [coin, setCoin] = useState(initialCoin && coins.includes(initialCoin) ? initialCoin : (coins[0] ?? ''));
  const [amount, setAmount] = useState('');
  // The spot account's coins, loaded when the dialog opens and kept by the private feed's pushes.
  const spot = useStore($balances);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const max =
    direction === 'in'
      ? (spot.find((r) => r.coin === coin)?.available ?? '0')
      : (lineOf(account, coin)?.maxTransferOut ?? '0');
  const shortMax = max.includes('.') ? max.replace(/\.?0+$/, '') : max;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAmount(amount, max);
    if (problem) return setError(amountProblemText(t, problem, coin, fmt));
    setError('');
    await submitting(setBusy, async () => {
      try {
        await transferMargin(target, coin, cleanAmount(amount), direction);
        showToast('success', t('margin.transfer.done'));
        onClose();
      } catch (err) {
        setError(failureMessage(err));
        throw err;
      }
    });
  };

  const spotName = t('margin.spotAccount');
  const marginName =
    target.mode === 'cross'
      ? t('margin.name.cross')
      : t('margin.name.isolatedPair', { pair: account?.symbol_name ?? target.symbol?.toUpperCase() ?? '' });
  return (
    <MarginDialog t={t} title={t('margin.transfer.title')} onClose={onClose} testId="margin-transfer-dialog">
      <form className="margin-form" onSubmit={submit} noValidate>
        <div className="segmented" role="tablist">
          {(['in', 'out'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="tab"
              aria-selected={d === direction}
              className={d === direction ? 'is-active' : ''}
              onClick={() => {
                setDirection(d);
                setError('');
              }}
            >
              {t(`margin.transfer.${d}`)}
            </button>
          ))}
        </div>
        <p className="margin-route">
          <span>{direction === 'in' ? spotName : marginName}</span> →{' '}
          <span>{direction === 'in' ? marginName : spotName}</span>
        </p>
        <CoinAmountFields
          t={t}
          coins={coins}
          coin={coin}
          onCoin={setCoin}
          amount={amount}
          onAmount={setAmount}
          error={error}
          onClearError={() => setError('')}
          hint={t(direction === 'in' ? 'margin.transfer.maxIn' : 'margin.transfer.maxOut', {
            amount: `${fmt(max, coin)} ${coin}`,
          })}
          max={shortMax}
        />
        {direction === 'out' && account && (
          <p className="margin-note">
            {t('margin.transfer.outNote', { level: levelText(account.thresholds.transferOut) ?? '' })}
          </p>
        )}
        <div className="margin-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('margin.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy || !coin}>
            {t('margin.transfer.confirm')}
          </button>
        </div>
      </form>
    </MarginDialog>
  );
}
