import { useEffect, useState, type ReactNode } from 'react';
import type { ContractView, TriggerSource } from '../../../isomorphic/contract/perpetual.ts';
import { checkPrice, checkQuantity, clean, quantityUnit } from '../../../isomorphic/perpetual/math.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { placeConditionalOrder } from '../../lib/perpetual/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { problemText } from './problem-text.ts';
import { UnitInput } from '../ui/UnitInput.tsx';

type Aim = 'stop' | 'takeProfit';

/**
 * A conditional order with a quantity (Binance's STOP / TAKE_PROFIT, or their _MARKET kinds when the limit is left
 * empty): it holds nothing until the watched price reaches the trigger. A stop fires against the side (a buy when the
 * price rises to it, a sell when it falls), a take-profit with it; a trigger the price has already passed is refused
 * by the server, in the page's language, as a toast.
 */
export function ConditionalFields({ t, contract: c, tabs }: { t: T; contract: ContractView; tabs: ReactNode }) {
  const [aim, setAim] = useState<Aim>('stop');
  const [trigger, setTrigger] = useState('');
  const [limit, setLimit] = useState('');
  const [quantity, setQuantity] = useState('');
  const [by, setBy] = useState<TriggerSource>('mark');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(''), [c.symbol]);
  const edit = (set: (v: string) => void, decimals: number) => (raw: string) => {
    setError('');
    set(filterNumericInput(raw, decimals));
  };

  const submit = async (side: 'buy' | 'sell') => {
    const problem =
      checkPrice(c, trigger, 'triggerPrice') ??
      (limit.trim() ? checkPrice(c, limit) : null) ??
      checkQuantity(c, quantity);
    if (problem) return setError(problemText(t, problem));
    setError('');
    const base = aim === 'stop' ? 'STOP' : 'TAKE_PROFIT';
    await submitting(setBusy, async () => {
      const placed = await placeConditionalOrder({
        symbol: c.symbol,
        side,
        type: limit.trim() ? base : `${base}_MARKET`,
        quantity: clean(quantity),
        stopPrice: clean(trigger),
        ...(limit.trim() ? { price: clean(limit) } : {}),
        triggerBy: by,
        reduceOnly,
      });
      showToast('success', t('perp.cond.placed', { id: placed.id }));
      setTrigger('');
    });
  };

  return (
    <form
      className="perp-form__fields"
      data-testid="perp-conditional-form"
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      {tabs}
      <div className="perp-form__options">
        <label className="inline-select">
          <span>{t('trade.type')}</span>
          <select name="aim" value={aim} onChange={(e) => setAim(e.target.value as Aim)}>
            <option value="stop">{t('perp.cond.aim.stop')}</option>
            <option value="takeProfit">{t('perp.takeProfit')}</option>
          </select>
        </label>
        <label className="inline-select">
          <span>{t('perp.triggerBy')}</span>
          <select name="triggerBy" value={by} onChange={(e) => setBy(e.target.value as TriggerSource)}>
            <option value="mark">{t('perp.markPrice')}</option>
            <option value="last">{t('trade.lastPrice')}</option>
          </select>
        </label>
      </div>
      <UnitInput
        id="perp-cond-trigger"
        name="stopPrice"
        label={t('perp.triggerPrice')}
        value={trigger}
        unit={c.quote}
        onChange={edit(setTrigger, c.priceScale)}
      />
      <UnitInput
        id="perp-cond-limit"
        name="price"
        label={t('perp.cond.limit')}
        value={limit}
        unit={c.quote}
        placeholder={t('perp.cond.atMarket')}
        onChange={edit(setLimit, c.priceScale)}
      />
      <UnitInput
        id="perp-cond-qty"
        name="quantity"
        label={t('perp.quantity')}
        value={quantity}
        unit={quantityUnit(c, t('perp.cont'))}
        onChange={edit(setQuantity, c.qtyScale)}
      />
      <div className="perp-form__options">
        <label className="perp-check">
          <input type="checkbox" checked={reduceOnly} onChange={(e) => setReduceOnly(e.target.checked)} />{' '}
          {t('perp.reduceOnly')}
        </label>
      </div>
      <p className="perp-form__hint">{t('perp.cond.hint')}</p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="perp-form__sides">
        <button type="button" className="btn btn--block btn--buy" disabled={busy} onClick={() => void submit('buy')}>
          {t('perp.buyLong')}
        </button>
        <button type="button" className="btn btn--block btn--sell" disabled={busy} onClick={() => void submit('sell')}>
          {t('perp.sellShort')}
        </button>
      </div>
    </form>
  );
}
