/** Which side of a fill an order was on, and which product's column of the fee schedule applies. */
export type FeeRole = 'maker' | 'taker';
export type FeeProduct = 'spot' | 'perp';

/**
 * The rate a fill charges (docs/products/fees.md), asked by the spot settlement and the perpetual fills. The market's
 * (or contract's) own rate for the role is the ceiling: the fee book answers the lower of it and the user's VIP level
 * rate, so a market may charge less than the schedule (a zero-fee promotion) but never more, and an amount held for
 * a fee at the market's rate (perpetual `heldFeeBps`) always covers the fee charged.
 */
export interface FeeRates {
  /** In hundredths of a basis point (RATE_UNITS, isomorphic/fees/schedule.ts); the market's own is in whole bps. */
  rate(userId: number, product: FeeProduct, role: FeeRole, marketBps: bigint): bigint;
}

/** The market's own rates for everyone: a core built without the fee book (product tests) charges these. */
export const MARKET_RATES: FeeRates = { rate: (_userId, _product, _role, marketBps) => marketBps * 100n };
