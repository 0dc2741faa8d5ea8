import { describe, expect, it } from 'vitest';
import { onTime, readSigned, sign, signatureMatches } from './signature.ts';

/** Binance's published example key (developers.binance.com, "SIGNED request example (HMAC)"): no one's real secret. */
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const PARAMS =
  'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';

describe('the HMAC-SHA256 signature, against Binance’s published examples', () => {
  it('signs every parameter in the query string (example 1)', () => {
    expect(sign(SECRET, PARAMS)).toBe('c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71');
    const r = readSigned(`${PARAMS}&signature=c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71`, '');
    expect(r.payload).toBe(PARAMS);
    expect(signatureMatches(SECRET, r.payload, r.signatures[0]!)).toBe(true);
  });

  it('signs every parameter in the body the same way (example 2)', () => {
    const r = readSigned('', `${PARAMS}&signature=c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71`);
    expect(r.payload).toBe(PARAMS);
    expect(signatureMatches(SECRET, r.payload, r.signatures[0]!)).toBe(true);
  });

  it('joins query string and body with no & between them (example 3)', () => {
    const r = readSigned(
      'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC',
      'quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559&signature=0fd168b8ddb4876a0358a8d14d0c9f3da0e9b20c5d52b2a00fcf7d1c602f9a77',
    );
    expect(r.payload).toBe(
      'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTCquantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559',
    );
    expect(signatureMatches(SECRET, r.payload, r.signatures[0]!)).toBe(true);
    expect(r.params).toMatchObject({ symbol: 'LTCBTC', quantity: '1', timestamp: '1499827319559' });
  });

  it('signs percent-encoded text as sent (the example with non-ASCII characters)', () => {
    const query =
      'symbol=%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94%EF%BC%95%EF%BC%96&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
    expect(sign(SECRET, query)).toBe('e1353ec6b14d888f1164ae9af8228a3dbd508bc82eb867db8ab6046442f33ef3');
    expect(readSigned(query, '').params.symbol).toBe('１２３４５６');
  });

  it('reads hex in either case and refuses any other signature', () => {
    expect(signatureMatches(SECRET, PARAMS, 'C8DB56825AE71D6D79447849E617115F4A920FA2ACDCAB2B053C4B2838BD6B71')).toBe(
      true,
    );
    expect(signatureMatches(SECRET, PARAMS, 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b70')).toBe(
      false,
    );
    expect(
      signatureMatches(SECRET, `${PARAMS}&x=1`, 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71'),
    ).toBe(false);
    expect(signatureMatches(SECRET, PARAMS, 'short')).toBe(false);
  });

  it('lets the query string win over the body, and flags a parameter sent twice in one part', () => {
    expect(readSigned('side=SELL', 'side=BUY').params.side).toBe('SELL');
    expect(readSigned('side=SELL&side=BUY', '').malformed).toBe('side');
    expect(readSigned('a=%E0%A4%A', '').malformed).toBe('a');
    expect(readSigned('a=1&signature=x&signature=y', '').signatures).toEqual(['x', 'y']);
  });
});

describe('the timing rule', () => {
  const now = 1_700_000_000_000;
  it('takes a timestamp up to recvWindow behind and less than a second ahead', () => {
    expect(onTime(now - 5000, 5000, now)).toBe(true);
    expect(onTime(now - 5001, 5000, now)).toBe(false);
    expect(onTime(now + 999, 5000, now)).toBe(true);
    expect(onTime(now + 1000, 5000, now)).toBe(false);
    expect(onTime(now - 59_000, 60_000, now)).toBe(true);
  });
});
