import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type {
  ContractKindName,
  ContractView,
  MarginMode,
  PerpOrderBody,
} from '../../../isomorphic/contract/perpetual.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $perpAccounts } from '../../lib/perpetual-assets/accounts.ts';
import {
  $leverageSettings,
  accountOf,
  setStopOrder,
  submitPerpOrder,
  updateLeverage,
} from '../../lib/perpetual/actions.ts';
import {
  $orderPreview,
  askOrderPreview,
  clearOrderPreview,
  stopOrderPreview,
} from '../../lib/perpetual/order-preview.ts';
import {
  checkPerpOrder,
  checkPrice,
  checkQuantity,
  checkStops,
  clean,
  parseLeverage,
  quantityForPercent,
  quantityUnit,
  smallestQuantity,
} from '../../../isomorphic/perpetual/math.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput, typedNumber } from '../../../isomorphic/validate/index.ts';
import { submitting } from '../ui/use-form.ts';
import { $pickedPrice } from '../../lib/spot/picked-price.ts';
import { problemText } from './problem-text.ts';
import { KindTabs, TrailingFields, type FormKind } from './TrailingForm.tsx';
import { ConditionalFields } from './ConditionalForm.tsx';
import { UnitInput } from '../ui/UnitInput.tsx';

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market';
const TIFS = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
const PERCENTS = [25, 50, 75, 100];

/**
 * The contract's order form: limit, market or trailing stop (TrailingForm.tsx), price and quantity on the contract's
 * tick and lot, the leverage (slider and field, applied with updateLeverage) and margin mode of the contract,
 * reduce-only and time in force, an optional take-profit and stop-loss set once the order has filled, and the cost and
 * largest size of a long and a short from orderPreview as the user types. Logged out, a login prompt instead.
 */
export function PerpOrderForm({
  t,
  contract: c,
  locale,
  fullKind,
}: {
  t: T;
  contract: ContractView;
  locale: Locale;
  fullKind?: ContractKindName;
}) {
  const isLogin = useStore($isLogin);
  const [kind, setKind] = useState<FormKind>('limit');
  const tabs = <KindTabs t={t} value={kind} onPick={setKind} />;
  const back = fullKind ? `/exchange/full-contract/${fullKind}` : `/trade/index?type=usta&symbol=${c.symbol}`;
  return (
    <section className="order-form perp-form" aria-label={t('perp.placeOrder')}>
      {isLogin ? <LeverageBar t={t} contract={c} /> : null}
      {isLogin ? (
        kind === 'trailing' ? (
          <TrailingFields t={t} contract={c} tabs={tabs} />
        ) : kind === 'conditional' ? (
          <ConditionalFields t={t} contract={c} tabs={tabs} />
        ) : (
          <OrderFields t={t} contract={c} locale={locale} kind={kind} tabs={tabs} />
        )
      ) : (
        <div className="order-form__login perp-form__login" data-testid="perp-login">
          <p>{t('perp.loginToTrade')}</p>
          <a
            className="btn btn--primary"
            href={href(`/user/login?redirect=${encodeURIComponent(href(back, locale))}`, locale)}
          >
            {t('header.login')}
          </a>
          <a className="btn btn--outline" href={href('/user/register', locale)}>
            {t('header.register')}
          </a>
        </div>
      )}
      <p className="perp-form__hint perp-form__rules">
        <a href={href('/rule/index#u-contract', locale)}>{t('perp.rules')}</a>
      </p>
    </section>
  );
}

