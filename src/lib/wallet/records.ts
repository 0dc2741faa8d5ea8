import type { Page } from '../../../isomorphic/contract/wallet.ts';
import { keyed, remote } from '../stores/remote.ts';
import { billLog, rechargeLog, transferLog, withdrawalLog } from './actions.ts';
import { $chainWithdrawalMoves } from '../chain/withdrawals.ts';
import { $walletChanges } from './changes.ts';

export type RecordKind = 'deposits' | 'withdrawals' | 'transfers' | 'bills';
export const RECORDS_PAGE_SIZE = 15;

const logs: Record<RecordKind, (page: number, billType?: string) => Promise<Page<unknown>>> = {
  deposits: (page) => rechargeLog(page, RECORDS_PAGE_SIZE),
  withdrawals: (page) => withdrawalLog(page, RECORDS_PAGE_SIZE),
  transfers: (page) => transferLog(page, RECORDS_PAGE_SIZE),
  bills: (page, billType) => billLog(page, RECORDS_PAGE_SIZE, billType),
};

/**
 * One page of asset records, newest first; loaded again when this tab sends a deposit, a withdrawal, a transfer
 * or a swap, so the list under the form shows it, and withdrawals when one moves on chain (a CHAIN push). A list
 * that fails to load reads as empty.
 */
export const recordsStore = keyed(
  (kind: RecordKind, page: number, billType?: string) =>
    remote(
      () =>
        logs[kind](page, billType).catch(
          (): Page<unknown> => ({ total: 0, page, size: RECORDS_PAGE_SIZE, records: [] }),
        ),
      { deps: kind === 'withdrawals' ? [$walletChanges, $chainWithdrawalMoves] : [$walletChanges] },
    ).$value,
);
