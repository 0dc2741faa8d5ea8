/** What other island folders may use of wallet: everything else in this folder is its own. */
export { TransferForm } from './TransferForm.tsx';
export { useCoinNetwork } from './use-coin-network.ts';
export { ChainName, DemoChainBadge, PayoutStatus, reasonText, TxHash } from './chain-parts.tsx';
