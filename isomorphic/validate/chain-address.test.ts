import { describe, expect, it } from 'vitest';
import { isChainAddress } from './chain-address.ts';

/**
 * Real addresses, from the networks' specifications and well-known accounts: each must pass, and each with one
 * character changed must fail (the checksum, not only the shape, is what is checked).
 */
const REAL: Array<[network: string, address: string, what: string]> = [
  ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'EIP-55 test vector'],
  ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT contract, EIP-55 case'],
  ['ERC20', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', "abandon…about at m/44'/60'/0'/0/0"],
  ['BEP20', '0x55d398326f99059fF775485246999027B3197955', 'BSC-USD contract'],
  ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT contract on TRON'],
  ['TRC20', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', "abandon…about at m/44'/195'/0'/0/0"],
  ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'genesis block P2PKH'],
  ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'BIP13 P2SH example'],
  ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'BIP84 test vector, P2WPKH'],
  ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'BIP173 P2WSH'],
  ['BTC', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'BIP86 test vector, taproot'],
  ['LTC', 'LV7LV7Z4bWDEjYkfx9dQo6k6RjGbXsg6hS', 'P2PKH'],
  ['LTC', 'MGEW4aba3tnrVtVhGcmoqqHaLt5ymPSLPi', 'P2SH'],
  ['LTC', 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', 'P2WPKH'],
  ['DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'P2PKH'],
  ['DOGE', 'A6T5s5B1Saja9yAJWxQN8SNXvNzxaoFdcy', 'P2SH'],
  ['XRP', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'genesis account'],
  ['XRP', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', 'ACCOUNT_ZERO'],
  ['SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'SPL Token program'],
  ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC mint'],
  [
    'ADA',
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    'CIP-19 base address',
  ],
  ['ADA', 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', 'CIP-19 enterprise address'],
  ['DOT', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 'SS58 prefix 0'],
];

/** One character changed to another of the same alphabet and case, so only the checksum can tell. */
function typo(address: string): string {
  const i = address.length - 3;
  const c = address[i]!;
  const swap: Record<string, string> = { a: 'c', c: 'a', A: 'C', C: 'A', '2': '3', '3': '2' };
  const alt = swap[c] ?? (/[0-9]/.test(c) ? (c === '9' ? '8' : '9') : /[a-z]/.test(c) ? 'e' : 'E');
  return address.slice(0, i) + (alt === c ? 'd' : alt) + address.slice(i + 1);
}

describe('chain addresses, checksum included', () => {
  it.each(REAL)('accepts %s %s (%s)', (network, address) => {
    expect(isChainAddress(network, address)).toBe(true);
  });

  it.each(REAL.filter(([n]) => n !== 'SOL'))('refuses %s %s with one character changed', (network, address) => {
    const wrong = typo(address);
    expect(wrong).not.toBe(address);
    expect(wrong).toHaveLength(address.length);
    expect(isChainAddress(network, wrong)).toBe(false);
  });

  it('checks EIP-55 where the case is mixed, and takes one case throughout as unchecked', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isChainAddress('ERC20', good.toLowerCase())).toBe(true);
    expect(isChainAddress('ERC20', `0x${good.slice(2).toUpperCase()}`)).toBe(true);
    // One letter's case flipped: the same bytes, a wrong checksum.
    expect(isChainAddress('ERC20', good.replace('aA', 'aa'))).toBe(false);
  });

  it('takes a Solana key of exactly 32 bytes, nothing shorter or longer', () => {
    expect(isChainAddress('SOL', '11111111111111111111111111111111')).toBe(true);
    expect(isChainAddress('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D')).toBe(false);
    expect(isChainAddress('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAA')).toBe(false);
  });

  it.each([
    ['BTC', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU', true], // one case throughout is bech32
    ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyU', false], // mixed case is not
    ['BTC', 'tb1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', false], // testnet's prefix
    ['BTC', 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz', false], // Litecoin's
    ['LTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', false],
    ['LTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false], // version 0x00 is Bitcoin's
    ['DOGE', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
    ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
    ['TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', false],
    ['ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', false],
    ['ERC20', `0x${'ab'.repeat(19)}`, false],
    ['XRP', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false], // Bitcoin's alphabet is not Ripple's
    ['ADA', 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw', false], // a reward (stake) prefix, not a payment address
    ['DOT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', false],
    ['BANK', 'abc', false], // an unlisted network keeps a conservative pattern
    ['BANK', 'DE89370400440532013000', true],
  ])('%s %s → %s', (network, address, ok) => {
    expect(isChainAddress(network, address)).toBe(ok);
  });
});
