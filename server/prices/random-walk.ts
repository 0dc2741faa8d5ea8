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

/**
 * A price that moves like a market: log-normal steps (volatility per step), pulled gently back toward its
 * anchor so a long-running install does not drift to zero or to the moon. Prices here are plain numbers: this
 * only decides where the bot quotes; every order it sends is converted to exact units like anyone else's.
 */
export class RandomWalk {
  price: number;
  private readonly anchor: number;
  private readonly volatility: number;
  private readonly random: () => number;

  constructor(start: number, opts: { volatility?: number; seed?: number } = {}) {
    this.price = start;
    this.anchor = start;
    this.volatility = opts.volatility ?? 0.0008;
    this.random = prng(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  }

  /** A standard normal draw (Box–Muller). */
  private gaussian(): number {
    const u = Math.max(this.random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }

  step(): number {
    const pull = 0.002 * Math.log(this.anchor / this.price);
    this.price *= Math.exp(pull + this.volatility * this.gaussian());
    return this.price;
  }

  /** Moves the walk to an outside reference (an external price feed). */
  follow(price: number): void {
    this.price = price;
  }

  /** A uniform number in [0, 1), from the same seeded source. */
  uniform(): number {
    return this.random();
  }
}
