import type { ReactNode } from 'react';
import type { MarginAccountView, MarginRisk } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { levelText, type AmountProblem } from '../../lib/margin/view.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import '../../styles/margin.css';
import { useModal } from '../ui/use-modal.ts';

/** A dialog's amount problem as a sentence; a maximum is shown as the asset's amounts are (`fmt`, $assetFormat). */
export function amountProblemText(
  t: T,
  problem: NonNullable<AmountProblem>,
  coin: string,
  fmt: (value: string, coin: string) => string,
): string {
  if (problem.key === 'tooPrecise') return t('margin.error.tooPrecise', { decimals: problem.decimals });
  if (problem.key === 'overMax') return t('margin.error.overMax', { max: fmt(problem.max, coin), coin });
  return t(`margin.error.${problem.key}`);
}

/** A margin level in its risk colour, with the risk named: "1.28 · Margin call". No level while nothing is owed. */
export function LevelBadge({
  t,
  level,
  risk,
  testId,
}: {
  t: T;
  level: string | null;
  risk: MarginRisk;
  testId?: string;
}) {
  const shown = levelText(level);
  return (
    <span className={`margin-level margin-level--${risk}`} data-risk={risk} data-testid={testId}>
      <strong>{shown ?? t('margin.level.none')}</strong>
      <span className="margin-level__risk">{t(`margin.risk.${risk}`)}</span>
    </span>
  );
}

/** Where the account's rules act, as one line: borrowing stops, margin call, liquidation. */
export function ThresholdNote({ t, account }: { t: T; account: MarginAccountView }) {
  const th = account.thresholds;
  return (
    <p className="margin-note">
      {t('margin.thresholds', {
        borrowLimit: levelText(th.borrowLimit) ?? '',
        marginCall: levelText(th.marginCall) ?? '',
        liquidation: levelText(th.liquidation) ?? '',
      })}
    </p>
  );
}

/**
 * A modal dialog on the native <dialog>, open while mounted; Escape, the ✕ and the backdrop's close go through onClose.
 */
export function MarginDialog({
  t,
  title,
  onClose,
  children,
  testId,
}: {
  t: T;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { titleId, dialog } = useModal(onClose);
  return (
    <dialog {...dialog} className="margin-dialog" data-testid={testId}>
      <header className="margin-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="link-button" onClick={onClose} aria-label={t('margin.close')}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}

/** The account's name: "Cross margin" or "Isolated · BTC/USDT". */
export function accountTitle(t: T, account: Pick<MarginAccountView, 'mode' | 'symbol_name'>): string {
  return account.mode === 'cross'
    ? t('margin.name.cross')
    : t('margin.name.isolatedPair', { pair: account.symbol_name ?? '' });
}

/** A definition row of a summary, its value optionally in a risk colour. */
export function Fact({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd className={tone} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A margin dialog's coin picker and amount, with its Max: a new coin clears the amount; typing keeps digits at
 * `decimals` (8 unless the dialog says; a leading minus stays, so the check can say why it is refused); any edit
 * clears the error.
 */
export function CoinAmountFields(p: {
  t: T;
  coins: string[];
  coin: string;
  onCoin: (coin: string) => void;
  amount: string;
  onAmount: (amount: string) => void;
  error: string;
  onClearError: () => void;
  hint: string | undefined;
  /** What Max fills in; undefined while it is not known (the button is then disabled). */
  max: string | undefined;
  decimals?: number;
}) {
  const { t } = p;
  return (
    <>
      <Select
        label={t('margin.coin')}
        name="coin"
        value={p.coin}
        onChange={(c) => {
          p.onCoin(c);
          p.onAmount('');
          p.onClearError();
        }}
        options={p.coins.map((c) => ({ value: c, label: c }))}
      />
      <Field
        label={t('margin.amount')}
        name="amount"
        inputMode="decimal"
        value={p.amount}
        onChange={(v) => {
          p.onClearError();
          p.onAmount(v.trim().startsWith('-') ? v : filterNumericInput(v, p.decimals ?? 8));
        }}
        error={p.error}
        hint={p.hint}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            disabled={p.max === undefined}
            onClick={() => {
              p.onClearError();
              p.onAmount(p.max ?? '');
            }}
          >
            {t('margin.max')}
          </button>
        }
      />
    </>
  );
}
