import type { Queryable } from '../storage/db.ts';

/**
 * Checked inside every transaction the core writes (journal appends and projections) when more than one core
 * process may run (server/cluster): it throws `FencedError` once another process has taken the core over, so a
 * core that stalled and woke up cannot write after its successor has started.
 */
export type Fence = (q: Queryable) => Promise<void>;

export class FencedError extends Error {
  constructor(held: number, current: number | undefined) {
    super(`this core's lease (token ${held}) was taken over (token ${current ?? 'none'}): it may not write`);
  }
}
