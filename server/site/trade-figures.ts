import { tickerFigures, type TickerFigures } from '../../isomorphic/contract/served-ticker.ts';
import type { MarketData } from '../market-data/market-data.ts';
import { marketEntry, priceInfo } from '../spot/views.ts';

/**
 * The trade header's figures for a pair, from the markets in memory: the list's entry and the ticker the public feed
 * sends for it (server/feeds/public, `detail`), so the first paint and the live screen show the same numbers. Only a
 * pair the spot screen lists (an active spot market): for any other the screen shows another pair, so nothing is
 * filled.
 */
export function tradeFigures(marketData: MarketData): (symbol: string) => TickerFigures | null {
  return (symbol) => {
    if (!marketData.markets.has(symbol)) return null;
    const m = marketData.markets.market(symbol);
    if (m.market !== 'spot' || m.status !== 'active') return null;
    const ticker = marketData.ticker(m.symbol);
    return tickerFigures(marketEntry(m, ticker, false, new Map()), priceInfo(m, ticker));
  };
}
