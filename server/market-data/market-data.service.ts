import type { MarketEntry } from '../../isomorphic/contract/spot.ts';
import type { MarketData } from './market-data.ts';
import { marketEntry } from '../spot/views.ts';
import { watchedSymbols } from '../spot/watchlist.repo.ts';
import type { Db } from '../storage/db.ts';
import { activeAssets } from '../wallet/wallet.repo.ts';

/** The active markets `filter` keeps, each marked when the viewer (null: nobody signed in) watches it. */
export async function marketEntries(
  db: Db,
  marketData: MarketData,
  viewerId: number | null,
  filter: (symbol: string) => boolean = () => true,
): Promise<MarketEntry[]> {
  const optional = viewerId !== null ? await watchedSymbols(db, viewerId) : new Set<string>();
  // Read each time: an operator may change how many decimals an asset shows without a restart.
  const decimals = new Map((await activeAssets(db)).map((a) => [a.code, Number(a.display_decimals)]));
  return [...marketData.markets.values()]
    .filter((m) => m.status === 'active' && filter(m.symbol))
    .map((m) => marketEntry(m, marketData.ticker(m.symbol), optional.has(m.symbol), decimals));
}
