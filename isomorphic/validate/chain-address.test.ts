import { describe, expect, it } from 'vitest';
import { isChainAddress } from './chain-address.ts';

describe('withdrawal addresses per network', () => {
  it.each([
    ['TRC20', 'TXYZ123456789abcdefghijkLMNPQRSTUV'],
    ['ERC20', `0x${'aB'.repeat(20)}`],
    ['BEP20', `0x${'12'.repeat(20)}`],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['LTC', 'ltc1qg82tjg2m5gxw6a7v6f6t6k6q8h8hwdp8e5x9k3'],
    ['XRP', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'],
    ['DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
    ['SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
    ['DOT', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
  ])('accepts a %s address', (network, address) => {
    expect(isChainAddress(network, address)).toBe(true);
  });

  it.each([
    ['TRC20', 'TXYZ1234567890abcdefghijkLMNOPQRS'], // 0 and O are not base58
    ['TRC20', `0x${'ab'.repeat(20)}`],
    ['ERC20', 'TXYZ123456789abcdefghijkLMNPQRSTUV'],
    ['ERC20', `0x${'ab'.repeat(19)}`],
    ['BTC', 'bc1q'],
    ['XRP', 'xPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'],
    ['SOL', 'short'],
    ['BANK', 'abc'],
  ])('refuses %s %s', (network, address) => {
    expect(isChainAddress(network, address)).toBe(false);
  });
});
