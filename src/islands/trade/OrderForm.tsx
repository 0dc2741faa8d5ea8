import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { MarketEntry, SubmitOrderBody } from '../../lib/contract/spot.ts';
import type { Locale } from '../../lib/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount, truncateDecimals } from '../../lib/format/index.ts';
import { href } from '../../lib/navigation.ts';
import { tickerStore } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $balances, submitOrder } from '../../lib/trade/actions.ts';
import { filterNumericInput } from '../../lib/validate/index.ts';
import { submitting } from '../ui/use-form.ts';
import { $pickedPrice } from './picked-price.ts';

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market';
const PERCENTS = [25, 50, 75, 100];

interface Props {
  t: T;
  market: MarketEntry;
  locale: Locale;
}

/** The buy and sell forms side by side, over a limit/market switch. */
export function OrderForm({ t, market, locale }: Props) {
  const [kind, setKind] = useState<Kind>('limit');
  const isLogin = useStore($isLogin);
  return (
    <section className="order-form" aria-label={t('trade.buy')}>
      <div className="segmented" role="tablist">
        {(['limit', 'market'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === kind} className={k === kind ? 'is-active' : ''} onClick={() => setKind(k)}>{t(`trade.${k}`)}</button>
        ))}
      </div>
      {isLogin ? (
        <div className="order-form__sides">
          <SideForm t={t} market={market} side="buy" kind={kind} />
          <SideForm t={t} market={market} side="sell" kind={kind} />
        </div>
      ) : (
        <p className="order-form__login">
          <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(href(`/trade/index?type=spot&symbol=${market.symbol}`, locale))}`, locale)}>{t('header.login')}</a>
          <a className="btn btn--outline" href={href('/user/register', locale)}>{t('header.register')}</a>
          <span>{t('trade.loginToTrade')}</span>
        </p>
      )}
    </section>
  );
}

function SideForm({ t, market, side, kind }: { t: T; market: MarketEntry; side: Side; kind: Kind }) {
  const ticker = useStore(tickerStore(market.symbol));
  const picked = useStore($pickedPrice);
  const balances = useStore($balances);
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [total, setTotal] = useState('');
  const [tif, setTif] = useState<NonNullable<SubmitOrderBody['timeInForce']>>('GTC');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const base = market.baseCoin;
  const spendsQuote = side === 'buy';
  const available = balances.find((b) => b.coin === (spendsQuote ? 'USDT' : base))?.available ?? '0';
  const lastPrice = ticker?.close ?? market.close;
  const effectivePrice = kind === 'limit' ? price : lastPrice;

  useEffect(() => {
    if (picked) setPrice(picked);
  }, [picked]);
  useEffect(() => {
    setPrice('');
    setQuantity('');
    setTotal('');
    setError('');
  }, [market.symbol]);
  // A fresh form starts at the last price, as exchanges do.
  useEffect(() => {
    if (!price && kind === 'limit' && lastPrice) setPrice(lastPrice);
  }, [lastPrice, kind]);

  const setPercent = (pct: number) => {
    const avail = Number(available);
    if (spendsQuote && kind === 'market') return setTotal(truncateDecimals(String((avail * pct) / 100), 2));
    const p = Number(effectivePrice);
    const qty = spendsQuote ? (p > 0 ? (avail * pct) / 100 / p : 0) : (avail * pct) / 100;
    setQuantity(truncateDecimals(String(qty), market.full_cou));
  };

  const shownTotal = kind === 'limit' && price && quantity ? formatAmount(String(Number(price) * Number(quantity)), 2) : '';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError('');
    const minTotal = Number(market.minNotional);
    if (kind === 'limit' && (!price || Number(price) <= 0)) return setError(t('error.orderFieldRequired', { field: t('trade.price') }));
    if (kind === 'market' && spendsQuote) {
      if (!total || Number(total) <= 0) return setError(t('error.orderFieldRequired', { field: t('trade.total') }));
      if (Number(total) < minTotal) return setError(t('trade.minTotal', { amount: market.minNotional.replace(/\.?0+$/, ''), coin: 'USDT' }));
    } else {
      if (!quantity || Number(quantity) <= 0) return setError(t('error.orderFieldRequired', { field: t('trade.amount') }));
      if (kind === 'limit' && Number(price) * Number(quantity) < minTotal) return setError(t('trade.minTotal', { amount: market.minNotional.replace(/\.?0+$/, ''), coin: 'USDT' }));
    }
    await submitting(setBusy, async () => {
      const body: SubmitOrderBody =
        kind === 'limit'
          ? { symbol: market.symbol, side, type: 'limit', price, quantity, timeInForce: tif }
          : spendsQuote
            ? { symbol: market.symbol, side, type: 'market', quoteAmount: total }
            : { symbol: market.symbol, side, type: 'market', quantity };
      const order = await submitOrder(body);
      showToast('success', t(order.status === 'filled' ? 'trade.orderFilled' : 'trade.orderPlaced'));
      setQuantity('');
      setTotal('');
    });
  };

  const id = `${side}-${kind}`;
  return (
    <form className={`side-form side-form--${side}`} onSubmit={submit} noValidate method="post">
      <p className="side-form__available">
        {t('trade.available')}: <strong data-testid={`available-${side}`}>{formatAmount(available, spendsQuote ? 2 : market.full_cou)}</strong> {spendsQuote ? 'USDT' : base}
      </p>
      {kind === 'limit' ? (
        <label className="trade-input" htmlFor={`${id}-price`}>
          <span>{t('trade.price')}</span>
          <input id={`${id}-price`} name="price" inputMode="decimal" value={price} onChange={(e) => setPrice(filterNumericInput(e.target.value, market.part_cou))} />
          <em>USDT</em>
        </label>
      ) : (
        <p className="trade-input trade-input--static"><span>{t('trade.price')}</span><strong>{t('trade.marketPrice')}</strong></p>
      )}
      {kind === 'market' && spendsQuote ? (
        <label className="trade-input" htmlFor={`${id}-total`}>
          <span>{t('trade.total')}</span>
          <input id={`${id}-total`} name="total" inputMode="decimal" value={total} onChange={(e) => setTotal(filterNumericInput(e.target.value, 2))} />
          <em>USDT</em>
        </label>
      ) : (
        <label className="trade-input" htmlFor={`${id}-qty`}>
          <span>{t('trade.amount')}</span>
          <input id={`${id}-qty`} name="quantity" inputMode="decimal" value={quantity} onChange={(e) => setQuantity(filterNumericInput(e.target.value, market.full_cou))} />
          <em>{base}</em>
        </label>
      )}
      <div className="percent-row">
        {PERCENTS.map((p) => <button key={p} type="button" onClick={() => setPercent(p)}>{p}%</button>)}
      </div>
      {kind === 'limit' && (
        <>
          <p className="side-form__total">{t('trade.total')}: <strong>{shownTotal || '--'}</strong> USDT</p>
          <label className="inline-select">
            <span>{t('trade.timeInForce')}</span>
            <select value={tif} onChange={(e) => setTif(e.target.value as typeof tif)}>
              {(['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const).map((x) => <option key={x} value={x}>{t(`trade.tif.${x}`)}</option>)}
            </select>
          </label>
        </>
      )}
      {error && <p className="field__error" role="alert">{error}</p>}
      <button type="submit" className={`btn btn--block ${side === 'buy' ? 'btn--buy' : 'btn--sell'}`} disabled={busy}>
        {t(side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin: base })}
      </button>
    </form>
  );
}
