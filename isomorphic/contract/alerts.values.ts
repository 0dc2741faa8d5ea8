/** The values of price alerts that islands use: kept apart from alerts.ts, whose schemas bring zod. */

/** What an alert waits for. */
export const ALERT_KINDS = ['priceRises', 'priceFalls', 'changeAbove', 'changeBelow'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How many active alerts one user may hold (fired ones do not count). */
export const MAX_ACTIVE_ALERTS = 50;

/** The 24 h change an alert may wait for, in percent: a price cannot fall more than all of itself. */
export const CHANGE_PERCENT_RANGE = { min: -99.99, max: 1000 } as const;
