import type { CorePart } from '../core/command.ts';
import type { Queryable } from '../storage/db.ts';
import { openLoans, writeLoans, type LoanRow } from './loan.repo.ts';

const BIG = ['principal', 'dailyRate', 'overdueRate', 'interestPaid', 'penaltyPaid'] as const;

/**
 * Power loans inside the trading core: the loans paid out and not yet repaid (what repaying and the overdue job
 * decide against). Settled loans leave memory.
 */
export class LoanBook implements CorePart {
  readonly name = 'loan';
  open = new Map<number, LoanRow>();
  private touched = new Map<number, LoanRow>();

  set(l: LoanRow): void {
    if (l.settled) this.open.delete(l.id);
    else this.open.set(l.id, l);
    this.touched.set(l.id, l);
  }

  async load(q: Queryable): Promise<void> {
    this.open = new Map((await openLoans(q)).map((l) => [l.id, l]));
    this.touched = new Map();
  }

  /** In id order, whatever order the loans were paid out in: a reload from the tables must hash the same. */
  snapshot(): unknown {
    return [...this.open.values()]
      .sort((a, b) => a.id - b.id)
      .map((l) =>
        Object.fromEntries(
          Object.keys(l)
            .sort()
            .map((k) => [
              k,
              (BIG as readonly string[]).includes(k) ? String(l[k as keyof LoanRow]) : l[k as keyof LoanRow],
            ]),
        ),
      );
  }

  restore(data: unknown): void {
    const rows = (data as Array<Record<string, unknown>>).map((r) => {
      const out = { ...r };
      for (const k of BIG) out[k] = BigInt(r[k] as string);
      return out as unknown as LoanRow;
    });
    this.open = new Map(rows.map((l) => [l.id, l]));
    this.touched = new Map();
  }

  takeRows(): LoanRow[] | undefined {
    if (!this.touched.size) return undefined;
    const rows = [...this.touched.values()].map((l) => ({ ...l }));
    this.touched = new Map();
    return rows;
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    const latest = new Map<number, LoanRow>();
    for (const rows of batches as LoanRow[][]) for (const l of rows) latest.set(l.id, l);
    await writeLoans(q, latest.values());
  }
}
