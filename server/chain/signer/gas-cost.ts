/**
 * Ledger units (8 decimals) of a gas cost in chain units, rounded up: what the signer reserves against the gas budget
 * and what the core books from it, so the budget is never found short by a rounding.
 */
export function ledgerCost(raw: bigint, decimals: number): bigint {
  if (decimals < 8) return raw * 10n ** BigInt(8 - decimals);
  const step = 10n ** BigInt(decimals - 8);
  return (raw + step - 1n) / step;
}
