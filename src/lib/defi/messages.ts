/**
 * The dictionary prefixes the DeFi islands bring to their pages: their own, the earn order list's
 * (src/islands/earn/EarnOrders.tsx) and the shared amount checks.
 */
export const DEFI_MESSAGES = [
  'defi.',
  'earn.',
  'margin.error.',
  'common.',
  'header.login',
  'assets.prev',
  'assets.next',
  'assets.pageOf',
];
