import type { Db } from './db.ts';
import type { Migration } from './migrations.ts';

/**
 * Applies every migration newer than the database (the features' list, server/features.ts), each in its own
 * transaction; returns the versions applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[]): Promise<number[]> {
  const applied: number[] = [];
  const run = async () => {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    );
    const rows = await db.all<{ version: bigint | number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => Number(r.version)));
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      const rebuild = m.rebuildsTable && db.dialect === 'sqlite';
      if (rebuild) await db.exec('PRAGMA foreign_keys = OFF');
      await db
        .tx(async (q) => {
          for (const statement of splitStatements(m.up(db.dialect))) await q.run(statement);
          if (rebuild && (await q.all('PRAGMA foreign_key_check')).length)
            throw new Error(`migration ${m.version} left rows whose references do not hold`);
          await q.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
            m.version,
            m.name,
            Date.now(),
          ]);
        })
        .finally(() => (rebuild ? db.exec('PRAGMA foreign_keys = ON') : undefined));
      applied.push(m.version);
    }
  };
  if (db.dialect === 'postgres') {
    // Several server processes may start at once against one PostgreSQL: one migrates, the others wait.
    await db.tx(async (q) => {
      await q.get('SELECT pg_advisory_xact_lock(727272)');
      await run();
    });
  } else {
    await run();
  }
  return applied;
}

function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
