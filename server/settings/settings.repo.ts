import type { Queryable } from '../storage/db.ts';

/** Install-wide settings (`app_settings`): secrets made on first use, and values operators change at run time. */
export async function readSetting(q: Queryable, key: string): Promise<string | undefined> {
  return (await q.get<{ value: string }>('SELECT value FROM app_settings WHERE key = ?', [key]))?.value;
}

export async function writeSetting(q: Queryable, key: string, value: string): Promise<void> {
  await q.run(
    'INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    [key, value, Date.now()],
  );
}

/**
 * The setting, made once by `make` when absent. Two processes starting together may both make one: the first
 * insert wins and both read it back, so every process ends up with the same value.
 */
export async function settingOnce(q: Queryable, key: string, make: () => string): Promise<string> {
  const found = await readSetting(q, key);
  if (found !== undefined) return found;
  await q.run('INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING', [
    key,
    make(),
    Date.now(),
  ]);
  return (await readSetting(q, key))!;
}
