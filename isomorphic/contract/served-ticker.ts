import { changeTone, formatAmount, formatChangePercent, formatCompact, PLACEHOLDER } from '../format/index.ts';
import type { ChangeTone } from '../format/index.ts';
import type { MarketEntry, PriceInfo } from './spot.ts';

/**
 * The trade screen's header as the server serves it (issue 30): the page is static, but the server fills the
 * header's figures for the requested pair into the HTML it sends, so the first paint shows the real last price instead
 * of waiting for the scripts and the market list. It also puts the same figures in a JSON block with this id, which
 * the island hydrates from: its first frame must be the HTML's (React error #418 otherwise).
 */
export const SERVED_TICKER_ID = 'served-ticker';

/** Every figure the header shows, already formatted: the server and the island render the same strings. */
export interface TickerFigures {
  symbol: string;
  /** "BTC/USDT". */
  pair: string;
  price: string;
  tone: ChangeTone;
  change: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  /** " (BTC)": the volume's unit, with its space; empty while unknown. */
  baseUnit: string;
  /** " (USDT)": the turnover's unit. */
  quoteUnit: string;
}

/** The header before any figure is known: the static build's (a dash everywhere, no units). */
export const BLANK_FIGURES: TickerFigures = {
  symbol: '',
  pair: PLACEHOLDER,
  price: PLACEHOLDER,
  tone: 'flat',
  change: PLACEHOLDER,
  high: PLACEHOLDER,
  low: PLACEHOLDER,
  volume: PLACEHOLDER,
  turnover: PLACEHOLDER,
  baseUnit: '',
  quoteUnit: '',
};

/**
 * A base-coin volume: compact once it is large, otherwise at the pair's quantity decimals, so 0.0112 BTC is not "0".
 */
function formatVolume(volume: string, quantityDecimals: number): string {
  return Number(volume) >= 1000 ? formatCompact(volume) : formatCompact(volume, quantityDecimals);
}

type Listed = Pick<MarketEntry, 'symbol' | 'symbol_name' | 'baseCoin' | 'part_cou' | 'full_cou' | 'close' | 'zdf'>;

/**
 * The header's figures of a market: its listed price and change, the live ticker's when there is one (`close`, the
 * newest trade's price, wins over both), and dashes for the 24-hour figures until a ticker is known.
 */
export function tickerFigures(market: Listed, live: PriceInfo | null, close?: string | null): TickerFigures {
  const pct = live?.priceChangePercent ?? market.zdf;
  const at = (v: string) => formatAmount(v, market.part_cou);
  return {
    symbol: market.symbol,
    pair: market.symbol_name,
    price: at(close ?? live?.close ?? market.close),
    tone: changeTone(pct),
    change: formatChangePercent(pct),
    high: live ? at(live.high24) : PLACEHOLDER,
    low: live ? at(live.low24) : PLACEHOLDER,
    volume: live ? formatVolume(live.volume, market.full_cou) : PLACEHOLDER,
    turnover: live ? formatCompact(live.volume24) : PLACEHOLDER,
    baseUnit: ` (${market.baseCoin})`,
    quoteUnit: ` (${market.symbol_name.split('/')[1] ?? ''})`,
  };
}

const KEYS = Object.keys(BLANK_FIGURES) as (keyof TickerFigures)[];

/** Figures read back from the page's JSON block: all strings, or null (a damaged or foreign block is not trusted). */
export function parseFigures(json: string | null | undefined): TickerFigures | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    if (!KEYS.every((k) => typeof v[k] === 'string') || !['up', 'down', 'flat'].includes(v.tone as string)) return null;
    return Object.fromEntries(KEYS.map((k) => [k, v[k]])) as unknown as TickerFigures;
  } catch {
    return null;
  }
}
