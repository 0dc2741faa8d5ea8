import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView, PerpPosition, StopOrder, TriggerSource } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { ASSET_SCALE, formatAmount } from '../../../isomorphic/format/index.ts';
import { $perpAccounts } from '../../lib/perpetual-assets/accounts.ts';
import { accountOf, adjustMargin, cancelStopOrder, setStopOrder } from '../../lib/perpetual/actions.ts';
import { checkAmount, checkPrice, clean } from '../../../isomorphic/perpetual/math.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitting } from '../ui/use-form.ts';
import { Modal } from './Modal.tsx';
import { problemText } from './problem-text.ts';

/** Adds margin to an isolated position from the contract account, or takes some of it back. */
export function MarginDialog({
  t,
  position: p,
  contract: c,
  onClose,
}: {
  t: T;
  position: PerpPosition;
  contract: ContractView;
  onClose: () => void;
}) {
  const accounts = useStore($perpAccounts).rows;
  const fmt = useStore($assetFormat);
  const [flag, setFlag] = useState<1 | 2>(1);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const available = accountOf(accounts, p.marginAsset)?.availableBalance ?? '0';
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkAmount(amount, ASSET_SCALE, 'margin');
    if (problem) return setError(problemText(t, problem));
    await submitting(setBusy, async () => {
      await adjustMargin(p.id, clean(amount), flag);
      showToast(
        'success',
        t(flag === 1 ? 'perp.margin.added' : 'perp.margin.reduced', { amount: `${clean(amount)} ${p.marginAsset}` }),
      );
      onClose();
    });
  };
  return (
    <Modal
      title={t('perp.margin.title', { contract: `${c.base}${c.quote}`, side: t(`perp.side.${p.side}`) })}
      onClose={onClose}
      testId="perp-margin-dialog"
    >
      <form className="perp-trade-dialog__form" onSubmit={save} noValidate>
        <div className="segmented" role="tablist">
          {([1, 2] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={f === flag}
              className={f === flag ? 'is-active' : ''}
              onClick={() => {
                setFlag(f);
                setError('');
              }}
            >
              {t(f === 1 ? 'perp.margin.add' : 'perp.margin.reduce')}
            </button>
          ))}
        </div>
        <dl className="perp-trade-dialog__facts">
          <div>
            <dt>{t('perp.margin')}</dt>
            <dd>
              {fmt(p.margin, p.marginAsset)} {p.marginAsset}
            </dd>
          </div>
          {flag === 1 && (
            <div>
              <dt>{t('trade.available')}</dt>
              <dd>
                {fmt(available, p.marginAsset)} {p.marginAsset}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('perp.liqPrice')}</dt>
            <dd>{p.liquidationPrice ? formatAmount(p.liquidationPrice, c.priceScale) : '--'}</dd>
          </div>
        </dl>
        <label className="trade-input" htmlFor="perp-margin-amount">
          <span>{t('perp.margin.amount')}</span>
          <input
            id="perp-margin-amount"
            name="amount"
            inputMode="decimal"
            value={amount}
            autoFocus
            onChange={(e) => {
              setError('');
              setAmount(
                e.target.value.trim().startsWith('-')
                  ? e.target.value
                  : filterNumericInput(e.target.value, ASSET_SCALE),
              );
            }}
          />
          <em>{p.marginAsset}</em>
        </label>
        <DialogFooter t={t} error={error} busy={busy} onClose={onClose} />
      </form>
    </Modal>
  );
}

