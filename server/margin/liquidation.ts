/**
 * What liquidating a margin account must do, as a plan computed from its lines and the index prices; the core
 * executes it (cancelling the account's open margin orders first, so every balance is free).
 *
 * 1. Repay in kind: each asset's balance repays that asset's debt, interest first, then principal.
 * 2. Sell: every asset left over that is not USDT is sold for USDT on its spot market (all of it, as Binance
 *    liquidates the whole account; what is left after the debts stays the user's, in USDT), largest value first,
 *    by IOC orders no lower than the index − the band (2% by default), rounded up to the tick. Quantities are whole
 *    lots; less than a lot stays as dust.
 * 3. Repay USDT debt from the USDT held and the sales.
 * 4. Buy each asset still owed with the USDT left, largest debt first, by IOC orders no higher than the index + the
 *    band, rounded down to the tick, enough lots for the debt after the buyer's fee (paid in the base), or as many
 *    as the USDT left allows; then repay in kind again.
 * 5. What is still owed is the shortfall, covered by the insurance fund and recorded.
 *
 * The plan assumes the worst fills the bounds allow (every sale at its floor, every buy at its cap, taker fees on
 * both), so its shortfall is the most the fund can be asked for if every order fills; the core sends the orders,
 * then books the result with `settle` on the balances the fills left (a better fill leaves a smaller shortfall;
 * an order the book cannot fill leaves its asset unsold and the debt standing until the next attempt).
 */
import { ASSET_SCALE } from '../../isomorphic/money/units.ts';
import { baseUnits, feeOf, marketPrice, notional, priceBand, type Market } from '../spot/market.ts';
import { pow10 } from '../perpetual/rounding.ts';
import {
  countedAssets,
  QUOTE,
  valueDown,
  valueUp,
  type Line,
  type MarginAccount,
  type PriceOf,
} from './margin-account.ts';

/** The band around the index liquidation orders are bounded by: 2%. */
const LIQUIDATION_BAND_BPS = 200n;

interface Repayment {
  asset: string;
  interest: bigint;
  principal: bigint;
}

export interface Sell {
  symbol: string;
  asset: string;
  /** Lots, at the market's quantity scale. */
  qty: bigint;
  /** The lowest price the IOC may fill at, at the market's price scale. */
  minPrice: bigint;
  /** USDT units it brings at worst, after the seller's fee. */
  worstProceeds: bigint;
}

export interface Buy {
  symbol: string;
  asset: string;
  qty: bigint;
  maxPrice: bigint;
  /** USDT units it costs at worst. */
  worstCost: bigint;
  /** Base units it brings after the buyer's fee. */
  receives: bigint;
}

interface Shortfall {
  asset: string;
  interest: bigint;
  principal: bigint;
  /** USDT units at the index, rounded up. */
  value: bigint;
}

interface LiquidationPlan {
  repayInKind: Repayment[];
  sells: Sell[];
  buys: Buy[];
  /** Repayments from the sales and buys (USDT debt, then the bought assets). */
  repayAfter: Repayment[];
  /** Left unpaid at the worst fills: the insurance fund's part. */
  shortfall: Shortfall[];
  shortfallValue: bigint;
  /** What the account keeps at the worst fills (dust, USDT left, overbought lots), asset units. */
  remaining: Record<string, bigint>;
}

/** Balance repays debt of the same asset, interest first: the payment and the line after it. */
function repayFrom(asset: string, l: Line): { payment: Repayment | null; line: Line } {
  const interest = l.balance < l.interest ? l.balance : l.interest;
  const rest = l.balance - interest;
  const principal = rest < l.principal ? rest : l.principal;
  if (interest === 0n && principal === 0n) return { payment: null, line: l };
  return {
    payment: { asset, interest, principal },
    line: { balance: rest - principal, principal: l.principal - principal, interest: l.interest - interest },
  };
}

interface LiquidationInput {
  account: MarginAccount;
  priceOf: PriceOf;
  /** The asset's USDT spot market; undefined if it has none (its balance then cannot be sold). */
  marketOf: (asset: string) => Market | undefined;
  bandBps?: bigint;
}

