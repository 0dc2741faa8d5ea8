import { describe, expect, it } from 'vitest';
import type { SettlementMessage } from '../../../isomorphic/contract/private-feed.ts';
import { settlementNotices } from './notices.ts';

const settled = (orderId: string, profit: string): SettlementMessage => ({
  product: 'seconds',
  orderId,
  symbol: 'btcusdt',
  direction: 'up',
  amount: '100',
  coin: 'USDT',
  openPrice: '100',
  closePrice: '101',
  profit,
  settledAt: 0,
});

describe('settlementNotices', () => {
  it('announces every settlement that arrived in one batch, oldest first, and each only once', () => {
    const announced = new Set<string>();
    // The store keeps the newest first.
    const first = settlementNotices([settled('2', '-50'), settled('1', '85')], announced);
    expect(first.map((n) => [n.settlement.orderId, n.key, n.kind])).toEqual([
      ['1', 'seconds.settledWon', 'success'],
      ['2', 'seconds.settledLost', 'warning'],
    ]);
    expect(settlementNotices([settled('2', '-50'), settled('1', '85')], announced)).toEqual([]);
    const next = settlementNotices(
      [settled('4', '0'), settled('3', '-10'), settled('2', '-50'), settled('1', '85')],
      announced,
    );
    expect(next.map((n) => [n.settlement.orderId, n.key])).toEqual([
      ['3', 'seconds.settledLost'],
      ['4', 'seconds.settledEven'],
    ]);
  });

  it('never announces a loss as an error, which the error throttle could hold back', () => {
    const notices = settlementNotices([settled('6', '-1'), settled('5', '-1')], new Set());
    expect(notices.map((n) => n.kind)).toEqual(['warning', 'warning']);
  });
});
