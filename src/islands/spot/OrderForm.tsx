import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry, SubmitOrderBody } from '../../../isomorphic/contract/spot.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $assetDecimals, $assetFormat } from '../../lib/stores/assets.ts';
import { tickerStore } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $balances, submitOrder } from '../../lib/spot/actions.ts';
import {
  checkOrderInput,
  orderTotal,
  quantityForPercent,
  quoteOf,
  spendForPercent,
  type Field,
  type OrderProblem,
} from '../../lib/spot/order-math.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitting } from '../ui/use-form.ts';
import { submitMarginOrder } from '../../lib/margin/orders.ts';
import { spendable } from '../../lib/margin/view.ts';
import type { MarginFunds } from '../margin/index.ts';
import { $pickedPrice } from '../../lib/spot/picked-price.ts';
import { stopTypeFor, submitOco, submitStop, submitTpSl } from '../../lib/spot/stops.ts';

type Side = 'buy' | 'sell';
/** Limit and market orders, and the conditional ones (spot only): stop-limit and OCO. */
type Kind = 'limit' | 'market' | 'stop' | 'oco';
const PROBLEM_KEYS = {
  required: 'error.orderFieldRequired',
  negative: 'trade.error.negative',
  invalid: 'error.invalidNumber',
  zero: 'error.mustBePositive',
} as const;
const PERCENTS = [25, 50, 75, 100];

interface Props {
  t: T;
  market: MarketEntry;
  locale: Locale;
  /** Above the form: the trade screen's Spot | Cross | Isolated switch. */
  header?: ReactNode;
  /** Trading from a margin account instead of the spot account. */
  margin?: MarginFunds;
}

/** The buy and sell forms side by side, over a limit/market (and, on spot, stop-limit/OCO) switch. */
export function OrderForm({ t, market, locale, header, margin }: Props) {
  const [kind, setKind] = useState<Kind>('limit');
  const isLogin = useStore($isLogin);
  // Conditional orders trade from the spot account only (docs/products/spot.md, "Conditional orders").
  const kinds: readonly Kind[] = margin ? ['limit', 'market'] : ['limit', 'market', 'stop', 'oco'];
  return (
    <section className="order-form" aria-label={t('trade.buy')}>
      {header}
      <div className="segmented" role="tablist">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'is-active' : ''}
            onClick={() => setKind(k)}
          >
            {t(`trade.${k}`)}
          </button>
        ))}
      </div>
      {isLogin ? (
        <div className="order-form__sides">
          <SideForm t={t} market={market} side="buy" kind={kind} margin={margin} />
          <SideForm t={t} market={market} side="sell" kind={kind} margin={margin} />
        </div>
      ) : (
        <p className="order-form__login">
          <a
            className="btn btn--primary"
            href={href(
              `/user/login?redirect=${encodeURIComponent(href(`/trade/index?type=spot&symbol=${market.symbol}${margin ? `&margin=${margin.mode}` : ''}`, locale))}`,
              locale,
            )}
          >
            {t('header.login')}
          </a>
          <a className="btn btn--outline" href={href('/user/register', locale)}>
            {t('header.register')}
          </a>
          <span>{t('trade.loginToTrade')}</span>
        </p>
      )}
    </section>
  );
}

/** A form problem as a sentence: field names come in their in-sentence form ("the price", "den Preis"). */
function problemText(t: T, problem: NonNullable<OrderProblem>, market: MarketEntry): string {
  if (problem.key === 'minTotal')
    return t('trade.minTotal', { amount: market.minNotional.replace(/\.?0+$/, ''), coin: quoteOf(market) });
  return t(PROBLEM_KEYS[problem.key], { field: t(`trade.field.${problem.field}`) });
}

/**
 * What an amount field keeps of a keystroke: stray characters are dropped as docs/requirements.md §5 says, but a minus
 * sign is never silently removed (that would turn -90000 into 90000): the text stays as typed and the form says why
 * not.
 */
