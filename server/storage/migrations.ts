import type { Dialect } from './db.ts';

/**
 * A versioned schema change, applied in order at start and never edited once released: a change to the schema
 * is a new one. Timestamps are milliseconds since the epoch. Each feature brings its own (server/features.ts);
 * storage knows none of them.
 */
export interface Migration {
  version: number;
  name: string;
  up(dialect: Dialect): string;
  /**
   * SQLite only: the migration rebuilds a table others reference (SQLite changes a check or a column only by copying
   * the table), so it runs with foreign keys off, as SQLite's own procedure asks, and is checked before it commits.
   */
  rebuildsTable?: boolean;
}
