/**
 * The merchant's ad form: what it holds as typed, the body it sends (contract adBody), and the checks made before
 * sending (precision, limits in order, the payment window, at least one payment method). The server checks again.
 */
import type { AdBody, OtcOwnAd, OtcPriceType, OtcSide } from '../../../isomorphic/contract/otc.ts';
import { FLOATING_MAX_PCT, PAY_WINDOW_MINUTES } from '../../../isomorphic/contract/otc.values.ts';
import { COIN_SCALE, FIAT_SCALE, readAmount, unitsOf } from './amounts.ts';

export interface AdForm {
  id?: number;
  side: OtcSide;
  coin: string;
  fiat: string;
  priceType: OtcPriceType;
  price: string;
  floatPct: string;
  total: string;
  minFiat: string;
  maxFiat: string;
  payWindow: string;
  payments: number[];
  terms: string;
  online: boolean;
}

export type AdField = 'price' | 'floatPct' | 'total' | 'minFiat' | 'maxFiat' | 'payWindow' | 'payments' | 'terms';
/** A field's problem: a dictionary key and its values. */
export type AdErrors = Partial<Record<AdField, { key: string; values?: Record<string, string | number> }>>;

export const TERMS_MAX = 1000;

export function newAdForm(coin: string, fiat: string): AdForm {
  return {
    side: 'sell',
    coin,
    fiat,
    priceType: 'fixed',
    price: '',
    floatPct: '0',
    total: '',
    minFiat: '',
    maxFiat: '',
    payWindow: String(PAY_WINDOW_MINUTES.min),
    payments: [],
    terms: '',
    online: true,
  };
}

/** An own ad in the form, for a change (side, coin, fiat and total stay as posted). */
export function adFormOf(ad: OtcOwnAd): AdForm {
  return {
    id: ad.id,
    side: ad.side,
    coin: ad.coin,
    fiat: ad.fiat,
    priceType: ad.priceType,
    price: (ad.priceType === 'fixed' && ad.price) || '',
    floatPct: ad.floatPct ?? '0',
    total: ad.total,
    minFiat: ad.minFiat,
    maxFiat: ad.maxFiat,
    payWindow: String(ad.payWindow),
    payments: [...ad.payments],
    terms: ad.terms,
    online: ad.online,
  };
}

const amountError = (text: string, scale: number): AdErrors[AdField] => {
  const read = readAmount(text, scale);
  if (typeof read === 'bigint') return undefined;
  return read.key === 'tooPrecise'
    ? { key: 'otc.error.tooPrecise', values: { decimals: read.decimals } }
    : { key: `otc.error.${read.key}` };
};

/** The problems of the form, field by field; empty when it can be sent. */
export function checkAd(f: AdForm): AdErrors {
  const errors: AdErrors = {};
  const set = (field: AdField, e: AdErrors[AdField]) => {
    if (e) errors[field] = e;
  };
  if (f.priceType === 'fixed') set('price', amountError(f.price, FIAT_SCALE));
  else {
    const pct = f.floatPct.trim().replace(/^[-+]/, '');
    const units = unitsOf(pct, 2);
    if (units === null) set('floatPct', { key: 'otc.error.invalid' });
    else if (units > BigInt(FLOATING_MAX_PCT) * 100n)
      set('floatPct', { key: 'error.otcFloatRange', values: { max: FLOATING_MAX_PCT } });
  }
  set('total', amountError(f.total, COIN_SCALE));
  set('minFiat', amountError(f.minFiat, FIAT_SCALE));
  set('maxFiat', amountError(f.maxFiat, FIAT_SCALE));
  if (!errors.minFiat && !errors.maxFiat && unitsOf(f.minFiat, FIAT_SCALE)! > unitsOf(f.maxFiat, FIAT_SCALE)!)
    set('maxFiat', { key: 'error.otcLimitsInvalid' });
  const window = Number(f.payWindow);
  if (!/^\d+$/.test(f.payWindow.trim()) || window < PAY_WINDOW_MINUTES.min || window > PAY_WINDOW_MINUTES.max)
    set('payWindow', { key: 'validation.otcPayWindow' });
  if (f.payments.length === 0) set('payments', { key: 'error.otcPaymentRequired' });
  if (f.terms.trim().length > TERMS_MAX) set('terms', { key: 'otc.error.termsTooLong', values: { max: TERMS_MAX } });
  return errors;
}

const clean = (s: string) => s.trim().replace(/\.$/, '');

/** The body to send for a checked form. */
export function adBodyOf(f: AdForm): AdBody {
  return {
    id: f.id,
    side: f.side,
    coin: f.coin,
    fiat: f.fiat,
    priceType: f.priceType,
    price: f.priceType === 'fixed' ? clean(f.price) : undefined,
    floatPct: f.priceType === 'floating' ? clean(f.floatPct) : undefined,
    total: clean(f.total),
    minFiat: clean(f.minFiat),
    maxFiat: clean(f.maxFiat),
    payWindow: Number(f.payWindow),
    payments: f.payments,
    terms: f.terms.trim(),
    online: f.online,
  };
}
