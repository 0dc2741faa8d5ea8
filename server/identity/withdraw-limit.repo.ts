import type { Queryable } from '../storage/db.ts';

/** The USDT value of the user's withdrawals since a time, leaving out those an operator rejected. */
export async function usedSince(q: Queryable, userId: number, since: number): Promise<bigint> {
  const row = await q.get<{ used: bigint | string | null }>(
    "SELECT SUM(u.usdt_value) AS used FROM withdrawal_usage u JOIN withdrawals w ON w.id = u.withdrawal_id WHERE u.user_id = ? AND u.created_at > ? AND w.status <> 'failed'",
    [userId, since],
  );
  return BigInt(row?.used ?? 0);
}

export async function insertUsage(
  q: Queryable,
  u: { withdrawalId: number; userId: number; usdtValue: bigint; at: number },
): Promise<void> {
  await q.run('INSERT INTO withdrawal_usage (withdrawal_id, user_id, usdt_value, created_at) VALUES (?, ?, ?, ?)', [
    u.withdrawalId,
    u.userId,
    u.usdtValue,
    u.at,
  ]);
}
