import { describe, expect, it } from 'vitest';
import type { PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';
import { marginAlertOf, touchesMargin } from './feed.ts';

const coin = (type: number): PrivateFeedMessage => ({
  event: 'OWNCOIN',
  data: [{ type, coin: 'USDT', available: '1', frozen: '0' }],
  ts: 0,
});

describe('which pushes move the margin screens', () => {
  it('a balance of a margin account, not of another', () => {
    expect(touchesMargin(coin(5))).toBe(true);
    expect(touchesMargin(coin(6))).toBe(true);
    expect(touchesMargin(coin(1))).toBe(false);
    expect(touchesMargin(coin(2))).toBe(false);
  });

  it('an order on a spot book (margin orders trade there), not a perpetual one', () => {
    expect(touchesMargin({ event: 'ORDER', data: { symbol: 'btcusdt' }, ts: 0 })).toBe(true);
    expect(touchesMargin({ event: 'ORDER', data: { symbol: 'btcusdt_perp' }, ts: 0 })).toBe(false);
  });

  it('every MARGIN message: a change, a margin call, a liquidation', () => {
    expect(
      touchesMargin({ event: 'MARGIN', data: { kind: 'changed', mode: null, symbol: null, level: null }, ts: 0 }),
    ).toBe(true);
  });

  it('a reconnect, after which pushes may have been missed', () => {
    expect(touchesMargin({ event: 'USER_STATUS', data: { userId: 1, status: 'active', isMerchant: 1 }, ts: 0 })).toBe(
      true,
    );
    expect(touchesMargin({ event: 'HEARTBEAT', ts: 0 })).toBe(false);
  });
});

describe('the notices of margin calls and liquidations', () => {
  it('come from MARGIN messages that name an account and a level', () => {
    expect(
      marginAlertOf({
        event: 'MARGIN',
        data: { kind: 'marginCall', mode: 'isolated', symbol: 'btcusdt', level: '1.2875' },
        ts: 0,
      }),
    ).toEqual({ kind: 'marginCall', mode: 'isolated', symbol: 'btcusdt', level: '1.2875' });
    expect(
      marginAlertOf({ event: 'MARGIN', data: { kind: 'changed', mode: null, symbol: null, level: null }, ts: 0 }),
    ).toBeNull();
    expect(marginAlertOf({ event: 'HEARTBEAT', ts: 0 })).toBeNull();
  });
});
