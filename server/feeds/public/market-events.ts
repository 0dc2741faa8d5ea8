import type { PublicTrade } from '../../../isomorphic/contract/spot.ts';

/**
 * What market data (server/market-data/market-data.ts) publishes on the bus (server/bus), for the feeds of any
 * process. Every message is plain JSON: amounts are decimal strings at the market's scale, never bigints.
 */
export const marketTopics = {
  /** Trades printed in one batch of a market, oldest first (also a quote print of a market without a book). */
  trades: (symbol: string) => `market.${symbol}.trades`,
  /** The market's book changed; the message carries no book (feeds read it and throttle). */
  book: (symbol: string) => `market.${symbol}.book`,
};

export interface MarketTradesMessage {
  symbol: string;
  /** The last price printed. */
  price: string;
  /** The public side of each trade, oldest first; empty for a quote print (no quantity traded). */
  trades: PublicTrade[];
}

export interface MarketBookMessage {
  symbol: string;
}
