import type { T } from '../../lib/i18n/client.ts';
import { PROBLEM_KEYS, type PerpProblem } from '../../lib/perpetual/math.ts';

/** A form problem as a sentence: the field comes in its in-sentence form ("the price", "den Preis"). */
export function problemText(t: T, problem: NonNullable<PerpProblem>): string {
  const field = t(`perp.field.${problem.field}`);
  if (problem.key === 'tooPrecise') return t(PROBLEM_KEYS.tooPrecise, { field, decimals: problem.decimals });
  if (problem.key === 'offTick' || problem.key === 'offLot') return t(PROBLEM_KEYS[problem.key], { field, step: problem.step });
  return t(PROBLEM_KEYS[problem.key], { field });
}
