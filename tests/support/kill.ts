import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastBatchSeq, projectedSeq } from '../../server/core/journal/journal.repo.ts';
import { journalFileOf, openDb, type Db } from '../../server/storage/db.ts';
import type { Trading } from '../../server/trading.ts';

/**
 * The database as a kill at this instant would leave it, as a new SQLite database: taken in the same turn of the
 * event loop as the caller's last acknowledgement, while the projector's thread may still be writing, so the core's
 * last batches may be journaled and not yet projected. A core started on it sees what a restarted process would.
 * SQLite only.
 */
export async function killedCopy(db: Db): Promise<{ db: Db; drop(): Promise<void> }> {
  if (db.dialect !== 'sqlite') throw new Error('killedCopy copies SQLite databases only');
  const dir = mkdtempSync(join(tmpdir(), 'lumex-killed-'));
  const file = join(dir, 'killed.db');
  // The journal first: nothing is appended to it meanwhile (this thread appends, and it is copying), but the
  // projector's thread goes on writing the main file and may prune the journal up to what it has projected. The
  // main file copied after it holds at least that much, so the pair is what a kill at that later instant leaves
  // (with some rows the prune would have dropped); the other way round it could lack batches the copy needs.
  if (db.journal) await db.journal.run('VACUUM INTO ?', [journalFileOf(file)]);
  await db.run('VACUUM INTO ?', [file]);
  const copy = await openDb({ sqliteFile: file });
  return {
    db: copy,
    async drop() {
      await copy.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A kill of the running core at this instant, and a restart on what it left: the database copied as the kill leaves
 * it (killedCopy), the old core stopped, a new one started on the copy by `start`. Answers the new core and database,
 * and whether the kill caught the last batch journaled and not yet projected (the case that matters).
 */
export async function killAndRestart(
  trading: Trading,
  db: Db,
  start: (db: Db) => Promise<Trading>,
): Promise<{ trading: Trading; db: Db; drop(): Promise<void>; unprojected: boolean }> {
  const killed = await killedCopy(db);
  const unprojected = (await projectedSeq(killed.db)) < (await lastBatchSeq(killed.db));
  await trading.marketData.flush();
  await trading.core.stop();
  return { trading: await start(killed.db), db: killed.db, drop: killed.drop, unprojected };
}
