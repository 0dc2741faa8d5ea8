import { beforeAll, describe, expect, it } from 'vitest';
import { PriceIndex } from './price-index.ts';
import { RandomWalk } from './random-walk.ts';

/** The demo index as users see it (integers at the price scale), sample after sample, from a seeded walk. */
async function demoIndex(
  m: { start: bigint; priceScale: number; volatility: number; seed: number },
  samples: number,
): Promise<bigint[]> {
  const prices = new PriceIndex({ feedUrls: [] });
  prices.track({ symbol: 'demo', ...m });
  const path = [m.start];
  for (let i = 0; i < samples; i++) {
    await prices.advance();
    path.push(prices.get('demo')!.price);
  }
  return path;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
function correlation(xs: readonly number[], ys: readonly number[]): number {
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

const SAMPLES = 120_000;
/**
 * Seeded markets as the install tracks them: BTCUSDT (3,000 ticks a step) and DOGEUSDT (10 ticks a step, many ties).
 */
const MARKETS = [
  { name: 'BTCUSDT', start: 9_650_000n, priceScale: 2, volatility: 0.0003, seed: 11 },
  { name: 'DOGEUSDT', start: 32_000n, priceScale: 5, volatility: 0.0003, seed: 12 },
];

describe.each(MARKETS)('the demo index of $name over a seeded run of 120,000 samples', (m) => {
  let path: bigint[];
  const logOf = (p: bigint) => Math.log(Number(p));
  beforeAll(async () => {
    path = await demoIndex(m, SAMPLES);
  });

  it('moves by increments of mean zero, up as often as down, uncorrelated with how far it stands from its start', () => {
    const steps = path.slice(1).map((p, i) => logOf(p) - logOf(path[i]!));
    const distance = path.slice(0, -1).map((p) => logOf(p) - logOf(m.start));
    // Four standard errors: a fixed seed, so this either always passes or always fails.
    expect(Math.abs(mean(steps))).toBeLessThan((4 * sd(steps)) / Math.sqrt(steps.length));
    expect(Math.abs(correlation(distance, steps))).toBeLessThan(4 / Math.sqrt(steps.length));
    // Nor with the last step (no bounce inside a tick).
    expect(Math.abs(correlation(steps.slice(0, -1), steps.slice(1)))).toBeLessThan(4 / Math.sqrt(steps.length));
    const ups = steps.filter((d) => d > 0).length;
    const downs = steps.filter((d) => d < 0).length;
    expect(Math.abs(ups / (ups + downs) - 0.5)).toBeLessThan(2 / Math.sqrt(ups + downs));
  });

  it('lets betting toward the start win about half the time, losing the house edge at a 90% payout', () => {
    // 30-second second contracts, one every 30 samples: up when the index stands below where it started, else down.
    const HORIZON = 30;
    let [won, lost] = [0, 0];
    for (let t = 0; t + HORIZON < path.length; t += HORIZON) {
      const [open, close] = [path[t]!, path[t + HORIZON]!];
      if (open === m.start || close === open) continue;
      if (open < m.start === close > open) won++;
      else lost++;
    }
    const bets = won + lost;
    expect(bets).toBeGreaterThan(3_500);
    expect(Math.abs(won / bets - 0.5)).toBeLessThan(2 / Math.sqrt(bets));
    // Each bet stakes 1: a win pays 0.9, a loss takes the stake.
    expect((0.9 * won - lost) / bets).toBeLessThan(0);
  });
});

describe('the demo walk', () => {
  it('repeats for a seed', () => {
    const [a, b] = [new RandomWalk(100, { seed: 7 }), new RandomWalk(100, { seed: 7 })];
    const pathA = Array.from({ length: 5_000 }, () => a.step());
    expect(Array.from({ length: 5_000 }, () => b.step())).toEqual(pathA);
  });

  it('keeps its volatility, never moves more than three of it in a step, and never reaches zero', () => {
    const walk = new RandomWalk(100, { volatility: 0.01, seed: 5 });
    const steps = Array.from({ length: 20_000 }, () => {
      const before = walk.price;
      return Math.log(walk.step() / before);
    });
    expect(sd(steps)).toBeGreaterThan(0.0095);
    expect(sd(steps)).toBeLessThan(0.0105);
    expect(Math.max(...steps.map(Math.abs))).toBeLessThanOrEqual(0.03 + 1e-12);
    expect(walk.price).toBeGreaterThan(0);
  });
});
