/** A small deterministic PRNG (mulberry32), so a seeded walk repeats exactly in tests. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Steps are normal draws cut at this many standard deviations, on both sides alike so the cut adds no drift. */
const CUT = 3;

/**
 * The demo index: a price whose log moves by symmetric steps (volatility per step), so up and down are equally
 * likely from wherever it stands, and neither its past nor its distance from any public price says where it goes
 * next: second contracts settle on it, and a walk pulled toward an anchor let bets toward the anchor win. Steps in
 * log space keep it above zero. It has no upper bound on purpose: a walk held inside bounds without a pull is a
 * bounded martingale, which must come to rest. Prices here are plain numbers; every order sent from them is
 * converted to exact units like anyone else's.
 */
export class RandomWalk {
  price: number;
  private readonly volatility: number;
  private readonly random: () => number;

  constructor(start: number, opts: { volatility?: number; seed?: number } = {}) {
    this.price = start;
    this.volatility = opts.volatility ?? 0.0008;
    this.random = prng(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  }

  /** A standard normal draw (Box–Muller). */
  private gaussian(): number {
    const u = Math.max(this.random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }

  step(): number {
    this.price *= Math.exp(this.volatility * Math.max(-CUT, Math.min(CUT, this.gaussian())));
    return this.price;
  }

  /** Moves the walk to an outside reference: an external price feed, or the index as published. */
  follow(price: number): void {
    this.price = price;
  }
}
