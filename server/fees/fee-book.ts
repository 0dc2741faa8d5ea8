import { DEFAULT_SCHEDULE, levelInRates, RATE_PER_BPS, type FeeLevel } from '../../isomorphic/fees/schedule.ts';
import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import type { PerpBook } from '../perpetual/perp-book.ts';
import type { SpotBooks } from '../spot/spot-books.ts';
import type { Queryable } from '../storage/db.ts';
import type { FeeProduct, FeeRates, FeeRole } from './fee-rates.ts';
import { readSchedule, readUserLevels, writeFeeRows, type FeeRows } from './fees.repo.ts';

/** The name the fee book goes by among the core's parts. */
export const FEES_PART = 'fees';

const KEY = {
  spot: { maker: 'spotMakerRate', taker: 'spotTakerRate' },
  perp: { maker: 'perpMakerRate', taker: 'perpTakerRate' },
} as const;

/**
 * The fee schedule and every user's VIP level inside the trading core (docs/products/fees.md), so that the fee of a
 * fill depends only on the core's state and a replay charges the same: both change only by journaled commands
 * (fees.commands.ts). Attached to the spot books and the perpetual book as their fee rates.
 */
export class FeeBook implements CorePart, FeeRates {
  readonly name = FEES_PART;
  schedule: FeeLevel[] = [...DEFAULT_SCHEDULE];
  /** Users above VIP 0; everyone else is at VIP 0. */
  levels = new Map<number, number>();
  private changedSchedule = false;
  private changedUsers = new Set<number>();

  attach(_risk: RiskEngine, part: <T extends CorePart>(name: string) => T): void {
    part<SpotBooks>('spot').fees = this;
    part<PerpBook>('perpetual').fees = this;
  }

  levelOf(userId: number): number {
    return this.levels.get(userId) ?? 0;
  }

  /** The user's level's row; a level past the end of a schedule shortened since counts as its last level. */
  rowOf(userId: number): FeeLevel {
    return this.schedule[Math.min(this.levelOf(userId), this.schedule.length - 1)]!;
  }

  rate(userId: number, product: FeeProduct, role: FeeRole, marketBps: bigint): bigint {
    const own = BigInt(this.rowOf(userId)[KEY[product][role]]);
    const market = marketBps * BigInt(RATE_PER_BPS);
    return own < market ? own : market;
  }

  setSchedule(levels: readonly FeeLevel[]): void {
    this.schedule = levels.map((l) => ({ ...l }));
    this.changedSchedule = true;
  }

  setLevel(userId: number, level: number): void {
    if (level === 0) this.levels.delete(userId);
    else this.levels.set(userId, level);
    this.changedUsers.add(userId);
  }

  async load(q: Queryable): Promise<void> {
    this.schedule = await readSchedule(q);
    this.levels = await readUserLevels(q);
    this.changedSchedule = false;
    this.changedUsers = new Set();
  }

  /** Users in id order, whatever order the job set them in: a reload from the tables must hash the same. */
  snapshot(): unknown {
    return { schedule: this.schedule, levels: [...this.levels].sort(([a], [b]) => a - b) };
  }

  restore(data: unknown): void {
    // A snapshot from before the fee book has no entry: the tables it was taken beside hold no levels either.
    // A snapshot from before hundredths of a basis point holds whole bps: levelInRates converts them exactly.
    const s = data as { schedule: Parameters<typeof levelInRates>[0][]; levels: Array<[number, number]> } | undefined;
    this.schedule = s ? s.schedule.map(levelInRates) : [...DEFAULT_SCHEDULE];
    this.levels = new Map(s?.levels ?? []);
    this.changedSchedule = false;
    this.changedUsers = new Set();
  }

  takeRows(): FeeRows | undefined {
    if (!this.changedSchedule && !this.changedUsers.size) return undefined;
    const rows: FeeRows = {
      schedule: this.changedSchedule ? this.schedule.map((l) => ({ ...l })) : null,
      users: [...this.changedUsers].map((id) => [id, this.levelOf(id)]),
    };
    this.changedSchedule = false;
    this.changedUsers = new Set();
    return rows;
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    let schedule: FeeLevel[] | null = null;
    const users = new Map<number, number>();
    for (const b of batches as FeeRows[]) {
      schedule = b.schedule ?? schedule;
      for (const [id, level] of b.users) users.set(id, level);
    }
    await writeFeeRows(q, { schedule, users: [...users] });
  }
}
