/**
 * The two ways an integer reaches the API, each strict: nothing is coerced (zod's `z.coerce` reads `true` as 1,
 * `[]` as 0, `" 1"` as 1 and `"0x2"` as 2, which once moved money between the wrong accounts).
 *
 * - in a query string or a path, an integer is a canonical decimal digit string: `"12"`, `"-521"`, `"0"`; never
 *   `" 12"`, `"012"`, `"+12"`, `"1e3"`, `"0x2"`, `"12.0"`, or the same key twice;
 * - in a JSON body it is a JSON number that is a safe integer: never a string, boolean, array, object or null.
 *
 * Bounds are part of the type: every integer the API takes has a range.
 */
import { z } from './zod.ts';

export interface IntRange {
  min: number;
  max: number;
  /** An i18n key for every failure (type, form and range), for fields whose message names the whole rule. */
  error?: string;
}

/** Digits only, no sign but '-', no leading zero, at most 15 digits so every value is a safe integer. */
const CANONICAL = /^(0|-?[1-9]\d{0,14})$/;

function ranged(schema: z.ZodNumber, { min, max, error }: IntRange) {
  return schema.min(min, error ? { error } : undefined).max(max, error ? { error } : undefined);
}

/** An integer from a query string or a path parameter: queryInt({ min: 1, max: 100 }).default(15). */
export function queryInt(range: IntRange) {
  const error = range.error ?? 'validation.integer';
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'validation.required' : error) })
    .regex(CANONICAL, { error })
    .transform(Number)
    .pipe(ranged(z.int({ error }), range));
}

/** An integer in a JSON body: bodyInt({ min: 0, max: 300 }) takes 50, refuses "50", 50.5, true, [50], null. */
export function bodyInt(range: IntRange) {
  const error = range.error ?? 'validation.integer';
  return ranged(z.int({ error: (issue) => (issue.input === undefined ? 'validation.required' : error) }), range);
}

/** One of a fixed set of integers in a JSON body (account types, say): bodyIntIn([1, 2, 3]). */
export function bodyIntIn(values: readonly number[], error = 'validation.invalidValue') {
  return z
    .int({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
    .refine((n) => values.includes(n), { error });
}
