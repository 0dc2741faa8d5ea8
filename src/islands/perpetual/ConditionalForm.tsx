import { useEffect, useState, type ReactNode } from 'react';
import type { ContractView, TriggerSource } from '../../../isomorphic/contract/perpetual.ts';
import { checkPrice, checkQuantity, clean, quantityUnit } from '../../../isomorphic/perpetual/math.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { placeConditionalOrder } from '../../lib/perpetual/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { problemText } from './problem-text.ts';

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
      <label className="trade-input" htmlFor="perp-cond-trigger">
        <span>{t('perp.triggerPrice')}</span>
        <input
          id="perp-cond-trigger"
          name="stopPrice"
          inputMode="decimal"
          value={trigger}
          onChange={(e) => edit(setTrigger, c.priceScale)(e.target.value)}
        />
        <em>{c.quote}</em>
      </label>
      <label className="trade-input" htmlFor="perp-cond-limit">
        <span>{t('perp.cond.limit')}</span>
        <input
          id="perp-cond-limit"
          name="price"
          inputMode="decimal"
          value={limit}
          placeholder={t('perp.cond.atMarket')}
          onChange={(e) => edit(setLimit, c.priceScale)(e.target.value)}
        />
        <em>{c.quote}</em>
      </label>
      <label className="trade-input" htmlFor="perp-cond-qty">
        <span>{t('perp.quantity')}</span>
        <input
          id="perp-cond-qty"
          name="quantity"
          inputMode="decimal"
          value={quantity}
          onChange={(e) => edit(setQuantity, c.qtyScale)(e.target.value)}
        />
        <em>{quantityUnit(c, t('perp.cont'))}</em>
      </label>
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