/** The take-profit and stop-loss of a position: set or replace each by its trigger price, or cancel it. */
export function StopDialog({
  t,
  position: p,
  contract: c,
  onClose,
}: {
  t: T;
  position: PerpPosition;
  contract: ContractView;
  onClose: () => void;
}) {
  const [takeProfit, setTakeProfit] = useState(p.takeProfit?.triggerPrice ?? '');
  const [stopLoss, setStopLoss] = useState(p.stopLoss?.triggerPrice ?? '');
  const [triggerBy, setTriggerBy] = useState<TriggerSource>(p.takeProfit?.triggerBy ?? p.stopLoss?.triggerBy ?? 'mark');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const edit = (set: (v: string) => void) => (raw: string) => {
    setError('');
    set(raw.trim().startsWith('-') ? raw : filterNumericInput(raw, c.priceScale));
  };
  const changed = (text: string, current: StopOrder | null) =>
    text.trim() !== '' && (clean(text) !== current?.triggerPrice || triggerBy !== current.triggerBy);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const wanted = (
      [
        ['takeProfit', takeProfit, p.takeProfit],
        ['stopLoss', stopLoss, p.stopLoss],
      ] as const
    ).filter(([, text, current]) => changed(text, current));
    for (const [kind, text] of wanted) {
      const problem = checkPrice(c, text, kind);
      if (problem) return setError(problemText(t, problem));
    }
    if (!wanted.length) return setError(t('perp.tpsl.nothing'));
    await submitting(setBusy, async () => {
      for (const [kind, text] of wanted) {
        await setStopOrder({ symbol: p.symbol, kind, triggerPrice: clean(text), triggerBy });
        showToast('success', t(`perp.tpsl.set.${kind}`, { price: clean(text) }));
      }
      onClose();
    });
  };
  const cancel = async (stop: StopOrder) => {
    await submitting(setBusy, async () => {
      await cancelStopOrder(stop.id);
      showToast('success', t('perp.tpsl.cancelled'));
      if (stop.kind === 'takeProfit') setTakeProfit('');
      else setStopLoss('');
    });
  };
  const row = (kind: 'takeProfit' | 'stopLoss', value: string, set: (v: string) => void, current: StopOrder | null) => (
    <div className="perp-trade-dialog__stop">
      <label className="trade-input" htmlFor={`perp-trade-dialog-${kind}`}>
        <span>{t(`perp.${kind}`)}</span>
        <input
          id={`perp-trade-dialog-${kind}`}
          name={kind}
          inputMode="decimal"
          value={value}
          onChange={(e) => edit(set)(e.target.value)}
        />
        <em>{c.quote}</em>
      </label>
      {current && (
        <button type="button" className="link-button" disabled={busy} onClick={() => void cancel(current)}>
          {t('perp.tpsl.cancel')}
        </button>
      )}
    </div>
  );
  return (
    <Modal
      title={t('perp.tpsl.title', { contract: `${c.base}${c.quote}`, side: t(`perp.side.${p.side}`) })}
      onClose={onClose}
      testId="perp-stop-dialog"
    >
      <form className="perp-trade-dialog__form" onSubmit={save} noValidate>
        <dl className="perp-trade-dialog__facts">
          <div>
            <dt>{t('perp.entryPrice')}</dt>
            <dd>{formatAmount(p.entryPrice, c.priceScale)}</dd>
          </div>
          <div>
            <dt>{t('perp.markPrice')}</dt>
            <dd>{formatAmount(p.markPrice, c.priceScale)}</dd>
          </div>
          <div>
            <dt>{t('perp.liqPrice')}</dt>
            <dd>{p.liquidationPrice ? formatAmount(p.liquidationPrice, c.priceScale) : '--'}</dd>
          </div>
        </dl>
        {row('takeProfit', takeProfit, setTakeProfit, p.takeProfit)}
        {row('stopLoss', stopLoss, setStopLoss, p.stopLoss)}
        <label className="inline-select">
          <span>{t('perp.triggerBy')}</span>
          <select value={triggerBy} onChange={(e) => setTriggerBy(e.target.value as TriggerSource)}>
            <option value="mark">{t('perp.markPrice')}</option>
            <option value="last">{t('trade.lastPrice')}</option>
          </select>
        </label>
        <p className="perp-form__hint">{t('perp.tpsl.hint')}</p>
        <DialogFooter t={t} error={error} busy={busy} onClose={onClose} />
      </form>
    </Modal>
  );
}

/** A dialog's refusal, if any, and its close and confirm buttons. */
function DialogFooter({ t, error, busy, onClose }: { t: T; error: string; busy: boolean; onClose: () => void }) {
  return (
    <>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="btn btn--outline" onClick={onClose}>
          {t('common.close')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('perp.confirm')}
        </button>
      </div>
    </>
  );
}
