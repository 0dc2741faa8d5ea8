import { useState } from 'react';
import type { ContractView, PerpPosition } from '../../../isomorphic/contract/perpetual.ts';
import { overPosition } from '../../../isomorphic/perpetual/close.ts';
import { checkPerpOrder, clean, quantityForPercent } from '../../../isomorphic/perpetual/math.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { closeFromRow } from '../../lib/perpetual/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { problemText } from './problem-text.ts';

const PERCENTS = [25, 50, 75, 100];

/**
 * The position row's close, as Binance's: a price (the last price to start with, else the mark) and a quantity (the
 * whole position, or a share of it), closed at that limit or at market. The order is reduce-only; more than the
 * position is refused here and by the server.
 */
export function CloseCell({ t, position: p, contract: c }: { t: T; position: PerpPosition; contract: ContractView }) {
  const [price, setPrice] = useState(c.last ?? p.markPrice);
  const [quantity, setQuantity] = useState(p.quantity);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const edit = (set: (v: string) => void, decimals: number) => (raw: string) => {
    setError('');
    set(filterNumericInput(raw, decimals));
  };
  const close = async (type: 'limit' | 'market') => {
    const problem = checkPerpOrder(c, { type, price, quantity });
    if (problem) return setError(problemText(t, problem));
    if (overPosition(c.qtyScale, quantity, p.quantity))
      return setError(t('error.perpCloseOverPosition', { max: p.quantity }));
    setError('');
    await submitting(setBusy, async () => {
      const order = await closeFromRow({
        id: p.id,
        type,
        quantity: clean(quantity),
        ...(type === 'limit' ? { price: clean(price) } : {}),
      });
      showToast('success', t('perp.rowClose.placed', { id: order.id }));
    });
  };
  return (
    <div className="perp-close" data-testid="position-close">
      <span className="perp-close__fields">
        <input
          name="closePrice"
          inputMode="decimal"
          aria-label={t('perp.rowClose.price')}
          title={t('perp.rowClose.price')}
          value={price}
          onChange={(e) => edit(setPrice, c.priceScale)(e.target.value)}
        />
        <input
          name="closeQuantity"
          inputMode="decimal"
          aria-label={t('perp.rowClose.qty')}
          title={t('perp.rowClose.qty')}
          value={quantity}
          onChange={(e) => edit(setQuantity, c.qtyScale)(e.target.value)}
        />
      </span>
      <span className="perp-close__percents">
        {PERCENTS.map((n) => (
          <button
            key={n}
            type="button"
            className="link-button"
            onClick={() => {
              setError('');
              setQuantity(quantityForPercent(c, p.quantity, n));
            }}
          >
            {n}%
          </button>
        ))}
      </span>
      <span className="perp-close__actions">
        <button
          type="button"
          className="btn btn--small btn--outline"
          disabled={busy}
          onClick={() => void close('limit')}
        >
          {t('trade.limit')}
        </button>
        <button
          type="button"
          className="btn btn--small btn--outline"
          disabled={busy}
          onClick={() => void close('market')}
        >
          {t('trade.market')}
        </button>
      </span>
      {error && (
        <span className="field__error perp-close__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
