import type { ChainDeposit, ChainDepositStatus, ChainInfo } from '../../../isomorphic/contract/chain.ts';
import { money } from '../../wallet/amounts.ts';
import type { DepositRow } from './deposits.repo.ts';

/** What a deposit's record needs to know of its chain. */
export interface ChainView {
  info: ChainInfo;
  network: string;
  explorerTx: string | null;
}

/**
 * A deposit as its owner sees it (isomorphic/contract/chain.ts). Confirmations count to `tip`, the highest block the
 * watcher has checked (not the node's head: a block not yet checked against its parent proves nothing), capped at the
 * chain's finality; a credited deposit shows them all, a dropped one none.
 */
export function depositView(r: DepositRow, chain: ChainView, tip: number): ChainDeposit {
  const status = r.status as ChainDepositStatus;
  const need = chain.info.confirmations;
  const counted = Math.max(0, Math.min(need, tip - Number(r.block_number) + 1));
  return {
    id: Number(r.id),
    chain: chain.info,
    coin: r.coin,
    network: chain.network,
    address: r.address,
    txHash: r.tx_hash,
    explorerUrl: chain.explorerTx ? chain.explorerTx.replace('{hash}', r.tx_hash) : null,
    amount: money(r.amount),
    status,
    confirmations: status === 'credited' ? need : status === 'dropped' ? 0 : counted,
    time: Number(r.created_at),
    creditedTime: r.final_at === null ? null : Number(r.final_at),
  };
}
