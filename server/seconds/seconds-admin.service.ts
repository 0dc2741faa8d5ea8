/**
 * The operators' side of second contracts: the periods and the pool that pays wins, each change with its audit line.
 */
import type { z } from 'zod';
import type { periodBody, SecondsPeriodAdmin, SecondsPool } from '../../isomorphic/contract/seconds.ts';
import { audit } from '../audit/audit.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { money } from '../wallet/amounts.ts';
import { findPeriod, insertPeriod, listPeriods, updatePeriod } from './periods.repo.ts';
import type { SecondsBook } from './seconds-book.ts';
import { fundSecondsPool } from './seconds.feature.ts';
import type { SecondsDeps } from './seconds.service.ts';
import { STAKE_ASSET, fromWhole, periodAdminView } from './views.ts';

type AdminDeps = Pick<SecondsDeps, 'db' | 'core' | 'markets'> & { now: () => number };

/** What the pool holds, and how much of it open orders' possible wins reserve. */
function pool({ core }: AdminDeps): SecondsPool {
  return {
    coin: STAKE_ASSET,
    balance: money(core.risk.available(null, ACCOUNT.secondsPool, STAKE_ASSET)),
    reserved: money(core.part<SecondsBook>('seconds').reserved(STAKE_ASSET)),
  };
}

/** Every period, active or not, and the pool. */
export async function adminPeriods(d: AdminDeps): Promise<{ periods: SecondsPeriodAdmin[]; pool: SecondsPool }> {
  return { periods: (await listPeriods(d.db, { all: true })).map(periodAdminView), pool: pool(d) };
}

/** A new period, or a change to one (its market and length stay), with its audit line (a change keeps what it was). */
export async function savePeriod(
  d: AdminDeps,
  operator: number,
  b: z.output<typeof periodBody>,
): Promise<SecondsPeriodAdmin> {
  d.markets.market(b.symbol);
  if (b.minStake > b.maxStake) fail('secondsPeriodInvalid');
  const params = {
    profitBps: b.profitBps,
    lossBps: b.lossBps,
    minStake: fromWhole(b.minStake),
    maxStake: fromWhole(b.maxStake),
    exposureCap: fromWhole(b.exposureCap),
    active: b.active,
  };
  const saved = await d.db.tx(async (q) => {
    const before = b.id === undefined ? undefined : await findPeriod(q, b.id);
    if (b.id !== undefined && (!before || before.symbol !== b.symbol || before.seconds !== b.seconds))
      fail('secondsPeriodUnknown');
    const row = before
      ? await updatePeriod(q, before.id, params, d.now())
      : await insertPeriod(q, { symbol: b.symbol, seconds: b.seconds, ...params }, d.now());
    if (!row) fail('secondsPeriodInvalid');
    await audit(q, operator, before ? 'seconds.period.update' : 'seconds.period.create', 'seconds_period', row.id, {
      symbol: b.symbol,
      seconds: b.seconds,
      profitBps: b.profitBps,
      lossBps: b.lossBps,
      minStake: b.minStake,
      maxStake: b.maxStake,
      exposureCap: b.exposureCap,
      active: b.active,
      ...(before ? { before: periodAdminView(before) } : {}),
    });
    return row;
  });
  return periodAdminView(saved);
}

/** An operator's deposit into the pool (whole coins), with its audit line; answers the pool after it. */
export async function fundPool(d: AdminDeps, operator: number, amount: number): Promise<SecondsPool> {
  const units = fromWhole(amount);
  await fundSecondsPool(d.core, units, operator, (q) =>
    audit(q, operator, 'seconds.pool.fund', 'seconds_pool', STAKE_ASSET, { coin: STAKE_ASSET, amount: String(units) }),
  );
  return pool(d);
}
