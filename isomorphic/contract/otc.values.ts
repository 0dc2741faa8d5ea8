/**
 * Values of the OTC contract that islands use, in a module without zod (otc.ts imports them from here, so both sides
 * share one definition, as identity.values.ts does for the identity contract).
 */

/** The payment window a merchant may set (spec-free decision: 15 to 30 minutes, as the issue states). */
export const PAY_WINDOW_MINUTES = { min: 15, max: 30 } as const;
/** The coins traded over the counter (each but USDT priced from its USDT spot market's index). */
export const OTC_COINS = ['USDT', 'BTC', 'ETH', 'BNB'] as const;
/** A floating price is the index price in the fiat, moved by this much at most either way (percent). */
export const FLOATING_MAX_PCT = 20;
