import type { Queryable } from '../storage/db.ts';
import type { CoreBalance } from './risk/risk-engine.ts';
import { accountKey, type AccountType } from '../ledger/account-types.ts';

/** Every account's balance as the projector last wrote it, keyed as the risk engine keys them. */
export async function loadBalances(q: Queryable): Promise<Map<string, CoreBalance>> {
  const rows = await q.all<{ owner_id: bigint | null; type: bigint; asset: string; available: bigint; frozen: bigint }>(
    'SELECT owner_id, type, asset, available, frozen FROM accounts WHERE available <> 0 OR frozen <> 0',
  );
  const out = new Map<string, CoreBalance>();
  for (const r of rows) {
    out.set(accountKey(r.owner_id === null ? null : Number(r.owner_id), Number(r.type) as AccountType, r.asset), {
      available: BigInt(r.available),
      held: BigInt(r.frozen),
    });
  }
  return out;
}
