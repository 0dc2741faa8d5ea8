import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs = new Set<string>();
let listening = false;

/**
 * A fresh directory for one bench run's data, removed when the run's process exits: a server's database and WAL
 * after a load run are hundreds of megabytes, and a day of runs would fill the disk.
 */
export function benchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  if (!listening) {
    listening = true;
    process.once('exit', () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
