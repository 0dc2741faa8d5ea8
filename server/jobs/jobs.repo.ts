import type { Db, Queryable } from '../storage/db.ts';

/**
 * Takes or keeps a job's lease until `until`: granted when nobody holds it, when this owner does, or when the
 * holder's lease ran out by `now`. One conditional upsert, so two processes racing for a free lease cannot both
 * win. Says whether this owner holds it now.
 */
export async function holdLease(
  q: Queryable,
  job: string,
  owner: string,
  now: number,
  until: number,
): Promise<boolean> {
  const changed = await q.run(
    `INSERT INTO job_leases (job, owner, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (job) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
     WHERE job_leases.owner = excluded.owner OR job_leases.expires_at <= ?`,
    [job, owner, until, now],
  );
  return changed === 1;
}

/** Gives the lease up (a process shutting down), so another process takes the job at once instead of at expiry. */
export async function releaseLease(q: Queryable, job: string, owner: string): Promise<void> {
  await q.run('DELETE FROM job_leases WHERE job = ? AND owner = ?', [job, owner]);
}

/** The start of the latest period of the job that ran to the end, if any did. */
export async function lastFinishedPeriod(q: Queryable, job: string): Promise<number | undefined> {
  const row = await q.get<{ p: bigint | number | null }>(
    'SELECT MAX(period_start) AS p FROM job_runs WHERE job = ? AND finished_at IS NOT NULL',
    [job],
  );
  return row?.p === null || row?.p === undefined ? undefined : Number(row.p);
}

/**
 * Claims one period of a job for this owner, in one transaction with a check that the owner still holds the
 * job's lease (a process that lost it while busy claims nothing). A period is claimed once; a claim left
 * unfinished by another owner (a process that died mid-run, whose lease has therefore passed here) is taken
 * over. Says whether the period is this owner's to run.
 */
export async function claimPeriod(
  db: Db,
  job: string,
  periodStart: number,
  owner: string,
  now: number,
): Promise<boolean> {
  return db.tx(async (q) => {
    const held = await q.get('SELECT 1 AS held FROM job_leases WHERE job = ? AND owner = ? AND expires_at > ?', [
      job,
      owner,
      now,
    ]);
    if (!held) return false;
    const changed = await q.run(
      `INSERT INTO job_runs (job, period_start, owner, started_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (job, period_start) DO UPDATE SET owner = excluded.owner, started_at = excluded.started_at
       WHERE job_runs.finished_at IS NULL AND job_runs.owner <> excluded.owner`,
      [job, periodStart, owner, now],
    );
    return changed === 1;
  });
}

/** Marks a claimed period done, and forgets the job's runs older than `keepFrom` (the catch-up horizon). */
export async function finishPeriod(
  db: Db,
  job: string,
  periodStart: number,
  owner: string,
  now: number,
  keepFrom: number,
): Promise<void> {
  await db.tx(async (q) => {
    await q.run('UPDATE job_runs SET finished_at = ? WHERE job = ? AND period_start = ? AND owner = ?', [
      now,
      job,
      periodStart,
      owner,
    ]);
    await q.run('DELETE FROM job_runs WHERE job = ? AND period_start < ?', [job, keepFrom]);
  });
}

/** Drops a claim whose run failed, so the period is tried again on the job's next turn. */
export async function abandonPeriod(q: Queryable, job: string, periodStart: number, owner: string): Promise<void> {
  await q.run('DELETE FROM job_runs WHERE job = ? AND period_start = ? AND owner = ? AND finished_at IS NULL', [
    job,
    periodStart,
    owner,
  ]);
}
