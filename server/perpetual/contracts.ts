/**
 * The perpetual contracts and their leverage brackets, as Binance publishes them for the same four symbols.
 *
 * - Linear (USDⓈ-M): quantity in the base coin, margined and settled in USDT; a position's notional is
 *   size × price in USDT.
 * - Inverse (COIN-M): quantity in contracts worth `contractSize` USD each, margined and settled in the base coin;
 *   a position's notional is contracts × contractSize / price in the coin.
 *
 * Units: prices are integers at the contract's price scale (one unit is the tick), quantities are integers at its
 * quantity scale (one unit is the lot; contracts for inverse), and every amount of money, brackets included, is
 * in units of the margin asset at ASSET_SCALE (8 decimals). Rates (maintenance margin rates, funding rates) are
 * at RATE_SCALE (10⁸ = 100%), the scale the mark price's funding basis already uses.
 *
 * A bracket applies to notionals in (floor, cap]; maintenance margin = notional × MMR − cum, where the
 * maintenance amount cum makes that piecewise-linear function continuous at every floor:
 * cum_n = floor_n × (MMR_n − MMR_{n−1}) + cum_{n−1}. Each table below lists cum as published, and the tests
 * check it against that recurrence.
 */
import { ASSET_SCALE, parseUnits } from '../../isomorphic/money/units.ts';
import { RATE_DIGITS, RATE_SCALE } from '../prices/mark-price.ts';
import { divCeil } from './rounding.ts';

type ContractKind = 'linear' | 'inverse';

export interface Bracket {
  /** Notionals above this (exclusive) are in the bracket; margin-asset units. */
  floor: bigint;
  /** Notionals up to this (inclusive) are in the bracket; margin-asset units. */
  cap: bigint;
  maxLeverage: bigint;
  /** Maintenance margin rate at RATE_SCALE. */
  mmr: bigint;
  /** Maintenance amount, margin-asset units. */
  cum: bigint;
}

export interface Contract {
  symbol: string;
  kind: ContractKind;
  base: string;
  /** The currency prices are quoted in: USDT for linear, USD for inverse. */
  quote: string;
  /** What positions are margined, paid and settled in. */
  marginAsset: string;
  /** Decimals of the price; the tick is one unit. */
  priceScale: number;
  /** Decimals of the quantity; the lot is one unit (inverse: 0, whole contracts). */
  qtyScale: number;
  /** Inverse only: what one contract is worth in whole USD. */
  contractSize: bigint;
  brackets: readonly Bracket[];
  /** The spot market whose index price this contract follows (USDT is taken as USD for COIN-M). */
  indexSymbol: string;
  /** Fees on a fill's value, in basis points, as Binance's base tier charges them. */
  makerFeeBps: bigint;
  takerFeeBps: bigint;
}

const units = (text: string, scale: number) => {
  const parsed = parseUnits(text, scale);
  if (!parsed.ok) throw new Error(`bad number ${text} in a bracket table`);
  return parsed.value;
};

/** One table row per bracket: [cap, max leverage, MMR, cum], with the floor being the previous row's cap. */
type Row = readonly [cap: string, maxLeverage: number, mmr: string, cum: string];

function brackets(rows: readonly Row[]): Bracket[] {
  let floor = 0n;
  return rows.map(([cap, maxLeverage, mmr, cum]) => {
    const b = {
      floor,
      cap: units(cap, ASSET_SCALE),
      maxLeverage: BigInt(maxLeverage),
      mmr: units(mmr, RATE_DIGITS),
      cum: units(cum, ASSET_SCALE),
    };
    floor = b.cap;
    return b;
  });
}

/**
 * Binance's USDⓈ-M brackets for BTCUSDT and ETHUSDT as its leverage-bracket API listed them (the 2024 tables;
 * Binance revises them from time to time, and existing positions keep the table they opened under there).
 */
const BTCUSDT: readonly Row[] = [
  ['50000', 125, '0.004', '0'],
  ['600000', 100, '0.005', '50'],
  ['3000000', 75, '0.0065', '950'],
  ['12000000', 50, '0.01', '11450'],
  ['70000000', 25, '0.02', '131450'],
  ['100000000', 20, '0.025', '481450'],
  ['230000000', 10, '0.05', '2981450'],
  ['480000000', 5, '0.1', '14481450'],
  ['600000000', 4, '0.125', '26481450'],
  ['800000000', 3, '0.15', '41481450'],
  ['1200000000', 2, '0.25', '121481450'],
  ['1800000000', 1, '0.5', '421481450'],
];

const ETHUSDT: readonly Row[] = [
  ['50000', 125, '0.004', '0'],
  ['600000', 100, '0.005', '50'],
  ['3000000', 75, '0.0065', '950'],
  ['12000000', 50, '0.01', '11450'],
  ['50000000', 25, '0.02', '131450'],
  ['65000000', 20, '0.025', '381450'],
  ['150000000', 10, '0.05', '2006450'],
  ['320000000', 5, '0.1', '9506450'],
  ['400000000', 4, '0.125', '17506450'],
  ['530000000', 3, '0.15', '27506450'],
  ['800000000', 2, '0.25', '80506450'],
  ['1200000000', 1, '0.5', '280506450'],
];

