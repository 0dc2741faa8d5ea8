import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $perpAccounts } from '../../lib/perpetual-assets/accounts.ts';
import { CONTRACT_ACCOUNT, SPOT_ACCOUNT } from '../../lib/perpetual-assets/view.ts';
import { TransferForm } from '../wallet/index.ts';
import { useModal } from '../ui/use-modal.ts';

/**
 * The wallet's transfer form in a modal, opened from the contract assets: spot to contract (in) or back (out).
 * Out of the contract account the most it offers is what the open positions allow; a larger amount is refused by
 * the server, whose message shows beside the amount.
 */
export function ContractTransferDialog({
  t,
  asset,
  out,
  onClose,
  onDone,
}: {
  t: T;
  asset: string;
  out: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { titleId, dialog } = useModal(onClose);
  const { rows } = useStore($perpAccounts);
  return (
    <dialog {...dialog} className="perp-dialog" data-testid="contract-transfer">
      <header className="perp-dialog__head">
        <h2 id={titleId}>{t('perpAssets.transferTitle')}</h2>
        <button type="button" className="link-button" onClick={onClose} aria-label={t('common.close')}>
          ✕
        </button>
      </header>
      <p className="perp-note">{t('perpAssets.transferNote')}</p>
      <TransferForm
        t={t}
        initialCoin={asset}
        initialFrom={out ? CONTRACT_ACCOUNT : SPOT_ACCOUNT}
        initialTo={out ? SPOT_ACCOUNT : CONTRACT_ACCOUNT}
        // Out of the contract account, what may leave is what the open positions allow, not the balance.
        availableOf={(from, coin) =>
          from === CONTRACT_ACCOUNT ? rows.find((r) => r.asset === coin)?.maxWithdraw : undefined
        }
        onDone={onDone}
      />
    </dialog>
  );
}
