import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import type { OtcOwnAd } from '../../../isomorphic/contract/otc.ts';
import { PAY_WINDOW_MINUTES } from '../../../isomorphic/contract/otc.values.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $payments } from '../../lib/identity/actions.ts';
import { href } from '../../lib/navigation.ts';
import {
  adBodyOf,
  adFormOf,
  checkAd,
  newAdForm,
  TERMS_MAX,
  type AdErrors,
  type AdField,
  type AdForm,
} from '../../lib/otc/ad-form.ts';
import { COIN_SCALE, FIAT_SCALE, floatingPrice } from '../../lib/otc/amounts.ts';
import { $fiats, DEFAULT_FIAT, OTC_COINS } from '../../lib/otc/market.ts';
import { saveAd } from '../../lib/otc/merchant.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { priceComparisonStore } from '../../lib/spot/spot-reads.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { OtcDialog } from './parts.tsx';

const WINDOWS = Array.from(
  { length: PAY_WINDOW_MINUTES.max - PAY_WINDOW_MINUTES.min + 1 },
  (_, i) => PAY_WINDOW_MINUTES.min + i,
);

/** The price a floating ad gives now: the coin's index in USDT × the fiat's rate, moved by the percentage. */
function LivePrice({ t, index, fiat, pct }: { t: T; index: string | null; fiat: string; pct: string }) {
  const rate = useStore($fiats).find((r) => r.exchange_code === fiat)?.rate ?? null;
  const price = floatingPrice(index, rate, pct);
  return (
    <p className="field__hint" data-testid="otc-live-price">
      {price ? t('otc.adForm.livePrice', { price, fiat }) : t('otc.adForm.noIndex')}
    </p>
  );
}

/** A coin's index from its USDT spot market, followed while the form shows it; USDT is 1 by definition. */
function IndexedPrice({ t, coin, fiat, pct }: { t: T; coin: string; fiat: string; pct: string }) {
  if (coin === 'USDT') return <LivePrice t={t} index="1" fiat={fiat} pct={pct} />;
  return <SpotIndexPrice t={t} coin={coin} fiat={fiat} pct={pct} />;
}
function SpotIndexPrice({ t, coin, fiat, pct }: { t: T; coin: string; fiat: string; pct: string }) {
  const comparison = useStore(priceComparisonStore(`${coin.toLowerCase()}usdt`));
  return <LivePrice t={t} index={comparison?.index ?? null} fiat={fiat} pct={pct} />;
}

/**
 * Posting an ad or changing one (side, coin, fiat and total stay as posted): a fixed price or a percentage over the
 * index with the price it gives now, the total, one order's fiat limits, the payment window (15–30 min), the
 * merchant's payment methods from the account centre, the terms and the online switch. Checked before sending; a
 * refusal of the server shows beside the field it names or above the buttons.
 */
