/**
 * The console's earn product form: the text an operator types, the checks the server makes on it (the contract's
 * productBody, then server/earn/earn.service.ts productRow) so a refusal is named before anything is sent, and the
 * body it sends. Also what a pool has free.
 */
import type { EarlyRedeem, EarnKind } from '../../../isomorphic/contract/earn.values.ts';
import type { EarnPool, EarnProduct, ProductBody } from '../../../isomorphic/contract/earn.ts';
import { trim } from '../loan/apply-form.ts';
import { NAME_MAX, othersOf } from '../../../isomorphic/contract/local-names.values.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';

const SCALE = 8;
/** server/spot/order-checks.ts MAX_UNITS: the largest amount the API takes. */
const MAX_UNITS = 10n ** 17n;
/** server/earn/earn.service.ts MAX_RATE_E8: at most 5% a day. */
const MAX_RATE = 5_000_000n;
const COIN = /^[a-zA-Z0-9]{2,10}$/;
const WHOLE = /^\d{1,5}$/;

export interface ProductDraft {
  id?: number;
  kind: EarnKind;
  name: string;
  coin: string;
  dailyRate: string;
  cycleDays: string;
  minAmount: string;
  maxAmount: string;
  perUser: string;
  capacity: string;
  earlyRedeem: EarlyRedeem;
  open: boolean;
  /** The name in the other languages (`name` is the English one). */
  names: Partial<Record<Locale, string>>;
}
export type DraftField = Exclude<keyof ProductDraft, 'id' | 'open' | 'names'>;

/** A problem of one field: a dictionary key and its parameters; `field` in params is itself a key to translate. */
export interface FormProblem {
  field: DraftField;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The label key of a field: the form's, and in messages the field's name (amounts by the server's own names, "The
 * minimum must be a number").
 */
export const labelOf = (f: DraftField) => `admin.earn.field.${f}`;

export const emptyDraft = (kind: EarnKind): ProductDraft => ({
  kind,
  name: '',
  coin: 'USDT',
  dailyRate: '',
  cycleDays: '',
  minAmount: '',
  maxAmount: '',
  perUser: '0',
  capacity: '',
  earlyRedeem: 'forfeit',
  open: true,
  names: {},
});

export const draftOf = (p: EarnProduct): ProductDraft => ({
  id: p.id,
  kind: p.kind,
  name: p.names.en,
  coin: p.coin,
  dailyRate: trim(p.dailyRate),
  cycleDays: String(p.cycleDays),
  minAmount: trim(p.minAmount),
  maxAmount: trim(p.maxAmount),
  perUser: String(p.perUser),
  capacity: trim(p.capacity),
  earlyRedeem: p.earlyRedeem,
  open: p.open,
  names: othersOf(p.names),
});

/** A positive amount as server/spot/order-checks.ts positiveUnits reads it, or the problem it names. */
export function checkAmount(
  text: string,
  label: string,
): { ok: true; value: bigint } | { ok: false; key: string; params: Record<string, string | number> } {
  const params = { field: label, decimals: SCALE };
  const s = text.trim();
  if (!s) return { ok: false, key: 'error.orderFieldRequired', params };
  const r = parseUnits(s, SCALE, MAX_UNITS);
  if (!r.ok)
    return {
      ok: false,
      key:
        r.problem === 'precision'
          ? 'error.tooPrecise'
          : r.problem === 'range'
            ? 'error.tooLarge'
            : 'error.invalidNumber',
      params,
    };
  return r.value > 0n ? r : { ok: false, key: 'error.mustBePositive', params };
}

function amountOf(d: ProductDraft, field: 'minAmount' | 'maxAmount' | 'capacity', out: FormProblem[]): bigint | null {
  const r = checkAmount(d[field], `earn.field.${field}`);
  if (r.ok) return r.value;
  out.push({ field, key: r.key, params: r.params });
  return null;
}

/** A whole number typed in a box, within its bounds; null otherwise. */
function whole(text: string, min: number, max: number): number | null {
  const s = text.trim();
  if (!WHOLE.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

/** Every problem of the form, in the order of its fields; none: it may be sent. */
export function productProblems(d: ProductDraft): FormProblem[] {
  const out: FormProblem[] = [];
  const name = d.name.trim();
  if (!name) out.push({ field: 'name', key: 'validation.productName.english' });
  else if (name.length > NAME_MAX) out.push({ field: 'name', key: 'validation.productName.tooLong' });
  if (!COIN.test(d.coin.trim()))
    out.push({ field: 'coin', key: 'validation.invalidValue', params: { field: labelOf('coin') } });
  const rate = parseUnits(d.dailyRate.trim(), SCALE);
  if (!rate.ok || rate.value <= 0n || rate.value > MAX_RATE)
    out.push({ field: 'dailyRate', key: 'error.earnRateInvalid' });
  if (whole(d.cycleDays, 1, 3650) === null) out.push({ field: 'cycleDays', key: 'validation.earnCycle' });
  if (whole(d.perUser, 0, 1000) === null)
    out.push({ field: 'perUser', key: 'validation.integer', params: { field: labelOf('perUser') } });
  const min = amountOf(d, 'minAmount', out);
  const max = amountOf(d, 'maxAmount', out);
  const capacity = amountOf(d, 'capacity', out);
  if (min !== null && max !== null && capacity !== null && (min > max || max > capacity))
    out.push({ field: 'maxAmount', key: 'error.earnLimitsInvalid' });
  return out;
}

/**
 * What the form sends: the text as typed, trimmed, with the whole numbers as numbers (the contract takes no digit
 * strings).
 */
export function bodyOf(d: ProductDraft): ProductBody {
  return {
    ...(d.id === undefined ? {} : { id: d.id }),
    kind: d.kind,
    name: d.name.trim(),
    coin: d.coin.trim(),
    dailyRate: d.dailyRate.trim(),
    cycleDays: Number(d.cycleDays.trim()),
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    perUser: Number(d.perUser.trim()),
    capacity: d.capacity.trim(),
    earlyRedeem: d.earlyRedeem,
    open: d.open,
    names: d.names,
  };
}

/** What a pool can still promise: its balance less the interest it must keep for open orders (below zero: short). */
export function poolFree(p: EarnPool): string {
  const units = (s: string) => {
    const r = parseUnits(s, SCALE);
    return r.ok ? r.value : 0n;
  };
  return formatUnits(units(p.balance) - units(p.reserved), SCALE);
}
