import type { T } from '../../lib/i18n/client.ts';

/** The label of an account type: assets.account.1 → "Spot account". */
export const accountName = (t: T, type: number) => t(`assets.account.${type}`);
