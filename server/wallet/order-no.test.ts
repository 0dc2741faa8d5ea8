import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderNo } from './order-no.ts';

describe('orderNo', () => {
  afterEach(() => vi.useRealTimers());

  it('is the prefix and 20 digits', () => {
    expect(orderNo('R')).toMatch(/^R\d{20}$/);
    expect(orderNo('W')).toMatch(/^W\d{20}$/);
  });

  it('does not spell out the time it was made in, in UTC or any zone', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T06:15:30Z'));
    for (let i = 0; i < 50; i++) {
      const n = orderNo('R');
      // UTC (20261121061530) and Hong Kong (20261121141530) wall clocks, down to the date.
      expect(n.startsWith('R20261121')).toBe(false);
    }
  });

  it('differs every time', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => orderNo('W')));
    expect(seen.size).toBe(1000);
  });
});
