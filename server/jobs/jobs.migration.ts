import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Leased jobs (server/jobs): one lease row per job says which process runs it and until when; one run row per job
 * and period start makes each period run once, whichever process holds the lease, and tells a process that
 * starts after downtime which periods it missed.
 */
export const JOBS_MIGRATION: Migration = {
  version: 11,
  name: 'job leases and runs',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE job_leases (
  job ${t.text} PRIMARY KEY,
  owner ${t.text} NOT NULL,
  expires_at ${t.int} NOT NULL
);
CREATE TABLE job_runs (
  job ${t.text} NOT NULL,
  period_start ${t.int} NOT NULL,
  owner ${t.text} NOT NULL,
  started_at ${t.int} NOT NULL,
  finished_at ${t.int},
  PRIMARY KEY (job, period_start)
);`;
  },
};
