import type { Queryable } from '../storage/db.ts';

/** Operator-entered deposit addresses (server/chain/manual-addresses.migration.ts). */
export interface ManualAddressRow {
  coin: string;
  network: string;
  address: string;
  updated_at: bigint | number;
}

export const manualAddressRows = (q: Queryable) =>
  q.all<ManualAddressRow>(
    'SELECT coin, network, address, updated_at FROM manual_deposit_addresses ORDER BY coin, network',
  );

export const manualAddressRow = (q: Queryable, coin: string, network: string) =>
  q.get<ManualAddressRow>(
    'SELECT coin, network, address, updated_at FROM manual_deposit_addresses WHERE coin = ? AND network = ?',
    [coin, network],
  );

/** The wallet network as stored (its spelling), whatever the case it was asked in; undefined when none. */
export const walletNetworkOf = async (q: Queryable, coin: string, network: string): Promise<string | undefined> =>
  (
    await q.get<{ network: string }>(
      'SELECT network FROM wallet_networks WHERE coin = ? AND UPPER(network) = UPPER(?)',
      [coin, network],
    )
  )?.network;

export const upsertManualAddress = (
  q: Queryable,
  a: { coin: string; network: string; address: string; operatorId: number; at: number },
) =>
  q.run(
    `INSERT INTO manual_deposit_addresses (coin, network, address, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (coin, network) DO UPDATE SET address = excluded.address, updated_by = excluded.updated_by,
       updated_at = excluded.updated_at`,
    [a.coin, a.network, a.address, a.operatorId, a.at],
  );

export const deleteManualAddress = (q: Queryable, coin: string, network: string) =>
  q.run('DELETE FROM manual_deposit_addresses WHERE coin = ? AND network = ?', [coin, network]);
