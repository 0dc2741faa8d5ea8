import { ACCOUNT } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';

/** The most one swap may pay out in an asset (units); 0 when the desk has no limit for it, so it does not trade it. */
export async function deskLimit(q: Queryable, asset: string): Promise<bigint> {
  const row = await q.get<{ max_out: bigint }>('SELECT max_out FROM swap_limits WHERE asset = ?', [asset]);
  return row ? BigInt(row.max_out) : 0n;
}

export async function setDeskLimit(q: Queryable, asset: string, maxOut: bigint): Promise<void> {
  await q.run(
    'INSERT INTO swap_limits (asset, max_out, updated_at) VALUES (?, ?, ?) ON CONFLICT (asset) DO UPDATE SET max_out = excluded.max_out, updated_at = excluded.updated_at',
    [asset, maxOut, Date.now()],
  );
}

export async function assetsWithoutLimit(q: Queryable): Promise<Array<{ asset: string }>> {
  return q.all<{ asset: string }>(
    "SELECT code AS asset FROM assets WHERE status = 'active' AND code NOT IN (SELECT asset FROM swap_limits) ORDER BY sort, code",
  );
}

export async function deskLimits(q: Queryable): Promise<Array<{ asset: string; maxOut: bigint; inventory: bigint }>> {
  const rows = await q.all<{ code: string; max_out: bigint | null; available: bigint | null }>(
    `SELECT s.code, l.max_out, a.available FROM assets s
     LEFT JOIN swap_limits l ON l.asset = s.code
     LEFT JOIN accounts a ON a.owner_id IS NULL AND a.type = ? AND a.asset = s.code
     WHERE s.status = 'active' ORDER BY s.sort, s.code`,
    [ACCOUNT.swapPool],
  );
  return rows.map((r) => ({ asset: r.code, maxOut: BigInt(r.max_out ?? 0), inventory: BigInt(r.available ?? 0) }));
}

/** Records a swap under its quote's id; a second swap of the same quote breaks the unique key (swaps.quote_id). */
export async function insertSwap(
  q: Queryable,
  s: {
    userId: number;
    from: string;
    to: string;
    amount: bigint;
    received: bigint;
    fee: bigint;
    fromPrice: bigint;
    toPrice: bigint;
    quoteId: string;
    at: number;
  },
): Promise<number> {
  const row = await q.get<{ id: bigint }>(
    'INSERT INTO swaps (user_id, from_coin, to_coin, amount, received, fee, from_price, to_price, quote_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [s.userId, s.from, s.to, s.amount, s.received, s.fee, s.fromPrice, s.toPrice, s.quoteId, s.at],
  );
  return Number(row!.id);
}