function typed(raw: string, decimals: number): string {
  return raw.trim().startsWith('-') ? raw : filterNumericInput(raw, decimals);
}

function SideForm({
  t,
  market,
  side,
  kind,
  margin,
}: {
  t: T;
  market: MarketEntry;
  side: Side;
  kind: Kind;
  margin?: MarginFunds;
}) {
  const ticker = useStore(tickerStore(market.symbol));
  const picked = useStore($pickedPrice);
  const balances = useStore($balances);
  const fmt = useStore($assetFormat);
  const decimalsOf = useStore($assetDecimals);
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [total, setTotal] = useState('');
  const [tif, setTif] = useState<NonNullable<SubmitOrderBody['timeInForce']>>('GTC');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [autoRepay, setAutoRepay] = useState(false);
  const [stopPrice, setStopPrice] = useState('');
  const [stopLimit, setStopLimit] = useState('');
  const [tpsl, setTpsl] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');

  const base = market.baseCoin;
  const quote = quoteOf(market);
  const quoteDecimals = decimalsOf(quote);
  const spendsQuote = side === 'buy';
  const spent = spendsQuote ? quote : base;
  const available = margin ? margin.free(spent) : (balances.find((b) => b.coin === spent)?.available ?? '0');
  // A margin order that borrows for itself may spend what the account may still borrow too.
  const borrowable = margin?.maxBorrow(spent) ?? '0';
  const usable = margin ? spendable(available, borrowable, autoBorrow) : available;
  const lastPrice = ticker?.close ?? market.close;
  const priced = kind !== 'market';
  const effectivePrice = priced ? price : lastPrice;
  // A stop-limit and an OCO are checked as the limit orders they place; their triggers below.
  const input = { side, kind: priced ? ('limit' as const) : ('market' as const), price, quantity, total };
  const withTpsl = tpsl && kind === 'limit' && side === 'buy' && !margin;
  // A minus sign is refused as soon as it is typed in a field of this form, not only on submit.
  const visible: Array<[Field, string]> = priced
    ? [
        ['price', price],
        ['amount', quantity],
      ]
    : spendsQuote
      ? [['total', total]]
      : [['amount', quantity]];
  const negative = visible.find(([, v]) => v.trim().startsWith('-'))?.[0];
  const shown = error || (negative ? problemText(t, { key: 'negative', field: negative }, market) : '');

  useEffect(() => {
    if (picked) setPrice(picked);
  }, [picked]);
  useEffect(() => {
    setPrice('');
    setQuantity('');
    setTotal('');
    setStopPrice('');
    setStopLimit('');
    setTakeProfit('');
    setError('');
  }, [market.symbol]);
  // A fresh form starts at the last price, as exchanges do.
  useEffect(() => {
    if (!price && priced && lastPrice) setPrice(lastPrice);
  }, [lastPrice, kind]);

  const setPercent = (pct: number) => {
    setError('');
    if (spendsQuote && kind === 'market') return setTotal(spendForPercent(usable, pct, quoteDecimals));
    setQuantity(quantityForPercent(market, side, usable, pct, effectivePrice));
  };
  const edit = (set: (v: string) => void, decimals: number) => (raw: string) => {
    setError('');
    set(typed(raw, decimals));
  };

  const shownTotal = priced ? orderTotal(market, price, quantity, side, quoteDecimals) : '';
  /** The triggers a conditional form needs, by their in-sentence names: none may be left empty. */
  const triggers: Array<[string, string]> =
    kind === 'stop' || kind === 'oco'
      ? [['stopPrice', stopPrice]]
      : withTpsl
        ? [
            ['takeProfit', takeProfit],
            ['stopLoss', stopPrice],
          ]
        : [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = checkOrderInput(market, input, quoteDecimals);
    if (problem) return setError(problemText(t, problem, market));
    const missing = triggers.find(([, v]) => !v.trim());
    if (missing) return setError(t('error.orderFieldRequired', { field: t(`trade.field.${missing[0]}`) }));
    setError('');
    const clean = (v: string) => v.replace(/\.$/, '');
    if (kind === 'stop' || kind === 'oco' || withTpsl) {
      await submitting(setBusy, async () => {
        const symbol = market.symbol;
        if (kind === 'stop') {
          const type = stopTypeFor(side, stopPrice, lastPrice);
          const body = {
            symbol,
            side,
            type,
            stopPrice: clean(stopPrice),
            price: clean(price),
            quantity: clean(quantity),
          };
          await submitStop({ ...body, timeInForce: 'GTC' });
        } else if (kind === 'oco') {
          await submitOco({
            symbol,
            side,
            quantity: clean(quantity),
            price: clean(price),
            stopPrice: clean(stopPrice),
            ...(stopLimit.trim() ? { stopLimitPrice: clean(stopLimit) } : {}),
          });
        } else {
          await submitTpSl({
            symbol,
            price: clean(price),
            quantity: clean(quantity),
            timeInForce: tif,
            takeProfitPrice: clean(takeProfit),
            stopLossStopPrice: clean(stopPrice),
          });
        }
        showToast('success', t(kind === 'oco' ? 'trade.ocoPlaced' : 'trade.stopPlaced'));
        setQuantity('');
        setStopPrice('');
        setStopLimit('');
        setTakeProfit('');
      });
      return;
    }
    await submitting(setBusy, async () => {
      const body: SubmitOrderBody =
        kind === 'limit'
          ? {
              symbol: market.symbol,
              side,
              type: 'limit',
              price: clean(price),
              quantity: clean(quantity),
              timeInForce: tif,
            }
          : spendsQuote
            ? { symbol: market.symbol, side, type: 'market', quoteAmount: clean(total) }
            : { symbol: market.symbol, side, type: 'market', quantity: clean(quantity) };
      const order = margin
        ? await submitMarginOrder({ ...body, mode: margin.mode, autoBorrow, autoRepay })
        : await submitOrder(body);
      showToast('success', t(order.status === 'filled' ? 'trade.orderFilled' : 'trade.orderPlaced'));
      setQuantity('');
      setTotal('');
    });
  };

  const id = `${side}-${kind}`;
  return (
    <form className={`side-form side-form--${side}`} onSubmit={submit} noValidate method="post">
      <p className="side-form__available">
        {t('trade.available')}: <strong data-testid={`available-${side}`}>{fmt(available, spent)}</strong> {spent}
      </p>
      {margin && (
        <p className="side-form__available">
          {t('margin.borrowable')}: <strong data-testid={`borrowable-${side}`}>{fmt(borrowable, spent)}</strong> {spent}
        </p>
      )}
      {kind === 'stop' && (
        <PriceInput
          id={`${id}-stop`}
          name="stopPrice"
          label={t('trade.trigger')}
          unit={quote}
          value={stopPrice}
          onChange={edit(setStopPrice, market.part_cou)}
        />
      )}
      {priced ? (
        <label className="trade-input" htmlFor={`${id}-price`}>
          <span>{t(kind === 'oco' ? 'trade.ocoLimit' : 'trade.price')}</span>
          <input
            id={`${id}-price`}
            name="price"
            inputMode="decimal"
            value={price}
            onChange={(e) => edit(setPrice, market.part_cou)(e.target.value)}
          />
          <em>{quote}</em>
        </label>
      ) : (
        <p className="trade-input trade-input--static">
          <span>{t('trade.price')}</span>
          <strong>{t('trade.marketPrice')}</strong>
        </p>
      )}
      {kind === 'oco' && (
        <>
          <PriceInput
            id={`${id}-stop`}
            name="stopPrice"
            label={t('trade.trigger')}
            unit={quote}
            value={stopPrice}
            onChange={edit(setStopPrice, market.part_cou)}
          />
          <PriceInput
            id={`${id}-stop-limit`}
            name="stopLimitPrice"
            label={t('trade.stopLimitPrice')}
            unit={quote}
            value={stopLimit}
            onChange={edit(setStopLimit, market.part_cou)}
          />
        </>
      )}
      {kind === 'market' && spendsQuote ? (
        <label className="trade-input" htmlFor={`${id}-total`}>
          <span>{t('trade.total')}</span>
          <input
            id={`${id}-total`}
            name="total"
            inputMode="decimal"
            value={total}
            onChange={(e) => edit(setTotal, quoteDecimals)(e.target.value)}
          />
          <em>{quote}</em>
        </label>
      ) : (
        <label className="trade-input" htmlFor={`${id}-qty`}>
          <span>{t('trade.amount')}</span>
          <input
            id={`${id}-qty`}
            name="quantity"
            inputMode="decimal"
            value={quantity}
            onChange={(e) => edit(setQuantity, market.full_cou)(e.target.value)}
          />
          <em>{base}</em>
        </label>
      )}
      <div className="percent-row">
        {PERCENTS.map((p) => (
          <button key={p} type="button" onClick={() => setPercent(p)}>
            {p}%
          </button>
        ))}
      </div>
      {priced && (
        <p className="side-form__total">
          {t('trade.total')}: <strong data-testid={`total-${side}`}>{shownTotal || '--'}</strong> {quote}
        </p>
      )}
      {(kind === 'stop' || kind === 'oco') && (
        <p className="side-form__hint muted">{t(kind === 'oco' ? 'trade.ocoHint' : 'trade.stopHint')}</p>
      )}
      {kind === 'limit' && side === 'buy' && !margin && (
        <div className="margin-auto">
          <label>
            <input type="checkbox" name="tpsl" checked={tpsl} onChange={(e) => setTpsl(e.target.checked)} />{' '}
            {t('trade.tpsl')}
          </label>
        </div>
      )}
      {withTpsl && (
        <>
          <PriceInput
            id={`${id}-tp`}
            name="takeProfit"
            label={t('trade.takeProfit')}
            unit={quote}
            value={takeProfit}
            onChange={edit(setTakeProfit, market.part_cou)}
          />
          <PriceInput
            id={`${id}-sl`}
            name="stopLoss"
            label={t('trade.stopLoss')}
            unit={quote}
            value={stopPrice}
            onChange={edit(setStopPrice, market.part_cou)}
          />
          <p className="side-form__hint muted">{t('trade.tpslHint')}</p>
        </>
      )}
      {kind === 'limit' && (
        <>
          <label className="inline-select">
            <span>{t('trade.timeInForce')}</span>
            <select value={tif} onChange={(e) => setTif(e.target.value as typeof tif)}>
              {(['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const).map((x) => (
                <option key={x} value={x}>
                  {t(`trade.tif.${x}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {margin && (
        <div className="margin-auto">
          <label>
            <input
              type="checkbox"
              name="autoBorrow"
              checked={autoBorrow}
              onChange={(e) => setAutoBorrow(e.target.checked)}
            />{' '}
            {t('margin.autoBorrow')}
          </label>
          <label>
            <input
              type="checkbox"
              name="autoRepay"
              checked={autoRepay}
              onChange={(e) => setAutoRepay(e.target.checked)}
            />{' '}
            {t('margin.autoRepay')}
          </label>
        </div>
      )}
      {shown && (
        <p className="field__error" role="alert">
          {shown}
        </p>
      )}
      <button type="submit" className={`btn btn--block ${side === 'buy' ? 'btn--buy' : 'btn--sell'}`} disabled={busy}>
        {t(side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin: base })}
      </button>
    </form>
  );
}

/** A price field of the conditional forms: a trigger, a limit, a take-profit. */
function PriceInput(p: {
  id: string;
  name: string;
  label: string;
  unit: string;
  value: string;
  onChange: (raw: string) => void;
}) {
  return (
    <label className="trade-input" htmlFor={p.id}>
      <span>{p.label}</span>
      <input id={p.id} name={p.name} inputMode="decimal" value={p.value} onChange={(e) => p.onChange(e.target.value)} />
      <em>{p.unit}</em>
    </label>
  );
}
