import type { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import { ACCOUNT, accountKey } from '../../server/ledger/account-types.ts';
import type { MarginBook } from '../../server/margin/margin-book.ts';

/**
 * The margin part's books against the ledger's, as problems (none when they agree): per user, margin type and asset,
 * the accounts' balances sum to what the ledger holds and what their orders hold to its held amount; each line's
 * principal is its open loans' sum; no balance, hold or debt is negative.
 */
export function auditMargin(book: MarginBook, risk: RiskEngine): string[] {
  const problems: string[] = [];
  const sums = new Map<string, { balance: bigint; onOrder: bigint }>();
  for (const a of book.byId.values()) {
    for (const [asset, l] of a.lines) {
      const key = accountKey(a.userId, book.typeOf(a), asset);
      const s = sums.get(key) ?? { balance: 0n, onOrder: 0n };
      s.balance += l.balance;
      s.onOrder += book.onOrder(a, asset);
      sums.set(key, s);
      if (l.balance < 0n || l.principal < 0n || l.interest < 0n || book.onOrder(a, asset) < 0n)
        problems.push(
          `account ${a.id} ${asset}: negative ${JSON.stringify(l, (_k, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
        );
      const loans = book.openLoans(a, asset).reduce((t, x) => t + x.principal, 0n);
      if (loans !== l.principal) problems.push(`account ${a.id} ${asset}: principal ${l.principal}, loans ${loans}`);
    }
  }
  for (const [key, b] of risk.balances) {
    const [, type] = key.split(':');
    if (Number(type) !== ACCOUNT.marginCross && Number(type) !== ACCOUNT.marginIsolated) continue;
    const s = sums.get(key) ?? { balance: 0n, onOrder: 0n };
    if (s.balance !== b.available + b.held)
      problems.push(`${key}: lines hold ${s.balance}, the ledger ${b.available + b.held}`);
    if (s.onOrder !== b.held) problems.push(`${key}: orders hold ${s.onOrder}, the ledger ${b.held}`);
    sums.delete(key);
  }
  for (const [key, s] of sums)
    if (s.balance !== 0n || s.onOrder !== 0n) problems.push(`${key}: lines hold ${s.balance}, the ledger nothing`);
  return problems;
}
