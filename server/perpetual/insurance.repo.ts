import type { Queryable } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

interface FundEntry {
  id: number;
  asset: string;
  billType: string;
  amount: bigint;
  balance: bigint;
  at: number;
}

/** The platform account of `type`: its balance per asset. */
export async function fundBalances(q: Queryable, type: number): Promise<Array<{ asset: string; available: bigint }>> {
  const rows = await q.all<{ asset: string; available: unknown }>(
    'SELECT asset, available FROM accounts WHERE owner_id IS NULL AND type = ? ORDER BY asset',
    [type],
  );
  return rows.map((r) => ({ asset: r.asset, available: BigInt(r.available as bigint) }));
}

/** Every ledger line that moved the platform account of `type` (in one asset, or all), newest first. */
export async function fundEntries(
  q: Queryable,
  type: number,
  asset: string | undefined,
  page: PageRequest,
): Promise<{ total: number; rows: FundEntry[] }> {
  const res = await pageOf<{
    id: unknown;
    asset: string;
    bill_type: string;
    delta_available: unknown;
    available_after: unknown;
    created_at: unknown;
  }>(
    q,
    {
      select: 'e.id, e.asset, e.bill_type, e.delta_available, e.available_after, e.created_at',
      from: `FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE a.owner_id IS NULL AND a.type = ? AND e.delta_available <> 0${asset ? ' AND a.asset = ?' : ''}`,
      order: 'e.id DESC',
      params: asset ? [type, asset] : [type],
    },
    page,
  );
  return {
    total: res.total,
    rows: res.rows.map((r) => ({
      id: Number(r.id),
      asset: r.asset,
      billType: r.bill_type,
      amount: BigInt(r.delta_available as bigint),
      balance: BigInt(r.available_after as bigint),
      at: Number(r.created_at),
    })),
  };
}
