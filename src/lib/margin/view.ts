/**
 * How the margin screens read the wire values (isomorphic/contract/margin.ts): which account a screen shows, the risk
 * of a margin level against the account's thresholds, what is owed and what may be repaid, and whether a typed
 * amount can be sent. Pure functions on decimal strings in the asset's integer units; no floats.
 */
import type {
  MarginAccountView,
  MarginLine,
  MarginMode,
  MarginProperty,
  MarginRecordKind,
  MarginRisk,
} from '../../../isomorphic/contract/margin.ts';
import { ASSET_SCALE } from '../../../isomorphic/format/asset.ts';
import { formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';

/** The trade screen's account switch: the spot account as it is, or one of the two margin accounts. */
export type TradeAccount = 'spot' | MarginMode;
export const TRADE_ACCOUNTS: readonly TradeAccount[] = ['spot', 'cross', 'isolated'];

/** The kinds of margin record, in the order the records filter offers them (the contract's list, without its zod). */
export const RECORD_KINDS: readonly MarginRecordKind[] = [
  'borrow',
  'repay',
  'interest',
  'transfer',
  'marginCall',
  'liquidation',
];

/** The wallet's account types of spot margin (server/ledger/account-types.ts), named by `assets.account.<type>`. */
export const MARGIN_ACCOUNT_TYPE: Record<MarginMode, number> = { cross: 5, isolated: 6 };

/** The switch's value from the page address (?margin=cross): anything else is the spot account. */
export function tradeAccountOf(param: string | null): TradeAccount {
  return param === 'cross' || param === 'isolated' ? param : 'spot';
}

/**
 * Units of a non-negative decimal string at `scale`, extra places cut off (levels and wire amounts may carry more
 * than a display needs); null when it is not a plain number. units('1.305', 2) → 130n.
 */
export function units(text: string | null | undefined, scale = ASSET_SCALE): bigint | null {
  if (text == null) return null;
  const [int = '', frac = ''] = text.trim().split('.');
  const parsed = parseUnits(frac ? `${int}.${frac.slice(0, scale)}` : int, scale);
  return parsed.ok ? parsed.value : null;
}

const asText = (value: bigint) => formatUnits(value, ASSET_SCALE).replace(/\.?0+$/, '');

/**
 * The risk of a margin level by the account's thresholds (at or below each one the rule acts): no level (nothing
 * owed) is safe. riskOfLevel('1.25', { borrowLimit: '1.5', marginCall: '1.3', liquidation: '1.1' }) → "marginCall".
 */
export function riskOfLevel(
  level: string | null,
  th: Pick<MarginAccountView['thresholds'], 'borrowLimit' | 'marginCall' | 'liquidation'>,
): MarginRisk {
  const l = units(level);
  if (l === null) return 'safe';
  const at = (threshold: string) => l <= (units(threshold) ?? 0n);
  if (at(th.liquidation)) return 'liquidation';
  if (at(th.marginCall)) return 'marginCall';
  if (at(th.borrowLimit)) return 'noBorrow';
  return 'safe';
}

/**
 * A margin level as shown: two decimals, cut down (never shows an account safer than it is). levelText('1.309') →
 * "1.30".
 */
export function levelText(level: string | null): string | null {
  const l = units(level, 2);
  return l === null ? null : formatUnits(l, 2);
}

/** The account a screen shows: the cross account, or the isolated account of a pair (undefined until it is used). */
export function accountOf(
  property: MarginProperty | null,
  mode: MarginMode,
  symbol?: string,
): MarginAccountView | undefined {
  if (!property) return undefined;
  return mode === 'cross' ? property.cross : property.isolated.find((a) => a.symbol === symbol);
}

/** Whether a pair is open for margin trading, with its coins and leverage cap. */
export function marginPairOf(
  property: MarginProperty | null,
  symbol: string,
): MarginProperty['pairs'][number] | undefined {
  return property?.pairs.find((p) => p.symbol === symbol);
}

/** One coin's line of an account. */
export function lineOf(account: MarginAccountView | undefined, coin: string): MarginLine | undefined {
  return account?.lines.find((l) => l.coin === coin);
}

/** What is owed of a coin: principal plus interest. owed({ borrowed: '100', interest: '0.01' }) → "100.01". */
export function owed(line: Pick<MarginLine, 'borrowed' | 'interest'> | undefined): string {
  if (!line) return '0';
  return asText((units(line.borrowed) ?? 0n) + (units(line.interest) ?? 0n));
}

/** Whether anything of a line is owed. */
export function isOwing(line: Pick<MarginLine, 'borrowed' | 'interest'> | undefined): boolean {
  return owed(line) !== '0';
}

/** The most a repayment can take now: what is owed, but no more than the coin's free balance in the account. */
export function repayMax(line: Pick<MarginLine, 'borrowed' | 'interest' | 'free'> | undefined): string {
  if (!line) return '0';
  const debt = units(owed(line)) ?? 0n;
  const free = units(line.free) ?? 0n;
  return asText(debt < free ? debt : free);
}

/**
 * What an order of the margin form may spend: the coin's free balance, plus what may be borrowed when the order
 * borrows for itself. spendable('10', '90', true) → "100".
 */
export function spendable(free: string, maxBorrow: string, autoBorrow: boolean): string {
  const f = units(free) ?? 0n;
  return asText(autoBorrow ? f + (units(maxBorrow) ?? 0n) : f);
}

/**
 * A typed amount that cannot be sent, as a message key and its parameters (translated by the island): null when fine.
 */
export type AmountProblem =
  | { key: 'required' | 'invalid' | 'zero' | 'negative' }
  | { key: 'tooPrecise'; decimals: number }
  | { key: 'overMax'; max: string }
  | null;

/**
 * Checks a dialog's amount before it is sent: present, a plain positive number of at most the asset's 8 decimals,
 * and not above `max` when the screen knows the most that may go (what may be borrowed, is owed, may leave).
 */
export function checkAmount(text: string, max?: string): AmountProblem {
  const s = text.trim().replace(/\.$/, '');
  if (s === '') return { key: 'required' };
  if (s.startsWith('-')) return { key: 'negative' };
  const parsed = parseUnits(s, ASSET_SCALE);
  if (!parsed.ok)
    return parsed.problem === 'precision' ? { key: 'tooPrecise', decimals: ASSET_SCALE } : { key: 'invalid' };
  if (parsed.value === 0n) return { key: 'zero' };
  if (max !== undefined && parsed.value > (units(max) ?? 0n)) return { key: 'overMax', max };
  return null;
}

/** An amount as typed for the wire: "12." is 12. */
export function cleanAmount(text: string): string {
  return text.trim().replace(/\.$/, '');
}

/** The accounts of the wallet's margin section: the cross account first, then each isolated pair by name. */
export function walletAccounts(property: MarginProperty | null): MarginAccountView[] {
  if (!property) return [];
  return [
    property.cross,
    ...[...property.isolated].sort((a, b) => (a.symbol_name ?? '').localeCompare(b.symbol_name ?? '')),
  ];
}

/**
 * The lines worth a row: an isolated account's two coins always (what each may borrow matters before anything is
 * held); of the cross account, each asset held or owed (a zero line says nothing).
 */
export function shownLines(account: MarginAccountView): MarginLine[] {
  if (account.mode === 'isolated') return account.lines;
  return account.lines.filter((l) => /[1-9]/.test(l.total) || isOwing(l));
}

/** A rate (a fraction) as a percentage, exactly: ratePercent('0.00025') → "0.025", ratePercent('0.1') → "10". */
export function ratePercent(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const digits = `${int}${frac.padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** The coins an account takes: an isolated pair's two, or for the cross account every coin of a margin pair. */
export function collateralCoins(property: MarginProperty | null, mode: MarginMode, symbol?: string): string[] {
  const pairs = (property?.pairs ?? []).filter((p) => mode === 'cross' || p.symbol === symbol);
  return [...new Set(pairs.flatMap((p) => [p.base, p.quote]))];
}

/** The coins an account owes something of, for the repay dialog. */
export function owedCoins(account: MarginAccountView | undefined): string[] {
  return (account?.lines ?? []).filter((l) => isOwing(l)).map((l) => l.coin);
}

/**
 * A wire amount cut once to the decimals a screen shows: the figure a dialog names, fills in with Max and reports
 * afterwards, so all three agree. cutTo('0.06270687', 6) → "0.062706".
 */
export function cutTo(text: string, decimals: number): string {
  return formatUnits(units(text, decimals) ?? 0n, decimals);
}

/**
 * A net figure as the screen shows it: the shown whole less the shown parts, each cut once to the shown decimals,
 * so the figures on screen add up. The exact net cut again could lose one step: 4,000.00 − 1,000.0125 is 2,999.9875,
 * shown 2,999.98 under a debt shown as 1,000.01; this answers "2999.99". shownNet('4000', ['1000.0125'], 2).
 */
export function shownNet(whole: string, parts: readonly string[], decimals: number): string {
  const cut = (v: string) => units(v, decimals) ?? 0n;
  return formatUnits(
    parts.reduce((net, p) => net - cut(p), cut(whole)),
    decimals,
  );
}
