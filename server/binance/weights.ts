/**
 * Binance's request-weight limit (developers.binance.com, "LIMITS"): each call costs its weight, counted per IP
 * in the current clock minute and reported in `X-MBX-USED-WEIGHT-1M`. Over the limit a call is refused with 429;
 * an IP that keeps calling after a 429 is banned with 418, for two minutes at first and doubling on each repeat,
 * up to three days, as Binance escalates. Counted in this process's memory: each edge counts its own callers.
 */
export const WEIGHT_LIMIT_PER_MINUTE = 6000;

/**
 * The weight of a call whose `symbol` is optional (Binance's tickers and open orders, spot and futures): `one` for
 * a symbol, `all` for none, and for a `symbols` list `some(n)` of its n names (`all` where the call takes no list).
 * weightBySymbols(2, 80, (n) => (n <= 20 ? 2 : 40))({ symbols: '["A","B"]' }) → 2.
 */
export const weightBySymbols =
  (one: number, all: number, some: (n: number) => number = () => all) =>
  (params: Record<string, string>): number => {
    if (params.symbol !== undefined) return one;
    if (params.symbols === undefined) return all;
    return some((params.symbols.match(/,/g)?.length ?? 0) + 1);
  };
/** Calls refused with 429 in one minute before the ban (Binance does not publish its number). */
const REFUSALS_BEFORE_BAN = 10;
const FIRST_BAN_MS = 2 * 60_000;
const LONGEST_BAN_MS = 3 * 24 * 60 * 60_000;

interface IpUse {
  minute: number;
  used: number;
  refused: number;
  bannedUntil: number;
  bans: number;
}

export type Spent =
  | { ok: true; used: number }
  | { ok: false; status: 429; used: number }
  | { ok: false; status: 418; used: number; bannedUntil: number };

export class WeightCounter {
  private readonly ips = new Map<string, IpUse>();
  private readonly limit: number;
  constructor(limit = WEIGHT_LIMIT_PER_MINUTE) {
    this.limit = limit;
  }

  /** Charges `weight` to `ip` at `now`; a refused call is not charged. */
  spend(ip: string, weight: number, now: number): Spent {
    const minute = Math.floor(now / 60_000);
    let use = this.ips.get(ip);
    if (!use) this.ips.set(ip, (use = { minute, used: 0, refused: 0, bannedUntil: 0, bans: 0 }));
    if (use.minute !== minute) Object.assign(use, { minute, used: 0, refused: 0 });
    if (use.bannedUntil > now)
      return {
        ok: false,
        status: 418,
        used: use.used,
        bannedUntil: use.bannedUntil,
      };
    if (use.used + weight > this.limit) {
      if (++use.refused > REFUSALS_BEFORE_BAN) {
        use.bannedUntil = now + Math.min(FIRST_BAN_MS * 2 ** use.bans++, LONGEST_BAN_MS);
        return {
          ok: false,
          status: 418,
          used: use.used,
          bannedUntil: use.bannedUntil,
        };
      }
      return { ok: false, status: 429, used: use.used };
    }
    use.used += weight;
    return { ok: true, used: use.used };
  }

  /** Forgets IPs idle for a minute and not banned, so the map holds only current callers. */
  prune(now: number): void {
    const minute = Math.floor(now / 60_000);
    for (const [ip, use] of this.ips) if (use.minute < minute && use.bannedUntil <= now) this.ips.delete(ip);
  }
}
