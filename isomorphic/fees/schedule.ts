/**
 * The fee schedule (docs/products/fees.md): VIP levels 0..N, each with maker and taker rates for spot and for
 * perpetuals and the 30-day volumes that reach it. Rates are whole hundredths of a basis point (1 = 0.0001%, so
 * Binance's 0.075% is 750); volumes are whole USDT. Shared by the server (the core charges by it, the job ranks users
 * by it) and the site (the fee page shows it).
 */
export interface FeeLevel {
  level: number;
  /** Hundredths of a basis point (RATE_UNITS): 1,000 = 0.1%. */
  spotMakerRate: number;
  spotTakerRate: number;
  perpMakerRate: number;
  perpTakerRate: number;
  /** 30-day spot volume (USDT) from which the level applies; VIP 0's is 0. */
  spotVolume: number;
  /** 30-day perpetual volume (USDT) from which the level applies, reached instead of the spot one; VIP 0's is 0. */
  perpVolume: number;
}

/** A rate's units in one: a fee is amount × rate / RATE_UNITS (hundredths of a basis point; 1,000,000 = 100%). */
export const RATE_UNITS = 1_000_000n;
/** Rate units in one basis point, the unit the markets' own rates and the schedules journaled before 2026-12-03 use. */
export const RATE_PER_BPS = 100;
/** At most this many levels (VIP 0–9), and no rate above 1% (10,000 units): what the console accepts. */
export const MAX_LEVELS = 10;
export const MAX_RATE = 10_000;
/** The largest threshold the console accepts (10¹² USDT): a whole number JSON and SQL both hold exactly. */
export const MAX_VOLUME = 1_000_000_000_000;

const level = (
  n: number,
  [spotMakerBps, spotTakerBps]: [number, number],
  [perpMakerBps, perpTakerBps]: [number, number],
  spotVolume: number,
  perpVolume: number,
): FeeLevel => ({
  level: n,
  spotMakerRate: spotMakerBps * RATE_PER_BPS,
  spotTakerRate: spotTakerBps * RATE_PER_BPS,
  perpMakerRate: perpMakerBps * RATE_PER_BPS,
  perpTakerRate: perpTakerBps * RATE_PER_BPS,
  spotVolume,
  perpVolume,
});

/** A level as schedules were written before rates had hundredths of a basis point: its rates in whole bps. */
export interface FeeLevelInBps {
  level: number;
  spotMakerBps: number;
  spotTakerBps: number;
  perpMakerBps: number;
  perpTakerBps: number;
  spotVolume: number;
  perpVolume: number;
}

/**
 * A level as the current unit has it, from either form: an old journal's `fees.setSchedule` and an old snapshot hold
 * whole basis points, which convert exactly (× RATE_PER_BPS), so a replay charges what the first run charged.
 */
export function levelInRates(l: FeeLevel | FeeLevelInBps): FeeLevel {
  if ('spotMakerRate' in l) return { ...l };
  return level(l.level, [l.spotMakerBps, l.spotTakerBps], [l.perpMakerBps, l.perpTakerBps], l.spotVolume, l.perpVolume);
}

/**
 * The schedule until operators set their own, after Binance's regular tiers rounded to whole basis points: VIP 0
 * pays what the markets charge (spot 0.10%/0.10%, perpetual 0.02%/0.05%), and the rates fall with 30-day volume.
 */
export const DEFAULT_SCHEDULE: readonly FeeLevel[] = [
  level(0, [10, 10], [2, 5], 0, 0),
  level(1, [9, 10], [2, 4], 1_000_000, 15_000_000),
  level(2, [8, 10], [1, 4], 5_000_000, 50_000_000),
  level(3, [4, 6], [1, 3], 20_000_000, 100_000_000),
  level(4, [4, 5], [1, 3], 100_000_000, 600_000_000),
  level(5, [3, 4], [0, 2], 150_000_000, 1_000_000_000),
];

const RATES = ['spotMakerRate', 'spotTakerRate', 'perpMakerRate', 'perpTakerRate'] as const;
const VOLUMES = ['spotVolume', 'perpVolume'] as const;

/**
 * Why a schedule cannot be used, or null when it can: levels numbered 0, 1, 2, …; whole rates 0–1% that never rise
 * from one level to the next; VIP 0 reached by everyone (thresholds 0) and each later threshold above the one
 * before, for spot and perpetual alike. checkSchedule(DEFAULT_SCHEDULE) → null.
 */
export function checkSchedule(levels: readonly FeeLevel[]): 'count' | 'rates' | 'thresholds' | null {
  if (!levels.length || levels.length > MAX_LEVELS || levels.some((l, i) => l.level !== i)) return 'count';
  const whole = (v: number, max: number) => Number.isSafeInteger(v) && v >= 0 && v <= max;
  for (const [i, l] of levels.entries()) {
    const prev = levels[i - 1];
    if (RATES.some((k) => !whole(l[k], MAX_RATE) || (prev && l[k] > prev[k]))) return 'rates';
    const thresholdOk = (k: (typeof VOLUMES)[number]) =>
      whole(l[k], MAX_VOLUME) && (prev ? l[k] > prev[k] : l[k] === 0);
    if (!VOLUMES.every(thresholdOk)) return 'thresholds';
  }
  return null;
}

/**
 * The level 30-day volumes reach: the highest whose spot or perpetual threshold is met (either suffices). Volumes
 * are in USDT units of 8 decimals: levelFor(DEFAULT_SCHEDULE, 2_000_000n * 10n ** 8n, 0n) → 1.
 */
export function levelFor(levels: readonly FeeLevel[], spot: bigint, perp: bigint): number {
  let reached = 0;
  for (const l of levels) if (spot >= usdt(l.spotVolume) || perp >= usdt(l.perpVolume)) reached = l.level;
  return reached;
}

/** Whole USDT as units of 8 decimals, the asset scale volumes are summed at. */
export function usdt(whole: number): bigint {
  return BigInt(whole) * 10n ** 8n;
}
