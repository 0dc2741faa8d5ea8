import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import type { MarginAccountView } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { borrow, repay, type MarginTarget } from '../../lib/margin/actions.ts';
import {
  $borrowPreview,
  $noLimits,
  askBorrowPreview,
  borrowLimitsStore,
  clearBorrowPreview,
} from '../../lib/margin/loan-quote.ts';
import {
  checkAmount,
  cleanAmount,
  cutTo,
  levelText,
  lineOf,
  owed,
  ratePercent,
  repayMax,
  riskOfLevel,
} from '../../lib/margin/view.ts';
import { ASSET_SCALE } from '../../../isomorphic/format/asset.ts';
import { $assetDecimals, $assetFormat } from '../../lib/stores/assets.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { amountProblemText, CoinAmountFields, Fact, MarginDialog } from './parts.tsx';

interface Props {
  t: T;
  kind: 'borrow' | 'repay';
  target: MarginTarget;
  /** The account as last loaded (what is owed, the free balances, the thresholds). */
  account: MarginAccountView | undefined;
  /** The coins offered: what the account may borrow, or what it owes. */
  coins: string[];
  initialCoin?: string;
  onClose: () => void;
}

/**
 * Borrow or repay one coin of a margin account. Borrowing shows the most the account may borrow now (Max), the rates
 * and, as the amount is typed, the server's preview: the first hour's interest (charged at once) and the margin
 * level after. Repaying offers what is owed (Max: no more than the coin's free balance) and takes interest first.
 * A refusal of the server stays beside the amount, in the user's language.
 */
export function LoanDialog({ t, kind, target, account, coins, initialCoin, onClose }: Props) {
  const fmt = useStore($assetFormat);
  const decimalsOf = useStore($assetDecimals);
  const [coin, setCoin] = useState(initialCoin && coins.includes(initialCoin) ? initialCoin : (coins[0] ?? ''));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useStore(kind === 'borrow' && coin ? borrowLimitsStore(target, coin) : $noLimits);
  const previewed = useStore($borrowPreview);
  const limits = asked.status === 'success' ? asked.value : null;
  const preview = previewed.status === 'success' ? previewed.value : null;
  const line = lineOf(account, coin);
  // A borrow is named, typed, filled in by Max and reported at the coin's shown decimals, so the hint, the refusal and
  // the toast say one figure; a repay keeps all 8 so what is owed can be cleared to the last unit.
  const decimals = kind === 'borrow' ? decimalsOf(coin) : ASSET_SCALE;
  const max = kind === 'borrow' ? (limits ? cutTo(limits.max, decimals) : undefined) : repayMax(line);
  const money = (v: string) => `${fmt(v, coin)} ${coin}`;

  // A refusal of the limits or of the preview (over the max, the level too low) shows as the amount's error.
  useEffect(() => {
    if (asked.status === 'error') setError(asked.error.message);
  }, [asked]);
  useEffect(() => {
    if (previewed.status === 'error') setError(previewed.error.message);
  }, [previewed]);

  // The preview follows the amount typed; one over the max is refused here, in the figure the hint names.
  useEffect(() => {
    if (kind !== 'borrow') return;
    const problem = checkAmount(amount, max);
    if (problem?.key === 'overMax') setError(amountProblemText(t, problem, coin, fmt));
    else if (problem === null) askBorrowPreview(target, coin, cleanAmount(amount));
    return clearBorrowPreview;
  }, [kind, coin, amount, max, target.mode, target.symbol]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkAmount(amount, max);
    if (problem) return setError(amountProblemText(t, problem, coin, fmt));
    setError('');
    await submitting(setBusy, async () => {
      try {
        const done =
          kind === 'borrow'
            ? await borrow(target, coin, cleanAmount(amount))
            : await repay(target, coin, cleanAmount(amount));
        showToast(
          'success',
          kind === 'borrow'
            ? t('margin.borrow.done', { amount: money(done.amount) })
            : t('margin.repay.done', { interest: money(done.interest), principal: money(done.principal) }),
        );
        onClose();
      } catch (err) {
        setError(failureMessage(err));
        throw err;
      }
    });
  };

  const levelAfter = preview?.levelAfter ?? null;
  const afterRisk = account ? riskOfLevel(levelAfter, account.thresholds) : 'safe';
  return (
    <MarginDialog t={t} title={t(`margin.${kind}.title`)} onClose={onClose} testId={`margin-${kind}-dialog`}>
      <form className="margin-form" onSubmit={submit} noValidate>
        <CoinAmountFields
          t={t}
          coins={coins}
          coin={coin}
          onCoin={setCoin}
          amount={amount}
          onAmount={setAmount}
          error={error}
          onClearError={() => setError('')}
          hint={
            max !== undefined
              ? t(kind === 'borrow' ? 'margin.borrow.max' : 'margin.repay.max', { amount: money(max) })
              : undefined
          }
          max={max}
          decimals={decimals}
        />
        <dl className="facts margin-facts">
          {kind === 'borrow' && limits && (
            <>
              <Fact label={t('margin.dailyRate')} value={`${ratePercent(limits.dailyRate)}%`} />
              <Fact label={t('margin.hourlyRate')} value={`${ratePercent(limits.hourlyRate)}%`} />
              <Fact label={t('margin.pool')} value={money(limits.pool)} />
            </>
          )}
          <Fact label={t('margin.borrowed')} value={money(line?.borrowed ?? limits?.borrowed ?? '0')} />
          <Fact label={t('margin.interest')} value={money(line?.interest ?? limits?.interest ?? '0')} />
          {kind === 'repay' && <Fact label={t('margin.owed')} value={money(owed(line))} testId="margin-owed" />}
          {preview && (
            <>
              <Fact
                label={t('margin.borrow.firstHour')}
                value={money(preview.firstHourInterest)}
                testId="margin-first-hour"
              />
              <Fact label={t('margin.borrow.hourly')} value={money(preview.hourlyInterest)} />
              <Fact
                label={t('margin.borrow.levelAfter')}
                value={levelText(levelAfter) ?? t('margin.level.none')}
                tone={`margin-risk--${afterRisk}`}
                testId="margin-level-after"
              />
            </>
          )}
        </dl>
        <p className="margin-note">{t(kind === 'borrow' ? 'margin.borrow.note' : 'margin.repay.note')}</p>
        <div className="margin-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('margin.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy || !coin}>
            {t(`margin.${kind}.confirm`)}
          </button>
        </div>
      </form>
    </MarginDialog>
  );
}
