/**
 * Wire contract of price alerts (docs/products/alerts.md): a user asks to be told when a spot market's last trade
 * price rises to or falls to a price, or its 24 h change reaches a percentage. Prices are decimal strings at the
 * market's price scale, percentages decimal strings with at most two decimals; the server parses and checks both.
 */
import { z } from './zod.ts';
import { bodyInt, queryInt } from './integers.ts';
import { ALERT_KINDS, type AlertKind } from './alerts.values.ts';

export {
  ALERT_KINDS,
  CHANGE_PERCENT_RANGE,
  MAX_ACTIVE_ALERTS,
  type AlertKind,
} from './alerts.values.ts';

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType') });

/** POST /api/alerts/create. */
export const createAlertBody = z.object({
  symbol: text()
    .regex(/^[a-zA-Z0-9]{2,20}$/, { error: 'validation.symbol' })
    .transform((s) => s.toLowerCase()),
  kind: z.enum(ALERT_KINDS, { error: 'validation.alertKind' }),
  /** A price at the market's scale (price kinds) or a percentage with at most two decimals (change kinds). */
  target: z.string({ error: 'validation.alertTarget' }).max(40, { error: 'validation.alertTarget' }),
  note: text()
    .max(100, { error: 'validation.alertNote' })
    .transform((s) => s.trim())
    .optional(),
});
export type CreateAlertBody = z.input<typeof createAlertBody>;

export const alertIdBody = z.object({
  id: bodyInt({ min: 1, max: Number.MAX_SAFE_INTEGER, error: 'validation.recordId' }),
});

export const alertListQuery = z.object({
  state: z.enum(['active', 'fired'], { error: 'validation.invalidValue' }).optional(),
  size: queryInt({ min: 1, max: 200 }).default(100),
});

/** An alert as its owner sees it. */
export interface PriceAlert {
  id: number;
  symbol: string;
  /** The market as people write it: "BTC/USDT". */
  market: string;
  kind: AlertKind;
  /** A price at the market's scale, or a percentage ("5.25", "-3"). */
  target: string;
  note: string;
  state: 'active' | 'fired';
  /** The last price (price kinds) or 24 h change in percent (change kinds) when it was set. */
  startValue: string;
  createdAt: number;
  /** When it fired and the value that fired it (a price, or a percentage), null while active. */
  firedAt: number | null;
  firedValue: string | null;
}
