const B58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = '02-9ac-hj-np-z';

/**
 * The shape of an address on each withdrawal network (base58, hex or bech32 alphabets and lengths), so a typo
 * is caught before anything is frozen: isChainAddress('ERC20', '0x' + 'ab'.repeat(20)) → true. A network not
 * listed here takes any 20–120 characters of letters and digits.
 */
const PATTERNS: Record<string, RegExp> = {
  TRC20: new RegExp(`^T[${B58}]{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  BTC: new RegExp(`^(bc1[${BECH32}]{11,71}|[13][${B58}]{25,34})$`),
  LTC: new RegExp(`^(ltc1[${BECH32}]{11,71}|[LM3][${B58}]{26,33})$`),
  XRP: new RegExp(`^r[${B58}]{24,34}$`),
  DOGE: new RegExp(`^[DA9][${B58}]{33}$`),
  SOL: new RegExp(`^[${B58}]{32,44}$`),
  ADA: new RegExp(`^addr1[${BECH32}]{50,110}$`),
  DOT: new RegExp(`^1[${B58}]{46,47}$`),
};
const ANY = /^[A-Za-z0-9]{20,120}$/;

export function isChainAddress(network: string, address: string): boolean {
  return (PATTERNS[network.toUpperCase()] ?? ANY).test(address);
}
