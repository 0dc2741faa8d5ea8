import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import type { Page } from '../../../isomorphic/contract/page.ts';
import type { Db } from '../../storage/db.ts';
import { chainRows } from '../chain.repo.ts';
import type { Chain } from '../chains.ts';
import { chainInfo } from '../custody.ts';
import type { ChainView } from './deposit-view.ts';
import { depositView } from './deposit-view.ts';
import { cursorNumbers, userDeposits } from './deposits.repo.ts';

/**
 * A user's own deposits seen on chain, newest first, with confirmations counted to each chain's checked tip. A chain
 * no longer watched (its RPC URL removed) is named from its data row.
 */
export async function listDeposits(
  db: Db,
  chains: readonly Chain[],
  userId: number,
  query: { page: number; size: number; coin?: string | undefined },
): Promise<Page<ChainDeposit>> {
  const { total, rows } = await userDeposits(db, userId, query);
  const tips = new Map((await cursorNumbers(db)).map((c) => [c.chain, Number(c.number)]));
  const views = new Map<string, ChainView>(
    chains.map((c) => [c.key, { info: chainInfo(c), network: c.network, explorerTx: c.explorerTx }]),
  );
  if (rows.some((r) => !views.has(r.chain)))
    for (const c of await chainRows(db))
      if (!views.has(c.key))
        views.set(c.key, {
          info: {
            key: c.key,
            name: c.name,
            chainId: Number(c.chain_id),
            demo: Number(c.demo) === 1,
            confirmations: Number(c.confirmations),
          },
          network: c.network,
          explorerTx: c.explorer_tx,
        });
  return {
    total,
    page: query.page,
    size: query.size,
    records: rows.map((r) => depositView(r, views.get(r.chain)!, tips.get(r.chain) ?? 0)),
  };
}