export function planLiquidation(input: LiquidationInput): LiquidationPlan {
  const { account, priceOf, marketOf } = input;
  const band = input.bandBps ?? LIQUIDATION_BAND_BPS;
  const price = (asset: string) => (asset === QUOTE ? pow10(ASSET_SCALE) : priceOf(asset));
  const lines = new Map<string, Line>(countedAssets(account).map((a) => [a, account.lines[a]!]));
  const repayInKind: Repayment[] = [];
  const repayAfter: Repayment[] = [];
  const settleInKind = (asset: string, into: Repayment[]) => {
    const { payment, line } = repayFrom(asset, lines.get(asset)!);
    if (payment) into.push(payment);
    lines.set(asset, line);
  };
  for (const asset of lines.keys()) settleInKind(asset, repayInKind);

  // Sell every non-USDT balance, largest value first.
  if (!lines.has(QUOTE)) lines.set(QUOTE, { balance: 0n, principal: 0n, interest: 0n });
  const usdt = () => lines.get(QUOTE)!;
  const addUsdt = (delta: bigint) => lines.set(QUOTE, { ...usdt(), balance: usdt().balance + delta });
  const sells: Sell[] = [];
  const toSell = [...lines]
    .filter(([a, l]) => a !== QUOTE && l.balance > 0n && marketOf(a))
    .sort(([a, x], [b, y]) => cmpDesc(valueDown(x.balance, price(a)), valueDown(y.balance, price(b))));
  for (const [asset, l] of toSell) {
    const m = marketOf(asset)!;
    const qty = l.balance / baseUnits(m, 1n);
    if (qty === 0n) continue;
    const minPrice = priceBand({ ...m, priceBandBps: band }, marketPrice(m, price(asset))).min;
    const quote = notional(m, minPrice, qty);
    const worstProceeds = quote - feeOf(quote, m.takerFeeBps);
    sells.push({ symbol: m.symbol, asset, qty, minPrice, worstProceeds });
    lines.set(asset, { ...l, balance: l.balance - baseUnits(m, qty) });
    addUsdt(worstProceeds);
  }
  settleInKind(QUOTE, repayAfter);

  // Buy what is still owed, largest debt first, with the USDT left.
  const buys: Buy[] = [];
  const owedOf = (l: Line) => l.principal + l.interest;
  const toBuy = [...lines]
    .filter(([a, l]) => a !== QUOTE && owedOf(l) > 0n && marketOf(a))
    .sort(([a, x], [b, y]) => cmpDesc(valueUp(owedOf(x), price(a)), valueUp(owedOf(y), price(b))));
  for (const [asset] of toBuy) {
    const m = marketOf(asset)!;
    const l = lines.get(asset)!;
    const maxPrice = priceBand({ ...m, priceBandBps: band }, marketPrice(m, price(asset))).max;
    const lot = baseUnits(m, 1n);
    const receivesOf = (q: bigint) => baseUnits(m, q) - feeOf(baseUnits(m, q), m.takerFeeBps);
    let qty = (owedOf(l) * 10_000n) / ((10_000n - m.takerFeeBps) * lot);
    while (receivesOf(qty) < owedOf(l)) qty++;
    const perLot = notional(m, maxPrice, 1n);
    const affordable = perLot === 0n ? 0n : usdt().balance / perLot;
    if (qty > affordable) qty = affordable;
    if (qty <= 0n) continue;
    const worstCost = notional(m, maxPrice, qty);
    const receives = receivesOf(qty);
    buys.push({ symbol: m.symbol, asset, qty, maxPrice, worstCost, receives });
    addUsdt(-worstCost);
    lines.set(asset, { ...l, balance: l.balance + receives });
    settleInKind(asset, repayAfter);
  }

  const shortfall: Shortfall[] = [];
  let shortfallValue = 0n;
  const remaining: Record<string, bigint> = {};
  for (const [asset, l] of lines) {
    if (l.balance > 0n) remaining[asset] = l.balance;
    if (owedOf(l) === 0n) continue;
    const value = valueUp(owedOf(l), price(asset));
    shortfall.push({ asset, interest: l.interest, principal: l.principal, value });
    shortfallValue += value;
  }
  return { repayInKind, sells, buys, repayAfter, shortfall, shortfallValue, remaining };
}

const cmpDesc = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);

/**
 * After the orders: each asset's balance repays its own debt (interest first); what is still owed is the
 * shortfall the insurance fund covers, at the index. Used by the core on the balances the fills actually left.
 */
export function settle(
  lines: Readonly<Record<string, Line>>,
  priceOf: PriceOf,
): { repayments: Repayment[]; shortfall: Shortfall[]; lines: Record<string, Line> } {
  const repayments: Repayment[] = [];
  const shortfall: Shortfall[] = [];
  const out: Record<string, Line> = {};
  for (const [asset, l] of Object.entries(lines)) {
    const { payment, line } = repayFrom(asset, l);
    if (payment) repayments.push(payment);
    out[asset] = line;
    const owed = line.principal + line.interest;
    if (owed > 0n)
      shortfall.push({
        asset,
        interest: line.interest,
        principal: line.principal,
        value: valueUp(owed, asset === QUOTE ? pow10(ASSET_SCALE) : priceOf(asset)),
      });
  }
  return { repayments, shortfall, lines: out };
}
