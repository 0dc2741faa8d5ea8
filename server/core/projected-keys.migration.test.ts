import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

describe.each(DIALECTS)('the projected tables’ foreign keys on %s', (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.drop());

  it('are gone from ledger entries and orders on PostgreSQL only, and the accounts keep theirs', async () => {
    const keys = async (table: string) =>
      t.db.dialect === 'postgres'
        ? (
            await t.db.all<{ name: string }>(
              "SELECT conname AS name FROM pg_constraint WHERE contype = 'f' AND conrelid = CAST(? AS regclass)",
              [table],
            )
          ).map((r) => r.name)
        : (await t.db.all<{ from: string }>(`PRAGMA foreign_key_list(${table})`)).map((r) => `${table}_${r.from}_fkey`);
    const gone = ['ledger_entries_account_id_fkey', 'orders_symbol_fkey', 'orders_user_id_fkey'];
    const left = [...(await keys('ledger_entries')), ...(await keys('orders'))];
    if (t.db.dialect === 'postgres') expect(left).toEqual([]);
    else expect(left.sort()).toEqual(gone);
    expect((await keys('accounts')).sort()).toEqual(['accounts_asset_fkey', 'accounts_owner_id_fkey']);
  });
});
