import type { Queryable } from '../storage/db.ts';

/** Chains, their tokens and users' deposit addresses (server/chain/chain.migration.ts). */
export interface ChainRow {
  key: string;
  chain_id: bigint | number;
  network: string;
  name: string;
  native_coin: string;
  confirmations: bigint | number;
  explorer_tx: string | null;
  demo: bigint | number;
}

export interface TokenRow {
  chain: string;
  coin: string;
  contract: string | null;
  decimals: bigint | number;
  min_deposit: bigint | number;
}

export const chainRows = (q: Queryable) => q.all<ChainRow>('SELECT * FROM chains ORDER BY sort, key');

export const tokenRows = (q: Queryable) => q.all<TokenRow>('SELECT * FROM chain_tokens ORDER BY chain, coin');

/** Writes a chain and its tokens as given, replacing what was there (the demo chain's contract changes each start). */
export async function upsertChain(
  q: Queryable,
  c: Omit<ChainRow, 'chain_id' | 'confirmations' | 'demo'> & { chain_id: number; confirmations: number; demo: number },
  tokens: Array<Omit<TokenRow, 'chain'>>,
): Promise<void> {
  await q.run(
    `INSERT INTO chains (key, chain_id, network, name, native_coin, confirmations, explorer_tx, demo, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
     ON CONFLICT (key) DO UPDATE SET chain_id = excluded.chain_id, network = excluded.network, name = excluded.name,
       native_coin = excluded.native_coin, confirmations = excluded.confirmations, explorer_tx = excluded.explorer_tx,
       demo = excluded.demo`,
    [c.key, c.chain_id, c.network, c.name, c.native_coin, c.confirmations, c.explorer_tx, c.demo],
  );
  await q.run('DELETE FROM chain_tokens WHERE chain = ?', [c.key]);
  for (const t of tokens)
    await q.run('INSERT INTO chain_tokens (chain, coin, contract, decimals, min_deposit) VALUES (?, ?, ?, ?, ?)', [
      c.key,
      t.coin,
      t.contract,
      t.decimals,
      t.min_deposit,
    ]);
}

export interface AddressRow {
  scheme: string;
  idx: bigint | number;
  user_id: bigint | number;
  address: string;
}

export const addressOfUser = (q: Queryable, scheme: string, userId: number) =>
  q.get<AddressRow>('SELECT * FROM deposit_addresses WHERE scheme = ? AND user_id = ?', [scheme, userId]);

export const nextAddressIndex = async (q: Queryable, scheme: string): Promise<number> =>
  Number(
    (
      await q.get<{ n: bigint | number | null }>('SELECT MAX(idx) AS n FROM deposit_addresses WHERE scheme = ?', [
        scheme,
      ])
    )?.n ?? -1,
  ) + 1;

/** Stores an allocated index; false when another request took the index (or this user's row) first. */
export const insertAddress = async (
  q: Queryable,
  a: { scheme: string; idx: number; userId: number; address: string; at: number },
): Promise<boolean> =>
  (await q.run(
    'INSERT INTO deposit_addresses (scheme, idx, user_id, address, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    [a.scheme, a.idx, a.userId, a.address, a.at],
  )) === 1;
