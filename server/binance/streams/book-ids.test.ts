import { describe, expect, it } from 'vitest';
import type { Depth } from '../../matching/types.ts';
import { BookIds } from './book-ids.ts';
import { parseStream } from './stream-names.ts';

describe('book update ids', () => {
  it('numbers each change once and collects it for every cadence, with 0 for a level gone', () => {
    let now: Depth = { bids: [[100, 2]], asks: [[101, 1]] };
    const ids = new BookIds(() => now, [100, 1000]);
    expect(ids.snapshot('x', 10)).toEqual({
      id: 1,
      bids: [[100, 2]],
      asks: [[101, 1]],
    });
    ids.syncNumbered('x');
    expect(ids.take(100)).toEqual([]);
    now = { bids: [[100, 3]], asks: [] };
    ids.syncNumbered('x');
    now = {
      bids: [
        [100, 3],
        [99, 5],
      ],
      asks: [],
    };
    ids.syncNumbered('x');
    expect(ids.take(100)).toEqual([
      [
        'x',
        {
          U: 2,
          u: 3,
          bids: new Map([
            [100, 3],
            [99, 5],
          ]),
          asks: new Map([[101, 0]]),
        },
      ],
    ]);
    expect(ids.take(100)).toEqual([]);
    expect(ids.take(1000)[0]![1]).toMatchObject({ U: 2, u: 3 });
    expect(ids.levels('x', 1)).toEqual({ id: 3, bids: [[100, 3]], asks: [] });
  });

  it('leaves books nobody numbered alone', () => {
    let reads = 0;
    const ids = new BookIds(() => (reads++, { bids: [], asks: [] }), [100]);
    ids.syncNumbered('y');
    expect(reads).toBe(0);
    expect(ids.levels('y', 5)).toBeUndefined();
  });
});

describe('stream names', () => {
  it("reads Binance's names and refuses others", () => {
    expect(parseStream('btcusdt@depth')).toEqual({
      kind: 'diff',
      symbol: 'btcusdt',
      ms: 1000,
    });
    expect(parseStream('btcusdt@depth@100ms')).toEqual({
      kind: 'diff',
      symbol: 'btcusdt',
      ms: 100,
    });
    expect(parseStream('btcusdt@depth20@100ms')).toMatchObject({
      kind: 'partial',
      levels: 20,
      ms: 100,
    });
    expect(parseStream('btcusdt@kline_1h')).toEqual({
      kind: 'kline',
      symbol: 'btcusdt',
      interval: '1h',
    });
    expect(parseStream('!ticker@arr')).toEqual({ kind: 'allTickers' });
    for (const bad of [
      'btcusdt@depth7',
      'BTCUSDT@trade',
      'btcusdt@kline_2h',
      'btcusdt@trade@100ms',
      'btcusdt@depth@250ms',
      'x@y',
    ])
      expect(parseStream(bad)).toBeUndefined();
  });
});
