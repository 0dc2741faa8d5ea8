/**
 * How the perpetual screens outside the trade screen (order centre, contract assets) read the wire values: names,
 * scales, signs and risk levels. Pure functions on decimal strings; no floats.
 */
import type { ContractKindName, ContractView, PerpAccount, PerpOrder } from '../../../isomorphic/contract/perpetual.ts';
import { changeTone, formatAmount, type ChangeTone } from '../../../isomorphic/format/index.ts';
import { parseDecimal } from '../../../isomorphic/format/decimal.ts';

/**
 * Wallet account types (docs/requirements.md §3) a contract transfer moves between: the spot account and the contract
 * account.
 */
export const SPOT_ACCOUNT = 1;
export const CONTRACT_ACCOUNT = 2;

/** The trading pair of a contract symbol: pairOf('btcusdt_perp') → "BTCUSDT". */
export function pairOf(symbol: string): string {
  return symbol.replace(/_perp$/i, '').toUpperCase();
}

/**
 * The kind of a contract from its market-list row (common/getCoinList contractList): USDT-margined contracts are
 * quoted in USDT, coin-margined ones in USD. kindOfEntry({ symbol_name: 'BTC/USD' }) → "coin".
 */
export function kindOfEntry(m: { symbol_name: string }): ContractKindName {
  return m.symbol_name.toUpperCase().endsWith('/USDT') ? 'usdt' : 'coin';
}

/** An order still rests on the book (untouched or partly filled), so it can be cancelled. */
export function isCancellable(o: Pick<PerpOrder, 'status'>): boolean {
  return o.status === 'open' || o.status === 'partial';
}

/** Decimals a wire decimal string carries: decimalsIn('0.0100') → 4. */
export function decimalsIn(value: string): number {
  return /\.(\d+)$/.exec(value)?.[1]?.length ?? 0;
}

/**
 * A price or quantity at the contract's scale with thousands separators; while the contract is not known, at the
 * decimals the server sent (it sends them at the contract's scale): atScale('64210.5', 2) → "64,210.50".
 */
export function atScale(value: string | null | undefined, scale?: number): string {
  if (value === null || value === undefined || value === '') return '--';
  return formatAmount(value, scale ?? decimalsIn(value), { grouping: true });
}

/** Whether a decimal string is above zero (an average price, a filled quantity). */
export function isPositive(value: string | null | undefined): boolean {
  const d = value == null ? null : parseDecimal(value);
  return d !== null && !d.negative && /[1-9]/.test(d.int + d.frac);
}

/**
 * The colour of a profit or loss as shown: up above zero, down below, flat at zero, and flat too when the amount
 * is too small to show at its decimals (a PnL of 0.003 USDT reads "0.00", neither gain nor loss).
 */
export function pnlTone(value: string, formatted?: string): ChangeTone {
  if (formatted !== undefined && !/[1-9]/.test(formatted)) return 'flat';
  return changeTone(value);
}

/**
 * A formatted amount with its sign: a gain reads "+12.50", a loss "-3.00" (the minus comes with the number), nothing
 * "0.00".
 */
export function signed(formatted: string, value: string): string {
  return pnlTone(value, formatted) === 'up' ? `+${formatted}` : formatted;
}

export type Risk = 'low' | 'medium' | 'high';

/**
 * The danger a margin ratio (maintenance over margin balance, percent) stands for, as exchanges colour it: under
 * 50% low, under 80% medium, then high; at 100% the account is liquidated. riskOf('82.10') → "high".
 */
export function riskOf(marginRatio: string): Risk {
  const d = parseDecimal(marginRatio);
  if (d === null || d.negative) return 'low';
  const hundredths = BigInt(d.int || '0') * 100n + BigInt((d.frac + '00').slice(0, 2));
  return hundredths >= 8000n ? 'high' : hundredths >= 5000n ? 'medium' : 'low';
}

/**
 * The unit an order's quantity is counted in: the base coin for USDT-margined contracts, whole contracts for
 * coin-margined.
 */
export function quantityUnit(
  contract: Pick<ContractView, 'kind' | 'base'> | undefined,
): { coin: string } | 'contracts' | null {
  if (!contract) return null;
  return contract.kind === 'coin' ? 'contracts' : { coin: contract.base };
}

const KIND_ORDER: Record<ContractKindName, number> = { usdt: 0, coin: 1 };

/** Contract accounts in the order the screen lists them: USDT-margined first, then coin-margined by asset. */
export function sortAccounts(rows: readonly PerpAccount[]): PerpAccount[] {
  return [...rows].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.asset.localeCompare(b.asset));
}

/** The contract of a symbol from the loaded list, if it is there. */
export function contractOf(contracts: readonly ContractView[], symbol: string): ContractView | undefined {
  const s = symbol.toLowerCase();
  return contracts.find((c) => c.symbol === s);
}
