import { describe, expect, it } from 'vitest';
import { WeightCounter, weightBySymbols } from './weights.ts';

describe('request weights, as Binance counts them per IP and minute', () => {
  it('charges each call and resets at the next clock minute', () => {
    const w = new WeightCounter(10);
    expect(w.spend('a', 4, 0)).toEqual({ ok: true, used: 4 });
    expect(w.spend('a', 6, 59_999)).toEqual({ ok: true, used: 10 });
    expect(w.spend('b', 1, 59_999)).toEqual({ ok: true, used: 1 });
    expect(w.spend('a', 1, 60_000)).toEqual({ ok: true, used: 1 });
  });

  it('refuses over the limit with 429 without charging, then bans with 418 a caller who keeps going', () => {
    const w = new WeightCounter(5);
    w.spend('a', 5, 0);
    for (let i = 0; i < 10; i++) expect(w.spend('a', 1, 1000 + i)).toEqual({ ok: false, status: 429, used: 5 });
    const ban = w.spend('a', 1, 2000);
    expect(ban).toEqual({ ok: false, status: 418, used: 5, bannedUntil: 2000 + 120_000 });
    // The ban outlasts the minute; the next one after it is twice as long.
    expect(w.spend('a', 1, 61_000).ok).toBe(false);
    expect(w.spend('a', 1, 122_000)).toEqual({ ok: true, used: 1 });
    w.spend('a', 4, 122_000);
    for (let i = 0; i < 10; i++) w.spend('a', 1, 122_001);
    expect(w.spend('a', 1, 122_002)).toMatchObject({ status: 418, bannedUntil: 122_002 + 240_000 });
  });

  it('forgets idle callers but keeps the banned', () => {
    const w = new WeightCounter(1);
    w.spend('idle', 1, 0);
    w.spend('bad', 1, 0);
    for (let i = 0; i < 11; i++) w.spend('bad', 1, 1);
    w.prune(60_000);
    expect(w.spend('bad', 1, 60_001).ok).toBe(false);
    expect(w.spend('idle', 1, 60_001)).toEqual({ ok: true, used: 1 });
  });

  it('weighs a call with an optional symbol by one symbol, a list of n, or the whole exchange', () => {
    const ticker = weightBySymbols(2, 80, (n) => (n <= 20 ? 2 : n <= 100 ? 40 : 80));
    expect(ticker({ symbol: 'BTCUSDT' })).toBe(2);
    expect(ticker({})).toBe(80);
    expect(ticker({ symbols: JSON.stringify(Array.from({ length: 20 }, (_, i) => `S${i}`)) })).toBe(2);
    expect(ticker({ symbols: JSON.stringify(Array.from({ length: 21 }, (_, i) => `S${i}`)) })).toBe(40);
    // A call that takes no list weighs a list as the whole exchange.
    expect(weightBySymbols(1, 40)({ symbols: '["A","B"]' })).toBe(40);
  });
});
