import type { z } from 'zod';
import type { InsuranceFund, InsuranceReason, insuranceFundQuery } from '../../isomorphic/contract/perpetual.ts';
import type { TradingCore } from '../core/core.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Db } from '../storage/db.ts';
import { money } from '../wallet/amounts.ts';
import { fundBalances, fundEntries } from './insurance.repo.ts';

/**
 * The insurance fund as published: its balance per asset and its history, read from the ledger. Every movement of
 * the fund is a ledger line on its account whose bill type says why (liquidation fee, funding remainder, a loss
 * covered, a margin shortfall, a top-up), so the ledger already is the record and nothing is written twice.
 */
export async function insuranceFund(
  db: Db,
  core: TradingCore,
  q: z.output<typeof insuranceFundQuery>,
): Promise<InsuranceFund> {
  await core.settled();
  const [balances, history] = await Promise.all([
    fundBalances(db, ACCOUNT.insuranceFund),
    fundEntries(db, ACCOUNT.insuranceFund, q.asset, q),
  ]);
  return {
    balances: balances.map((b) => ({ asset: b.asset, balance: money(b.available) })),
    history: {
      total: history.total,
      page: q.page,
      size: q.size,
      records: history.rows.map((e) => ({
        id: e.id,
        asset: e.asset,
        reason: e.billType as InsuranceReason,
        amount: money(e.amount),
        balance: money(e.balance),
        time: e.at,
      })),
    },
  };
}