/** Margin mode and leverage of the contract for the next orders: changed on the server, which may refuse. */
function LeverageBar({ t, contract: c }: { t: T; contract: ContractView }) {
  const settings = useStore($leverageSettings);
  const setting = settings.find((s) => s.symbol === c.symbol);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setText(setting ? String(setting.leverage) : '');
    setError('');
  }, [setting?.leverage, c.symbol]);

  const apply = async (leverage: number, mode: MarginMode) => {
    setError('');
    await submitting(setBusy, async () => {
      const saved = await updateLeverage(c.symbol, leverage, mode);
      showToast(
        'success',
        t('perp.leverageSaved', { leverage: saved.leverage, mode: t(`perp.mode.${saved.marginMode}`) }),
      );
    });
  };
  const submitLeverage = (e: React.FormEvent) => {
    e.preventDefault();
    const n = parseLeverage(text, c.maxLeverage);
    if (n === null) return setError(t('perp.error.leverage', { max: c.maxLeverage }));
    if (setting) void apply(n, setting.marginMode);
  };
  if (!setting)
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const changed = text !== String(setting.leverage);
  const slider = parseLeverage(text, c.maxLeverage) ?? setting.leverage;
  return (
    <div className="perp-leverage">
      <div className="segmented perp-mode" role="radiogroup" aria-label={t('perp.marginMode')}>
        {(['cross', 'isolated'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === setting.marginMode}
            className={m === setting.marginMode ? 'is-active' : ''}
            disabled={busy}
            onClick={() => m !== setting.marginMode && void apply(setting.leverage, m)}
          >
            {t(`perp.mode.${m}`)}
          </button>
        ))}
      </div>
      <form className="perp-leverage__row" onSubmit={submitLeverage} noValidate>
        <label className="perp-leverage__label" htmlFor="perp-leverage">
          {t('perp.leverage')}
        </label>
        <span className="perp-leverage__field">
          <input
            id="perp-leverage"
            name="leverage"
            inputMode="numeric"
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setError('');
              setText(e.target.value.replace(/[^\d]/g, '').slice(0, 3));
            }}
          />
          <em>×</em>
        </span>
        <input
          type="range"
          min={1}
          max={c.maxLeverage}
          step={1}
          value={slider}
          aria-label={t('perp.leverage')}
          onChange={(e) => {
            setError('');
            setText(e.target.value);
          }}
        />
        <button type="submit" className="btn btn--small btn--outline" disabled={busy || !changed}>
          {t('perp.apply')}
        </button>
      </form>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <p className="perp-leverage__note">
        {t('perp.maxNotional', {
          amount: formatAmount(setting.maxNotional, 0, { grouping: true }),
          coin: c.marginAsset,
        })}
      </p>
    </div>
  );
}

