import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../isomorphic/fees/schedule.ts';
import { BatchStrings, type CommandContext } from '../core/command.ts';
import { feeAtRate, feeOf } from '../spot/market.ts';
import { FeeBook } from './fee-book.ts';
import { setSchedule } from './fees.commands.ts';

/**
 * Rates in hundredths of a basis point against what came before them: a journal or snapshot written in whole basis
 * points comes back as the same schedule, and a whole-bps rate charges exactly what it charged.
 */
describe('fee rates finer than a basis point', () => {
  const oldLevels = [
    { level: 0, spotMakerBps: 10, spotTakerBps: 10, perpMakerBps: 2, perpTakerBps: 5, spotVolume: 0, perpVolume: 0 },
    { level: 1, spotMakerBps: 7, spotTakerBps: 9, perpMakerBps: 1, perpTakerBps: 4, spotVolume: 10, perpVolume: 20 },
  ];

  it('replays an old journal’s fees.setSchedule (whole bps) as the schedule it set', () => {
    const book = new FeeBook();
    const ctx = { part: () => book } as unknown as CommandContext;
    // As the journal holds it: the payload encoded when rates were whole basis points.
    const journaled = JSON.parse(
      JSON.stringify(setSchedule.encode({ levels: oldLevels as never }, new BatchStrings())),
    );
    setSchedule.apply(ctx, setSchedule.decode(journaled, []));
    expect(book.schedule.map((l) => [l.spotMakerRate, l.spotTakerRate, l.perpMakerRate, l.perpTakerRate])).toEqual([
      [1_000, 1_000, 200, 500],
      [700, 900, 100, 400],
    ]);
    book.setLevel(7, 1);
    // Below the market's own rates nothing is capped; a market cheaper than the level caps it (user 8 at VIP 0).
    expect(book.rate(7, 'spot', 'maker', 10n)).toBe(700n);
    expect(book.rate(7, 'perp', 'maker', 2n)).toBe(100n);
    expect(book.rate(8, 'spot', 'taker', 8n)).toBe(800n);
  });

  it('restores an old snapshot’s whole-bps schedule exactly', () => {
    const book = new FeeBook();
    book.restore({ schedule: oldLevels, levels: [[3, 1]] });
    expect(book.schedule[0]).toEqual(DEFAULT_SCHEDULE[0]);
    expect(book.rate(3, 'spot', 'taker', 10n)).toBe(900n);
  });

  it('charges a whole-bps rate what feeOf charged, and a finer one rounded up', () => {
    for (const amount of [0n, 1n, 9_999n, 10_001n, 123_456_789n, 10n ** 18n + 7n])
      for (const bps of [0n, 1n, 2n, 5n, 10n, 100n]) expect(feeAtRate(amount, bps * 100n)).toBe(feeOf(amount, bps));
    // 0.075% of 1,000.00000001 USDT (8 decimals): 0.7500000000075, rounded up to 0.75000001.
    expect(feeAtRate(100_000_000_001n, 750n)).toBe(75_000_001n);
    expect(feeAtRate(100_000_000_000n, 750n)).toBe(75_000_000n);
  });
});
