import { parseFigures, SERVED_TICKER_ID, type TickerFigures } from '../../../isomorphic/contract/served-ticker.ts';

let read: TickerFigures | null | undefined;

/**
 * The header figures the server put in the trade page for its pair (isomorphic/contract/served-ticker.ts), read once:
 * the island's first frame renders them, as the HTML already shows them. Null at build time, when the page is served
 * without our server (a plain static host), and for a pair the server did not know.
 */
export function servedFigures(): TickerFigures | null {
  if (typeof document === 'undefined') return null;
  if (read === undefined) read = parseFigures(document.getElementById(SERVED_TICKER_ID)?.textContent);
  return read;
}
