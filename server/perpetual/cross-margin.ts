/**
 * A cross-margin account: one wallet in one margin asset backing every cross position margined in it (USDT for
 * BTCUSDT and ETHUSDT; each coin for its own COIN-M contract). Isolated positions are not part of it: their
 * margin is their own, and the wallet here is the cross wallet balance with it already moved out.
 *
 * Such an account is liquidated when its margin balance (wallet + Σ unrealised PnL) is at or below Σ maintenance
 * margin. Each position's liquidation price therefore moves with the other positions' marks, which is what
 * `crossTriggers` deals with for the liquidation index (see there).
 */
import type { Contract } from './contracts.ts';
import { liquidationPrice } from './liquidation-price.ts';
import {
  initialMargin,
  isLiquidatable,
  marginRatio,
  positionMaintenance,
  unrealisedPnl,
  type Position,
} from './position-math.ts';

/** A cross position with the contract it is in, the mark it is valued at and the leverage it was opened with. */
export interface Holding {
  contract: Contract;
  position: Position;
  mark: bigint;
  leverage: bigint;
}

interface AccountRisk {
  /** Margin balance: wallet + Σ unrealised PnL. */
  equity: bigint;
  maintenance: bigint;
  /** At RATE_SCALE; null when the margin balance is ≤ 0. */
  ratio: bigint | null;
  liquidatable: boolean;
}

const pnl = (h: Holding) => unrealisedPnl(h.contract, h.position, h.mark);
const mm = (h: Holding) => positionMaintenance(h.contract, h.position, h.mark);

export function accountRisk(wallet: bigint, holdings: readonly Holding[]): AccountRisk {
  let equity = wallet;
  let maintenance = 0n;
  for (const h of holdings) {
    equity += pnl(h);
    maintenance += mm(h);
  }
  return {
    equity,
    maintenance,
    ratio: marginRatio(maintenance, equity),
    liquidatable: holdings.length > 0 && isLiquidatable(equity, maintenance),
  };
}

/**
 * What the account can still commit to new orders or move out: wallet + Σ unrealised PnL − Σ initial margin of
 * the positions at their marks − what open orders already hold. Negative means nothing.
 */
export function crossAvailable(wallet: bigint, holdings: readonly Holding[], orderMargin: bigint): bigint {
  let free = wallet - orderMargin;
  for (const h of holdings) free += pnl(h) - initialMargin(h.contract, h.position.qty, h.mark, h.leverage);
  return free;
}

/**
 * Each position's liquidation price as Binance shows it: the other positions held at their current marks
 * (backing = WB − TMM1 + UPNL1).
 */
export function crossLiquidationPrices(wallet: bigint, holdings: readonly Holding[]): (bigint | null)[] {
  const parts = holdings.map((h) => pnl(h) - mm(h));
  const all = parts.reduce((a, b) => a + b, 0n);
  return holdings.map((h, i) => liquidationPrice(h.contract, h.position, wallet + all - parts[i]!));
}

/**
 * Trigger prices for the liquidation index that are safe however the marks move together. The account's
 * headroom H = margin balance − maintenance margin is shared out: each of its n positions gets ⌊H / n⌋ and its
 * trigger is the price at which its own loss (unrealised PnL falling, maintenance rising) would use up its share.
 * While no mark has reached its position's trigger, the account's headroom is still above H − n⌊H / n⌋ ≥ 0, so
 * it is not liquidatable; a mark tick therefore only has to look at the positions whose triggers it reached.
 * Reaching one does not mean liquidation: the core then checks the whole account (`accountRisk`) at the current
 * marks and either liquidates it or computes its triggers again with the headroom it has left. With a single
 * cross position the trigger is exactly its liquidation price.
 */
export function crossTriggers(wallet: bigint, holdings: readonly Holding[]): (bigint | null)[] {
  if (holdings.length === 0) return [];
  const parts = holdings.map((h) => pnl(h) - mm(h));
  const headroom = wallet + parts.reduce((a, b) => a + b, 0n);
  const share = headroom > 0n ? headroom / BigInt(holdings.length) : headroom;
  // Position i reaches its trigger where pnl − mm = parts[i] − share, i.e. backing + pnl = mm with this backing.
  return holdings.map((h, i) => liquidationPrice(h.contract, h.position, share - parts[i]!));
}
