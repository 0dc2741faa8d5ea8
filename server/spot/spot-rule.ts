import type { RiskRule, SettlementPart } from '../core/risk/risk-rule.ts';
import type { HoldId, RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT, type UserAccountType } from '../ledger/account-types.ts';
import { baseUnits, notional, pushFeeLines, type Market } from './market.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { OrderRow } from './orders.repo.ts';

/** An order on a spot book, with its market. */
export interface SpotPosition {
  market: Market;
  order: OrderRow;
}

/** One side of a trade: the quantity and quote traded, and the fee this side pays in the asset it receives. */
export interface SpotFill {
  qty: bigint;
  quote: bigint;
  fee: bigint;
}

/** An order's hold is named by the order's id (server/core/risk/hold-table.ts: `order:N` when shown or saved). */
export const holdIdOf = (orderId: number): HoldId => orderId;

/**
 * The asset and amount an order holds while it lives: sells hold base, limit buys quote at their limit, market buys
 * their budget.
 */
export function holdOf(
  m: Market,
  o: Pick<OrderRow, 'side' | 'kind' | 'price' | 'quantity' | 'quoteBudget'>,
): { asset: string; amount: bigint } {
  if (o.side === 'sell') return { asset: m.base, amount: baseUnits(m, o.quantity) };
  return { asset: m.quote, amount: o.kind === 'limit' ? notional(m, o.price, o.quantity) : o.quoteBudget };
}

/**
 * How much of an order's hold a fill uses up: buys hold quote at their own limit, so a better price leaves some over.
 */
function holdUsed(m: Market, o: OrderRow, fill: SpotFill): bigint {
  if (o.side === 'sell') return baseUnits(m, fill.qty);
  return o.kind === 'limit' ? notional(m, o.price, fill.qty) : fill.quote;
}

/** A rule for orders trading from one account type (`type`): its part of a fill, as `settle` answers it. */
export type TradeRule = RiskRule<SpotPosition, SpotFill> & { readonly type: UserAccountType };

/**
 * Orders trading from one account type (the spot account; margin accounts reuse it): buyers pay quote from their
 * hold and receive base less their fee; sellers pay base from their hold and receive quote less theirs; a fee goes
 * to fee income, a share of it to the safety fund. A limit buy filled below its limit gets the difference of its
 * hold back at once.
 */
export function accountRule(type: UserAccountType, name: string): TradeRule {
  return {
    name,
    type,
    hold(risk: RiskEngine, { market, order }: SpotPosition): void {
      const h = holdOf(market, order);
      // risk.hold refuses an amount over the available balance itself (insufficientBalance), before it moves it.
      risk.hold(holdIdOf(order.id), order.userId, type, h.asset, h.amount, {
        billType: 'order_freeze',
        refType: 'order',
        refId: order.id,
      });
      order.frozen = h.amount;
    },
    settle(_risk: RiskEngine, { market: m, order: o }: SpotPosition, fill: SpotFill): SettlementPart {
      const used = holdUsed(m, o, fill);
      o.frozen -= used;
      const spends = [{ hold: holdIdOf(o.id), amount: used }];
      if (o.side === 'buy') {
        const lines: Posting[] = [
          { owner: o.userId, type, asset: m.quote, available: used - fill.quote },
          { owner: o.userId, type, asset: m.base, available: baseUnits(m, fill.qty) - fill.fee },
        ];
        return { spends, lines: pushFeeLines(lines, m.base, fill.fee, 'trade_fee') };
      }
      const lines: Posting[] = [{ owner: o.userId, type, asset: m.quote, available: fill.quote - fill.fee }];
      return { spends, lines: pushFeeLines(lines, m.quote, fill.fee, 'trade_fee') };
    },
    release(risk: RiskEngine, { order }: SpotPosition): void {
      // What an order still holds is `frozen`, kept equal to its hold's amount (hold sets it, each fill's spend takes
      // from both): none left means the hold was spent to nothing and is gone.
      if (order.frozen > 0n)
        risk.release(holdIdOf(order.id), { billType: 'order_unfreeze', refType: 'order', refId: order.id });
      order.frozen = 0n;
    },
  };
}

/** Spot orders, in the spot account. */
export const spotRule = accountRule(ACCOUNT.spot, 'spot');
