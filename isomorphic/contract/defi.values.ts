/** Values of the DeFi contract that islands use, in a module without zod (defi.ts re-exports them for the server). */

/** The one-time fee per linked address (spec: "a one-time ETH gas payment per wallet address"). */
export const DEFI_LINK_FEE = { coin: 'ETH', amount: '0.005' } as const;
