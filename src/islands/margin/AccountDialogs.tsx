import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $marginProperty } from '../../lib/margin/account.ts';
import type { MarginTarget } from '../../lib/margin/actions.ts';
import { accountOf, collateralCoins, owedCoins } from '../../lib/margin/view.ts';
import { LoanDialog } from './LoanDialog.tsx';
import { MarginTransferDialog } from './MarginTransferDialog.tsx';

/** A dialog a margin screen asks for: borrow, repay or transfer, on one account, optionally for one coin. */
export interface DialogRequest {
  kind: 'borrow' | 'repay' | 'transfer';
  target: MarginTarget;
  coin?: string;
  direction?: 'in' | 'out';
}

/** The dialog asked for, with the coins its account offers (the trade screen and the wallet open the same ones). */
export function AccountDialogs({ t, request, onClose }: { t: T; request: DialogRequest | null; onClose: () => void }) {
  const { property } = useStore($marginProperty);
  if (!request) return null;
  const { kind, target } = request;
  const account = accountOf(property, target.mode, target.symbol);
  const coins = kind === 'repay' ? owedCoins(account) : collateralCoins(property, target.mode, target.symbol);
  if (kind === 'transfer') {
    return (
      <MarginTransferDialog
        t={t}
        target={target}
        account={account}
        coins={coins}
        initialCoin={request.coin}
        initialDirection={request.direction}
        onClose={onClose}
      />
    );
  }
  return (
    <LoanDialog
      t={t}
      kind={kind}
      target={target}
      account={account}
      coins={coins}
      initialCoin={request.coin}
      onClose={onClose}
    />
  );
}
