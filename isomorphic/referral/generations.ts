/** How many generations of promoted users earn their referrer a rebate (docs/requirements.md §9: 3). */
export const GENERATIONS = [1, 2, 3] as const;
export type Generation = (typeof GENERATIONS)[number];
/** The most all generations together may take of a fee: the 10% that goes to the safety fund is never paid out. */
export const MAX_TOTAL_RATE_BPS = 9000;
/** Rates until operators set their own: 20%, 10% and 5% of the fees each generation pays. */
export const DEFAULT_RATES_BPS: readonly number[] = [2000, 1000, 500];
