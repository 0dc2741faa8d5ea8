import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';

type Row = Pick<MarketEntry, 'zdf' | 'turnover'>;

const BOARD_SIZE = 5;
const change = (r: Row) => Number(r.zdf);

/**
 * The boards of /market/main (docs/products/spot.md "Market overview"): gainers are only pairs up over 24 h, highest
 * first; losers only pairs down, lowest first; a pair at 0.00% is on neither. A board may be empty, and says so.
 */
export function marketBoards<R extends Row>(list: readonly R[]): { gainers: R[]; losers: R[]; volume: R[] } {
  return {
    gainers: list
      .filter((r) => change(r) > 0)
      .sort((a, b) => change(b) - change(a))
      .slice(0, BOARD_SIZE),
    losers: list
      .filter((r) => change(r) < 0)
      .sort((a, b) => change(a) - change(b))
      .slice(0, BOARD_SIZE),
    volume: [...list].sort((a, b) => Number(b.turnover) - Number(a.turnover)).slice(0, BOARD_SIZE),
  };
}