/**
 * Binance's COIN-M brackets, notional in the coin ("Leverage and Margin in Coin-Margined Futures Contracts");
 * its liquidation-price FAQ checks row 7 (300 BTC: MMR 12.5%, maintenance amount 11.605 BTC).
 */
const BTCUSD_PERP: readonly Row[] = [
  ['5', 125, '0.004', '0'],
  ['10', 100, '0.005', '0.005'],
  ['20', 50, '0.01', '0.055'],
  ['50', 20, '0.025', '0.355'],
  ['100', 10, '0.05', '1.605'],
  ['200', 5, '0.1', '6.605'],
  ['400', 4, '0.125', '11.605'],
  ['1000', 3, '0.15', '21.605'],
  ['1500', 2, '0.25', '121.605'],
  ['2500', 1, '0.5', '496.605'],
];

const ETHUSD_PERP: readonly Row[] = [
  ['15', 100, '0.005', '0'],
  ['100', 75, '0.0065', '0.0225'],
  ['250', 50, '0.01', '0.3725'],
  ['500', 20, '0.025', '4.1225'],
  ['1000', 10, '0.05', '16.6225'],
  ['1500', 5, '0.1', '66.6225'],
  ['2000', 4, '0.125', '104.1225'],
  ['5000', 3, '0.15', '154.1225'],
  ['7500', 2, '0.25', '654.1225'],
  ['50000', 1, '0.5', '2529.1225'],
];

/** Binance's base-tier fees: USDⓈ-M 0.02% maker, 0.05% taker; COIN-M the same. */
const FEES = { makerFeeBps: 2n, takerFeeBps: 5n };
/** Symbols are lowercase like the spot markets', with `_perp` so that no perpetual shares a spot market's name. */
const linear = (base: string, priceScale: number, rows: readonly Row[]): Contract => ({
  symbol: `${base.toLowerCase()}usdt_perp`,
  kind: 'linear',
  base,
  quote: 'USDT',
  marginAsset: 'USDT',
  priceScale,
  qtyScale: 3,
  contractSize: 0n,
  brackets: brackets(rows),
  indexSymbol: `${base.toLowerCase()}usdt`,
  ...FEES,
});
const inverse = (base: string, priceScale: number, contractSize: bigint, rows: readonly Row[]): Contract => ({
  symbol: `${base.toLowerCase()}usd_perp`,
  kind: 'inverse',
  base,
  quote: 'USD',
  marginAsset: base,
  priceScale,
  qtyScale: 0,
  contractSize,
  brackets: brackets(rows),
  indexSymbol: `${base.toLowerCase()}usdt`,
  ...FEES,
});

/** Ticks and lots as Binance lists them: BTCUSDT 0.1 / 0.001 BTC, ETHUSDT 0.01 / 0.001 ETH, COIN-M 0.1 and 0.01. */
export const CONTRACTS: Readonly<Record<string, Contract>> = Object.fromEntries(
  [
    linear('BTC', 1, BTCUSDT),
    linear('ETH', 2, ETHUSDT),
    inverse('BTC', 1, 100n, BTCUSD_PERP),
    inverse('ETH', 2, 10n, ETHUSD_PERP),
  ].map((c) => [c.symbol, c]),
);

export function contractOf(symbol: string): Contract | undefined {
  return CONTRACTS[symbol];
}

/** The bracket a notional falls in; past the last cap the last bracket (orders that would get there are refused). */
export function bracketOf(c: Contract, notional: bigint): Bracket {
  for (const b of c.brackets) if (notional <= b.cap) return b;
  return c.brackets.at(-1)!;
}

/** notional × MMR − cum, rounded up: the platform asks for the larger unit. */
export function maintenanceMargin(c: Contract, notional: bigint): bigint {
  const b = bracketOf(c, notional);
  return divCeil(notional * b.mmr, RATE_SCALE) - b.cum;
}

export function maxLeverage(c: Contract): bigint {
  return c.brackets[0]!.maxLeverage;
}

/** The largest position notional a leverage allows: the highest cap among the brackets that allow that leverage. */
export function maxNotionalAt(c: Contract, leverage: bigint): bigint {
  let cap = 0n;
  for (const b of c.brackets) if (b.maxLeverage >= leverage) cap = b.cap;
  return cap;
}

/** The maintenance amounts the recurrence gives for a table's floors and rates (Binance's FAQ formula). */
export function cumFromTiers(tiers: readonly Pick<Bracket, 'floor' | 'mmr'>[]): bigint[] {
  const out: bigint[] = [];
  tiers.forEach((t, i) => {
    if (i === 0) return out.push(0n);
    const step = t.floor * (t.mmr - tiers[i - 1]!.mmr);
    if (step % RATE_SCALE !== 0n) throw new Error(`maintenance amount of bracket ${i + 1} is not a whole unit`);
    return out.push(step / RATE_SCALE + out[i - 1]!);
  });
  return out;
}
