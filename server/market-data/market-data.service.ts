import type { MarketEntry } from '../../isomorphic/contract/spot.ts';
import type { MarketData } from './market-data.ts';
import { marketEntry } from '../spot/views.ts';
import { watchedSymbols } from '../spot/watchlist.repo.ts';
import type { Db } from '../storage/db.ts';

/** The active markets `filter` keeps, each marked when the viewer (null: nobody signed in) watches it. */
export async function marketEntries(
  db: Db,
  marketData: MarketData,
  viewerId: number | null,
  filter: (symbol: string) => boolean = () => true,
): Promise<MarketEntry[]> {
  const optional = viewerId !== null ? await watchedSymbols(db, viewerId) : new Set<string>();
  return [...marketData.markets.values()]
    .filter((m) => m.status === 'active' && filter(m.symbol))
    .map((m) => marketEntry(m, marketData.ticker(m.symbol), optional.has(m.symbol)));
}
