import { fail } from '../outcome.ts';
import type { Queryable } from '../storage/db.ts';
import type { Market } from './market.ts';
import { loadMarkets } from './market.repo.ts';

/**
 * The markets registry: every market the install lists (spot books and mt5 quotes), read once before the trading
 * core starts, because the books are built on it and a replay must see the same markets. The one way other products
 * (margin, seconds, wallet, otc, perpetual) and the feeds learn a market's scales and status.
 */
export class SpotMarkets {
  private readonly bySymbol: ReadonlyMap<string, Market>;

  constructor(markets: readonly Market[]) {
    this.bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  }

  static async load(q: Queryable): Promise<SpotMarkets> {
    return new SpotMarkets(await loadMarkets(q));
  }

  /** A market by its exact (lower-case) symbol; undefined when there is none. */
  get(symbol: string): Market | undefined {
    return this.bySymbol.get(symbol);
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  /** A market a caller names, in any case; refused as `unknownMarket` when there is none. */
  market(symbol: string): Market {
    const m = this.bySymbol.get(symbol.toLowerCase());
    if (!m) fail('unknownMarket');
    return m;
  }

  /** Every market, in display order. */
  values(): IterableIterator<Market> {
    return this.bySymbol.values();
  }
}
