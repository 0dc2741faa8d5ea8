/** How bank and document numbers read in users' answers once given: enough to recognise, not to reuse. */

/** maskAccount('6200000000000005') → '6200 **** **** 0005'; short numbers keep only their last four. */
export function maskAccount(n: string): string {
  if (n.length <= 8) return `****${n.slice(-4)}`;
  return `${n.slice(0, 4)} **** **** ${n.slice(-4)}`;
}

/** maskIdNumber('11010519491231002X') → '11**************2X'. */
export function maskIdNumber(n: string): string {
  if (n.length <= 4) return '*'.repeat(n.length);
  return `${n.slice(0, 2)}${'*'.repeat(n.length - 4)}${n.slice(-2)}`;
}
