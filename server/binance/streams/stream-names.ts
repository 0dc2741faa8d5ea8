import { KLINE_INTERVALS, type KlineInterval } from '../../../isomorphic/contract/spot.ts';

/** The diff depth streams' periods (developers.binance.com, "Diff. Depth Stream"): 1000ms, or 100ms when named. */
export const SLOW_MS = 1000;
export const FAST_MS = 100;

/** A stream a connection can follow, read from its Binance name (symbols lower-case in names). */
export type Stream =
  | { kind: 'diff'; symbol: string; ms: number }
  | { kind: 'partial'; symbol: string; levels: number; ms: number }
  | {
      kind: 'trade' | 'aggTrade' | 'bookTicker' | 'miniTicker' | 'ticker';
      symbol: string;
    }
  | { kind: 'kline'; symbol: string; interval: KlineInterval }
  | { kind: 'allMiniTickers' | 'allTickers' };

const PARTIAL_LEVELS = new Set([5, 10, 20]);

/**
 * Reads a stream name (developers.binance.com, "WebSocket Streams"): `<symbol>@depth[@100ms]`,
 * `<symbol>@depth<5|10|20>[@100ms]`, `<symbol>@trade`, `@aggTrade`, `@kline_<interval>` (the intervals we keep),
 * `@bookTicker`, `@miniTicker`, `@ticker`, `!miniTicker@arr`, `!ticker@arr`. Undefined for any other name; the
 * symbol is checked by the caller.
 */
export function parseStream(name: string): Stream | undefined {
  if (name === '!miniTicker@arr') return { kind: 'allMiniTickers' };
  if (name === '!ticker@arr') return { kind: 'allTickers' };
  const [symbol, what, speed, ...rest] = name.split('@');
  if (!symbol || !what || rest.length || symbol !== symbol.toLowerCase()) return undefined;
  const depth = /^depth(\d*)$/.exec(what);
  if (depth) {
    if (speed !== undefined && speed !== '100ms') return undefined;
    const ms = speed ? FAST_MS : SLOW_MS;
    if (!depth[1]) return { kind: 'diff', symbol, ms };
    const levels = Number(depth[1]);
    return PARTIAL_LEVELS.has(levels) ? { kind: 'partial', symbol, levels, ms } : undefined;
  }
  if (speed !== undefined) return undefined;
  if (what.startsWith('kline_')) {
    const interval = what.slice(6) as KlineInterval;
    return KLINE_INTERVALS.includes(interval) ? { kind: 'kline', symbol, interval } : undefined;
  }
  if (what === 'trade' || what === 'aggTrade' || what === 'bookTicker' || what === 'miniTicker' || what === 'ticker')
    return { kind: what, symbol };
  return undefined;
}