export function AdDialog({ t, ad, onClose }: { t: T; ad: OtcOwnAd | null; onClose: () => void }) {
  const [f, setF] = useState<AdForm>(() => (ad ? adFormOf(ad) : newAdForm('USDT', DEFAULT_FIAT)));
  const [errors, setErrors] = useState<AdErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const payments = useStore($payments);
  const fiats = useStore($fiats);
  const editing = ad !== null;
  const set = <K extends keyof AdForm>(key: K, value: AdForm[K]) => {
    setF((old) => ({ ...old, [key]: value }));
    setErrors(({ [key as AdField]: _gone, ...rest }) => rest);
    setFailure('');
  };
  const err = (field: AdField) => (errors[field] ? t(errors[field]!.key, errors[field]!.values) : undefined);
  const num = (field: 'price' | 'total' | 'minFiat' | 'maxFiat', scale: number) => (v: string) =>
    set(field, filterNumericInput(v, scale));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkAd(f);
    setErrors(found);
    if (Object.keys(found).length) return;
    await submitting(setBusy, async () => {
      try {
        await saveAd(adBodyOf(f));
        showToast('success', t(editing ? 'otc.adForm.saved' : 'otc.adForm.posted'));
        onClose();
      } catch (err) {
        setFailure(failureMessage(err));
        throw err;
      }
    });
  };

  const fiatCodes = [...new Set([f.fiat, ...fiats.map((r) => r.exchange_code)])];
  return (
    <OtcDialog
      t={t}
      title={t(editing ? 'otc.adForm.editTitle' : 'otc.adForm.title')}
      onClose={onClose}
      testId="otc-ad-dialog"
      wide
    >
      <form className="otc-form otc-form--grid" onSubmit={submit} noValidate>
        <fieldset className="otc-choices otc-choices--row" disabled={editing}>
          <legend>{t('otc.adForm.side')}</legend>
          {(['sell', 'buy'] as const).map((side) => (
            <label key={side}>
              <input type="radio" name="side" checked={f.side === side} onChange={() => set('side', side)} />
              {t(`otc.adForm.side.${side}`)}
            </label>
          ))}
        </fieldset>
        <div className="otc-form__row">
          <label className="otc-select">
            <span>{t('otc.market.coin')}</span>
            <select name="coin" value={f.coin} disabled={editing} onChange={(e) => set('coin', e.target.value)}>
              {[...new Set([f.coin, ...OTC_COINS])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="otc-select">
            <span>{t('otc.market.fiat')}</span>
            <select name="fiat" value={f.fiat} disabled={editing} onChange={(e) => set('fiat', e.target.value)}>
              {fiatCodes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className="otc-choices otc-choices--row">
          <legend>{t('otc.adForm.priceType')}</legend>
          {(['fixed', 'floating'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="priceType"
                checked={f.priceType === type}
                onChange={() => set('priceType', type)}
              />
              {t(`otc.adForm.priceType.${type}`)}
            </label>
          ))}
        </fieldset>
        {f.priceType === 'fixed' ? (
          <Field
            label={t('otc.adForm.price', { fiat: f.fiat })}
            name="price"
            inputMode="decimal"
            value={f.price}
            onChange={num('price', FIAT_SCALE)}
            error={err('price')}
          />
        ) : (
          <div>
            <Field
              label={t('otc.adForm.floatPct')}
              name="floatPct"
              inputMode="decimal"
              value={f.floatPct}
              onChange={(v) => set('floatPct', (v.trim().startsWith('-') ? '-' : '') + filterNumericInput(v, 2))}
              error={err('floatPct')}
            />
            <IndexedPrice t={t} coin={f.coin} fiat={f.fiat} pct={f.floatPct} />
          </div>
        )}
        <Field
          label={t('otc.adForm.total', { coin: f.coin })}
          name="total"
          inputMode="decimal"
          value={f.total}
          disabled={editing}
          onChange={num('total', COIN_SCALE)}
          error={err('total')}
        />
        <div className="otc-form__row">
          <Field
            label={t('otc.adForm.minFiat', { fiat: f.fiat })}
            name="minFiat"
            inputMode="decimal"
            value={f.minFiat}
            onChange={num('minFiat', FIAT_SCALE)}
            error={err('minFiat')}
          />
          <Field
            label={t('otc.adForm.maxFiat', { fiat: f.fiat })}
            name="maxFiat"
            inputMode="decimal"
            value={f.maxFiat}
            onChange={num('maxFiat', FIAT_SCALE)}
            error={err('maxFiat')}
          />
        </div>
        <label className="otc-select">
          <span>{t('otc.ad.payWindow')}</span>
          <select name="payWindow" value={f.payWindow} onChange={(e) => set('payWindow', e.target.value)}>
            {WINDOWS.map((m) => (
              <option key={m} value={m}>
                {t('otc.minutes', { minutes: m })}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="otc-choices">
          <legend>{t(f.side === 'sell' ? 'otc.adForm.paymentsSell' : 'otc.adForm.paymentsBuy')}</legend>
          {(payments ?? []).map((p) => (
            <label key={p.id}>
              <input
                type="checkbox"
                name="payments"
                value={p.id}
                checked={f.payments.includes(p.id)}
                onChange={(e) =>
                  set('payments', e.target.checked ? [...f.payments, p.id] : f.payments.filter((id) => id !== p.id))
                }
              />
              {t(`identity.payment.kind.${p.kind}`)} · {p.account}
            </label>
          ))}
          {payments && payments.length === 0 && <p className="otc-muted">{t('otc.take.noPayment')}</p>}
          <a className="otc-small-link" href={href('/account/center?tab=payment')}>
            {t('otc.take.addPayment')}
          </a>
          {err('payments') && (
            <p className="field__error" role="alert">
              {err('payments')}
            </p>
          )}
        </fieldset>
        <label className="otc-textarea">
          <span>{t('otc.ad.terms')}</span>
          <textarea name="terms" rows={3} value={f.terms} onChange={(e) => set('terms', e.target.value)} />
          <small>
            {f.terms.length}/{TERMS_MAX}
          </small>
          {err('terms') && (
            <p className="field__error" role="alert">
              {err('terms')}
            </p>
          )}
        </label>
        <label className="otc-switch">
          <input
            type="checkbox"
            role="switch"
            name="online"
            checked={f.online}
            onChange={(e) => set('online', e.target.checked)}
          />
          <span>{t('otc.adForm.online')}</span>
        </label>
        {f.side === 'sell' && !editing && <p className="otc-note">{t('otc.adForm.sellNote', { coin: f.coin })}</p>}
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
        <div className="otc-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('otc.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t(editing ? 'otc.adForm.save' : 'otc.adForm.post')}
          </button>
        </div>
      </form>
    </OtcDialog>
  );
}
