import { describe, expect, it } from 'vitest';
import type { PositionMessage, PrivateFeedMessage } from '../../../isomorphic/contract/private-feed.ts';
import { mayAddLiquidation, touchesPerpetual } from './feed.ts';

const position = (product: PositionMessage['product'], status: PositionMessage['status']): PrivateFeedMessage => ({
  event: 'POSITION',
  ts: 1,
  data: {
    product,
    positionId: '1',
    symbol: 'btcusdt_perp',
    side: 'long',
    marginMode: 'cross',
    leverage: 10,
    quantity: '0.01',
    entryPrice: '60000',
    markPrice: '60000',
    margin: '60',
    unrealizedPnl: '0',
    liquidationPrice: null,
    status,
    updatedAt: 1,
  },
});

describe('which pushes move the perpetual lists', () => {
  it('contract orders, perpetual positions and settlements, contract-account balances and a reconnect', () => {
    expect(touchesPerpetual({ event: 'ORDER', ts: 1, data: { symbol: 'btcusdt_perp' } })).toBe(true);
    expect(touchesPerpetual({ event: 'ORDER', ts: 1, data: { symbol: 'btcusdt' } })).toBe(false);
    expect(touchesPerpetual(position('perpetual', 'open'))).toBe(true);
    expect(touchesPerpetual(position('margin', 'open'))).toBe(false);
    expect(
      touchesPerpetual({ event: 'OWNCOIN', ts: 1, data: [{ type: 2, coin: 'USDT', available: '1', frozen: '0' }] }),
    ).toBe(true);
    expect(
      touchesPerpetual({ event: 'OWNCOIN', ts: 1, data: [{ type: 1, coin: 'USDT', available: '1', frozen: '0' }] }),
    ).toBe(false);
    expect(
      touchesPerpetual({ event: 'USER_STATUS', ts: 1, data: { userId: 1, status: 'active', isMerchant: 1 } }),
    ).toBe(true);
    expect(
      touchesPerpetual({ event: 'USER_STATUS', ts: 1, data: { userId: 1, status: 'signedOut', isMerchant: 1 } }),
    ).toBe(false);
    expect(touchesPerpetual({ event: 'HEARTBEAT', ts: 1 })).toBe(false);
  });

  it('a liquidation can only come with a liquidated perpetual position, or be missed while disconnected', () => {
    expect(mayAddLiquidation(position('perpetual', 'liquidated'))).toBe(true);
    expect(mayAddLiquidation(position('perpetual', 'closed'))).toBe(false);
    expect(mayAddLiquidation(position('margin', 'liquidated'))).toBe(false);
    expect(
      mayAddLiquidation({ event: 'USER_STATUS', ts: 1, data: { userId: 1, status: 'active', isMerchant: 1 } }),
    ).toBe(true);
  });
});
