import type { T } from '../../lib/i18n/client.ts';
import { PROBLEM_KEYS, type PerpProblem } from '../../../isomorphic/perpetual/math.ts';

/** A form problem as a sentence: the field comes in its in-sentence form ("the price", "den Preis"). */
export function problemText(t: T, problem: NonNullable<PerpProblem>): string {
  const field = t(`perp.field.${problem.field}`);
  // Coin-margined quantities are whole contracts: "at most 0 decimals" would be a strange way to say so.
  if (problem.key === 'tooPrecise' && problem.field === 'quantity' && problem.decimals === 0)
    return t('perp.error.wholeContracts');
  if (problem.key === 'tooPrecise') return t(PROBLEM_KEYS.tooPrecise, { field, decimals: problem.decimals });
  if (problem.key === 'offTick' || problem.key === 'offLot')
    return t(PROBLEM_KEYS[problem.key], { field, step: problem.step });
  return t(PROBLEM_KEYS[problem.key], { field });
}