function OrderFields({
  t,
  contract: c,
  locale,
  kind,
  tabs,
}: {
  t: T;
  contract: ContractView;
  locale: Locale;
  kind: Kind;
  tabs: React.ReactNode;
}) {
  const accounts = useStore($perpAccounts).rows;
  const settings = useStore($leverageSettings);
  const picked = useStore($pickedPrice);
  const fmt = useStore($assetFormat);
  const setting = settings.find((s) => s.symbol === c.symbol);
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [tif, setTif] = useState<(typeof TIFS)[number]>('GTC');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [withStops, setWithStops] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const preview = useStore($orderPreview);
  const unit = quantityUnit(c, t('perp.cont'));
  const account = accountOf(accounts, c.marginAsset);
  const available = account?.availableBalance ?? preview.buy?.available ?? null;

  useEffect(() => {
    if (picked) setPrice(picked);
  }, [picked]);
  useEffect(() => setError(''), [kind]);
  useEffect(() => {
    setPrice(c.last ?? c.mark ?? '');
    setQuantity('');
    setTakeProfit('');
    setStopLoss('');
    setError('');
  }, [c.symbol]);

  // Cost and largest size of both sides, asked again a moment after the user stops typing.
  useEffect(() => {
    const priceOk = kind === 'limit' && checkPrice(c, price) === null;
    const qtyOk = checkQuantity(c, quantity) === null;
    const body = (side: Side) => ({
      symbol: c.symbol,
      side,
      type: kind,
      ...(priceOk ? { price: clean(price) } : {}),
      ...(qtyOk ? { quantity: clean(quantity) } : {}),
    });
    askOrderPreview(body);
    return stopOrderPreview;
  }, [c.symbol, kind, price, quantity, setting?.leverage, setting?.marginMode, account?.availableBalance]);
  // The figures belong to this form: the next one starts without them.
  useEffect(() => clearOrderPreview, []);

  const edit = (set: (v: string) => void, decimals: number) => (raw: string) => {
    setError('');
    set(raw.trim().startsWith('-') ? raw : filterNumericInput(raw, decimals));
  };
  const setPercent = (pct: number) => {
    // The share of the smaller of the two largest sizes, so either button can place it.
    const smaller = smallestQuantity([preview.buy?.maxQty, preview.sell?.maxQty], c.qtyScale);
    if (smaller === null) return;
    setError('');
    setQuantity(quantityForPercent(c, smaller, pct));
  };

  const submit = async (side: Side) => {
    const problem =
      checkPerpOrder(c, { type: kind, price, quantity }) ?? (withStops ? checkStops(c, takeProfit, stopLoss) : null);
    if (problem) return setError(problemText(t, problem));
    setError('');
    await submitting(setBusy, async () => {
      const body: PerpOrderBody = {
        symbol: c.symbol,
        side,
        type: kind,
        quantity: clean(quantity),
        reduceOnly,
        ...(kind === 'limit' ? { price: clean(price), timeInForce: tif } : {}),
      };
      const order = await submitPerpOrder(body);
      const filled = /[1-9]/.test(order.filledQty);
      showToast(
        'success',
        t(order.status === 'filled' ? 'perp.orderFilled' : filled ? 'perp.orderPartial' : 'perp.orderPlaced', {
          id: order.id,
        }),
      );
      setQuantity('');
      const stops = withStops
        ? (
            [
              ['takeProfit', takeProfit],
              ['stopLoss', stopLoss],
            ] as const
          ).filter(([, v]) => v.trim())
        : [];
      if (stops.length && !filled) {
        showToast('error', t('perp.tpsl.notFilled'));
        return;
      }
      for (const [stopKind, trigger] of stops) {
        await setStopOrder({ symbol: c.symbol, kind: stopKind, triggerPrice: clean(trigger), triggerBy: 'mark' });
        showToast('success', t(`perp.tpsl.set.${stopKind}`, { price: clean(trigger) }));
      }
      setTakeProfit('');
      setStopLoss('');
    });
  };

  const previewLine = (side: Side) => {
    const p = preview[side];
    return (
      <dl className="perp-form__preview" data-testid={`perp-preview-${side}`}>
        <div>
          <dt>{t('perp.cost')}</dt>
          <dd data-testid={`perp-cost-${side}`}>{p ? `${fmt(p.cost, c.marginAsset)} ${c.marginAsset}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('perp.max')}</dt>
          <dd data-testid={`perp-max-${side}`}>{p ? `${formatAmount(p.maxQty, c.qtyScale)} ${unit}` : '--'}</dd>
        </div>
      </dl>
    );
  };

  return (
    <form className="perp-form__fields" onSubmit={(e) => e.preventDefault()} noValidate>
      {tabs}
      <p className="side-form__available">
        {t('trade.available')}:{' '}
        <strong data-testid="perp-available">{available === null ? '--' : fmt(available, c.marginAsset)}</strong>{' '}
        {c.marginAsset} <a href={href('/assets/index?key=transfer', locale)}>{t('perp.transfer')}</a>
      </p>
      {kind === 'limit' ? (
        <UnitInput
          id="perp-price"
          name="price"
          label={t('trade.price')}
          value={price}
          unit={c.quote}
          onChange={edit(setPrice, c.priceScale)}
        />
      ) : (
        <p className="trade-input trade-input--static">
          <span>{t('trade.price')}</span>
          <strong>{t('trade.marketPrice')}</strong>
        </p>
      )}
      <UnitInput
        id="perp-qty"
        name="quantity"
        label={t('perp.quantity')}
        value={quantity}
        unit={unit}
        onChange={edit(setQuantity, c.qtyScale)}
        onBlur={() => setQuantity(typedNumber)}
      />
      {c.kind === 'coin' && (
        <p className="perp-form__hint">{t('perp.contractSize', { size: c.contractSize, quote: c.quote })}</p>
      )}
      <div className="percent-row">
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => setPercent(p)}>
            {p}%
          </button>
        ))}
      </div>
      <div className="perp-form__options">
        <label className="perp-check">
          <input type="checkbox" checked={reduceOnly} onChange={(e) => setReduceOnly(e.target.checked)} />{' '}
          {t('perp.reduceOnly')}
        </label>
        <label className="perp-check">
          <input
            type="checkbox"
            checked={withStops}
            onChange={(e) => {
              setWithStops(e.target.checked);
              setError('');
            }}
          />{' '}
          {t('perp.tpsl')}
        </label>
        {kind === 'limit' && (
          <label className="inline-select">
            <span>{t('trade.timeInForce')}</span>
            <select value={tif} onChange={(e) => setTif(e.target.value as typeof tif)}>
              {TIFS.map((x) => (
                <option key={x} value={x}>
                  {t(`trade.tif.${x}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {withStops && (
        <div className="perp-form__stops">
          <UnitInput
            id="perp-tp"
            name="takeProfit"
            label={t('perp.takeProfit')}
            value={takeProfit}
            unit={c.quote}
            placeholder={t('perp.triggerByMark')}
            onChange={edit(setTakeProfit, c.priceScale)}
          />
          <UnitInput
            id="perp-sl"
            name="stopLoss"
            label={t('perp.stopLoss')}
            value={stopLoss}
            unit={c.quote}
            placeholder={t('perp.triggerByMark')}
            onChange={edit(setStopLoss, c.priceScale)}
          />
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="perp-form__sides">
        <div>
          <button type="button" className="btn btn--block btn--buy" disabled={busy} onClick={() => void submit('buy')}>
            {t('perp.buyLong')}
          </button>
          {previewLine('buy')}
        </div>
        <div>
          <button
            type="button"
            className="btn btn--block btn--sell"
            disabled={busy}
            onClick={() => void submit('sell')}
          >
            {t('perp.sellShort')}
          </button>
          {previewLine('sell')}
        </div>
      </div>
    </form>
  );
}
