/**
 * A real address per network (spec test vectors and well-known accounts, so every checksum passes), for tests whose
 * users deposit through the manual review flow: it only shows an address an operator entered.
 */
export const OPERATOR_ADDRESSES: Record<string, string> = {
  TRC20: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  ERC20: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  BEP20: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  BTC: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  LTC: 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz',
  DOGE: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
  XRP: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  SOL: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ADA: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
  DOT: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
};
