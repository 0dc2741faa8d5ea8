import { useEffect, useState, type ReactNode } from 'react';
import type { ContractView, TriggerSource } from '../../../isomorphic/contract/perpetual.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { callbackRateOk, overPosition } from '../../../isomorphic/perpetual/close.ts';
import {
  checkPrice,
  checkQuantity,
  clean,
  quantityForPercent,
  quantityUnit,
} from '../../../isomorphic/perpetual/math.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $positions, placeTrailingStop } from '../../lib/perpetual/actions.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { problemText } from './problem-text.ts';
import { UnitInput } from '../ui/UnitInput.tsx';

export type FormKind = 'limit' | 'market' | 'conditional' | 'trailing';
const PERCENTS = [25, 50, 75, 100];
/** Callback rates one click away, as Binance's form offers. */
const RATES = ['0.5', '1', '2', '3'];

/** The order form's kinds: limit, market, a conditional order (stop or take-profit), trailing stop. */
export function KindTabs({ t, value, onPick }: { t: T; value: FormKind; onPick: (k: FormKind) => void }) {
  return (
    <div className="segmented" role="tablist">
      {(['limit', 'market', 'conditional', 'trailing'] as const).map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          aria-selected={k === value}
          className={k === value ? 'is-active' : ''}
          onClick={() => onPick(k)}
        >
          {k === 'trailing' ? t('perp.trail.tab') : k === 'conditional' ? t('perp.cond.tab') : t(`trade.${k}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * A trailing stop on the user's position in this contract: the callback rate, an optional activation price, the
 * quantity (the whole position to start with) and whether it watches the mark or the last price. It closes only:
 * the side is the one that reduces the position, and without a position there is nothing to place.
 */
export function TrailingFields({ t, contract: c, tabs }: { t: T; contract: ContractView; tabs: ReactNode }) {
  const position = useStore($positions).find((p) => p.symbol === c.symbol);
  const [callback, setCallback] = useState('1');
  const [activation, setActivation] = useState('');
  const [quantity, setQuantity] = useState('');
  const [by, setBy] = useState<TriggerSource>('mark');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const unit = quantityUnit(c, t('perp.cont'));
  useEffect(() => {
    setQuantity(position?.quantity ?? '');
    setError('');
  }, [c.symbol, position?.quantity]);
  const edit = (set: (v: string) => void, decimals: number) => (raw: string) => {
    setError('');
    set(filterNumericInput(raw, decimals));
  };

  const submit = async () => {
    if (!position) return;
    if (!callbackRateOk(callback)) return setError(t('error.perpTrailingCallbackRange'));
    const problem =
      (activation.trim() ? checkPrice(c, activation, 'triggerPrice') : null) ?? checkQuantity(c, quantity);
    if (problem) return setError(problemText(t, problem));
    if (overPosition(c.qtyScale, quantity, position.quantity))
      return setError(t('error.perpCloseOverPosition', { max: position.quantity }));
    setError('');
    await submitting(setBusy, async () => {
      const stop = await placeTrailingStop({
        symbol: c.symbol,
        side: position.side === 'long' ? 'sell' : 'buy',
        quantity: clean(quantity),
        callbackRate: clean(callback),
        ...(activation.trim() ? { activationPrice: clean(activation) } : {}),
        triggerBy: by,
      });
      showToast('success', t('perp.trail.placed', { id: stop.id }));
      setActivation('');
    });
  };

  return (
    <form
      className="perp-form__fields"
      data-testid="perp-trailing-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      {tabs}
      {position ? (
        <p className="side-form__available" data-testid="perp-trailing-closes">
          {t(position.side === 'long' ? 'perp.trail.closesLong' : 'perp.trail.closesShort')}:{' '}
          <strong>
            {formatAmount(position.quantity, c.qtyScale)} {unit}
          </strong>
        </p>
      ) : (
        <p className="muted">{t('perp.trail.noPosition')}</p>
      )}
      <label className="trade-input" htmlFor="perp-callback">
        <span>{t('perp.trail.callback')}</span>
        <input
          id="perp-callback"
          name="callbackRate"
          inputMode="decimal"
          value={callback}
          onChange={(e) => edit(setCallback, 1)(e.target.value)}
        />
        <em>%</em>
      </label>
      <div className="percent-row">
        {RATES.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => {
              setError('');
              setCallback(r);
            }}
          >
            {r}%
          </button>
        ))}
      </div>
      <UnitInput
        id="perp-activation"
        name="activationPrice"
        label={t('perp.trail.activation')}
        value={activation}
        unit={c.quote}
        placeholder={t('perp.trail.optional')}
        onChange={edit(setActivation, c.priceScale)}
      />
      <UnitInput
        id="perp-trail-qty"
        name="quantity"
        label={t('perp.quantity')}
        value={quantity}
        unit={unit}
        onChange={edit(setQuantity, c.qtyScale)}
      />
      <div className="percent-row">
        {PERCENTS.map((n) => (
          <button
            key={n}
            type="button"
            disabled={!position}
            onClick={() => {
              setError('');
              if (position) setQuantity(quantityForPercent(c, position.quantity, n));
            }}
          >
            {n}%
          </button>
        ))}
      </div>
      <div className="perp-form__options">
        <label className="inline-select">
          <span>{t('perp.triggerBy')}</span>
          <select name="triggerBy" value={by} onChange={(e) => setBy(e.target.value as TriggerSource)}>
            <option value="mark">{t('perp.markPrice')}</option>
            <option value="last">{t('trade.lastPrice')}</option>
          </select>
        </label>
      </div>
      <p className="perp-form__hint">{t('perp.trail.hint')}</p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={`btn btn--block ${position?.side === 'short' ? 'btn--buy' : 'btn--sell'}`}
        disabled={busy || !position}
      >
        {t('perp.trail.place')}
      </button>
    </form>
  );
}
