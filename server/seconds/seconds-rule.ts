import type { RiskEngine } from '../core/risk/risk-engine.ts';
import type { RiskRule, SettlementPart } from '../core/risk/risk-rule.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { BillType } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { SecondsOrderRow } from './seconds.repo.ts';

/** How an order ended: decided from the recorded prices by `outcomeOf`, or a refund when no price could be used. */
export type SecondsOutcome = 'won' | 'lost' | 'tie' | 'refunded';

export const secondsHoldId = (orderId: number) => `seconds:${orderId}`;

const BPS = 10_000n;

/** What a win pays on top of the stake: rounded down, in the platform's favour. */
export const winOf = (o: Pick<SecondsOrderRow, 'stake' | 'profitBps'>) => (o.stake * BigInt(o.profitBps)) / BPS;
/** What a loss takes of the stake: rounded up, in the platform's favour, never more than the stake. */
export function lossOf(o: Pick<SecondsOrderRow, 'stake' | 'lossBps'>): bigint {
  const loss = (o.stake * BigInt(o.lossBps) + BPS - 1n) / BPS;
  return loss > o.stake ? o.stake : loss;
}

/** The published rule: up wins when the close is above the open, down when below; equal prices are a tie. */
export function outcomeOf(
  o: Pick<SecondsOrderRow, 'direction' | 'openPrice'>,
  close: bigint,
): Exclude<SecondsOutcome, 'refunded'> {
  if (close === o.openPrice) return 'tie';
  return close > o.openPrice === (o.direction === 'up') ? 'won' : 'lost';
}

const BILL: Record<SecondsOutcome, BillType> = {
  won: 'seconds_win',
  lost: 'seconds_loss',
  tie: 'seconds_refund',
  refunded: 'seconds_refund',
};
export const billOf = (outcome: SecondsOutcome) => BILL[outcome];

/**
 * Second contracts in the contract account: an order holds its stake; at maturity the stake comes out of the hold
 * and the user gets it back with the win paid by the platform's counterparty pool (account 104), or less the loss,
 * which goes to the pool; a tie or a refund gives the stake back whole.
 */
export const secondsRule: RiskRule<SecondsOrderRow, SecondsOutcome> = {
  name: 'seconds',
  hold(risk: RiskEngine, o: SecondsOrderRow): void {
    if (risk.available(o.userId, ACCOUNT.contract, o.asset) < o.stake) fail('insufficientBalance');
    risk.hold(secondsHoldId(o.id), o.userId, ACCOUNT.contract, o.asset, o.stake, {
      billType: 'seconds_stake',
      refType: 'seconds',
      refId: o.id,
    });
  },
  settle(_risk: RiskEngine, o: SecondsOrderRow, outcome: SecondsOutcome): SettlementPart {
    const spends = [{ hold: secondsHoldId(o.id), amount: o.stake }];
    const user = (available: bigint) => ({ owner: o.userId, type: ACCOUNT.contract, asset: o.asset, available });
    const pool = (available: bigint) => ({ owner: null, type: ACCOUNT.secondsPool, asset: o.asset, available });
    if (outcome === 'won') {
      const win = winOf(o);
      return { spends, lines: [user(o.stake + win), pool(-win)] };
    }
    if (outcome === 'lost') {
      const loss = lossOf(o);
      return { spends, lines: [...(loss < o.stake ? [user(o.stake - loss)] : []), pool(loss)] };
    }
    return { spends, lines: [user(o.stake)] };
  },
  release(risk: RiskEngine, o: SecondsOrderRow): void {
    if (risk.hasHold(secondsHoldId(o.id)))
      risk.release(secondsHoldId(o.id), { billType: 'seconds_refund', refType: 'seconds', refId: o.id });
  },
};
