import type { SettleResult } from '../../isomorphic/contract/referral.ts';
import { audit } from '../audit/audit.ts';
import type { Clock } from '../clock/clock.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, type FundsPost } from '../core/funds.ts';
import { fail } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { uniqueViolation } from '../storage/unique.ts';
import { payoutPosting, rebatesOf } from './rebates.ts';
import { feesOf, insertPayout, insertRebates, paidUpTo, readRates, windowEnd } from './referral.repo.ts';

export interface PayoutDeps {
  db: Db;
  core: TradingCore;
  clock: Clock;
}

/**
 * Pays the rebates of every trade made before `cutOff` that no payout has paid yet, at the current rates: the run
 * of the rebate job for the period ending at `cutOff`, and what operators start by hand (with their id, audited).
 * The rebates move through the trading core from fee income to the referrers' spot accounts, and the payout's
 * mark (which trades it paid) is written in the command's prepare step, in one transaction with its journal row:
 * after a crash either both happened or neither, and a run repeated for the same period finds nothing left to pay.
 * Two runs that raced from the same trade cannot both commit (`from_trade` is unique): the loser is refused.
 */
export async function payRebates(
  { db, core, clock }: PayoutDeps,
  cutOff: number,
  operatorId: number | null = null,
): Promise<SettleResult> {
  // Trades reach the table behind the core; those still on their way fall to the next window, never out of one.
  await core.settled();
  const { trade: from } = await paidUpTo(db);
  const to = await windowEnd(db, from, cutOff);
  if (to <= from) return { payoutId: null, trades: 0, rebates: 0 };
  const rebates = rebatesOf(await feesOf(db, from, to), await readRates(db));
  let payoutId = 0;
  const mark = async (q: Queryable) => {
    payoutId = await insertPayout(q, { from, to, cutOff, paidAt: clock.now(), rebates: rebates.length, operatorId });
    await insertRebates(q, payoutId, cutOff, rebates);
    if (operatorId !== null)
      await audit(q, operatorId, 'referral.settle', 'referral', payoutId, {
        trades: to - from,
        rebates: rebates.length,
      });
  };
  try {
    if (!rebates.length) await db.tx(mark);
    else
      await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
        await mark(q);
        return payoutPosting(rebates, payoutId);
      });
  } catch (err) {
    if (uniqueViolation(err)?.endsWith('from_trade')) fail('rebatesRaced');
    throw err;
  }
  return { payoutId, trades: to - from, rebates: rebates.length };
}
