/**
 * The built-in makers' ladders, spot and perpetual: 20 levels a side, in two tiers. The inner five, near the price,
 * follow it closely; the outer fifteen, which make the book as deep as the trade screen shows, are quoted again only
 * when the price has walked far enough that an inner level could come near one of them, or when they grew old. So a
 * book 20 deep costs each tick the new orders five did: the door counts every new order against the account's limit
 * (100 per 10 s on spot), as it does any bot's, and one maker account quotes every market.
 */

export const LEVELS = 20;
export const INNER_LEVELS = 5;

/** Level `i`'s distance from the price it is quoted around, in basis points: 4, then 6 more per level (19: 118). */
export const levelOffsetBps = (i: number): number => 4 + i * 6;

export type TierName = 'inner' | 'outer';

/**
 * When a tier is quoted again: the price moved this far from where it was quoted (a fraction), or this many ticks
 * passed. The outer tier's move stays below the gap an inner bid must cross to reach an outer ask: the innermost
 * outer level is 0.34 % out and the outermost inner one 0.28 %, so with the inner tier up to 0.08 % behind, a walk of
 * 0.25 % leaves them apart (0.25 + 0.08 < 0.34 + 0.04, the innermost inner level's own distance).
 */
const RULES: Record<TierName, { move: number; maxAge: number; levels: [from: number, to: number] }> = {
  inner: { move: 0.0008, maxAge: 15, levels: [0, INNER_LEVELS] },
  outer: { move: 0.0025, maxAge: 120, levels: [INNER_LEVELS, LEVELS] },
};

/** A tier as quoted: the price it was quoted around, ticks since, and the handles of its orders (to cancel them). */
export interface Tier {
  ref: number;
  age: number;
  handles: string[];
}

/**
 * A market's ladder, as the maker last quoted it. `due` says which tiers must be quoted again at `ref` (and ages the
 * others); an absent tier (never quoted, or its quotes cancelled) is always due.
 */
export class Ladder {
  readonly tiers: Partial<Record<TierName, Tier>> = {};

  due(ref: number): TierName[] {
    const out: TierName[] = [];
    for (const name of ['inner', 'outer'] as const) {
      const t = this.tiers[name];
      const rule = RULES[name];
      if (!t || Math.abs(ref - t.ref) / t.ref > rule.move || t.age >= rule.maxAge) out.push(name);
      else t.age += 1;
    }
    return out;
  }
}

/** The levels (`from` inclusive, `to` exclusive) a tier quotes. */
export const tierLevels = (name: TierName): [number, number] => RULES[name].levels;
