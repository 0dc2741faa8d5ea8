import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';

/** A rebate in full (they are small: 0.0925 USDT), without trailing zeros: rebate('0.09250000') → '0.0925'. */
export const rebate = (amount: string) => formatAmount(amount, 8, { grouping: true, pad: false });

/** "1st generation" and so on. */
export const generationName = (t: T, g: number) => t(`referral.generation.${g}`);
