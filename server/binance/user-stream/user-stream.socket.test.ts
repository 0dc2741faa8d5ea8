import { describe, expect, it } from 'vitest';
import { combinedFrame, isListenKey } from './user-stream.socket.ts';

describe("the user stream's socket names", () => {
  it('tells listen keys from market stream names', () => {
    expect(isListenKey('a'.repeat(30) + 'Z9'.repeat(15))).toBe(true);
    expect(isListenKey('btcusdt@trade')).toBe(false);
    expect(isListenKey('a'.repeat(59))).toBe(false);
    expect(isListenKey('a'.repeat(59) + '-')).toBe(false);
  });

  it('wraps an event for a combined stream as Binance does', () => {
    expect(JSON.parse(combinedFrame('k', { e: 'listenKeyExpired' }))).toEqual({
      stream: 'k',
      data: { e: 'listenKeyExpired' },
    });
  });
});
