import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import type { ChainInfo, WithdrawalChain } from '../../../isomorphic/contract/chain.ts';
import type { WithdrawalRecord } from '../../../isomorphic/contract/wallet.ts';
import type { T } from '../../lib/i18n/client.ts';
import { chainTone, reasonKey, shortHash } from '../../lib/chain/view.ts';
import { copyText } from '../ui/copy-text.ts';

/**
 * Pieces every chain screen shares (the deposit page, the withdrawal records, the console): the demo chain's label,
 * a transaction with copy and explorer link, a withdrawal's way on chain, and an address as a QR code.
 */

/** "Demo chain", on everything that happens on the local development chain, so test coins never pass for real. */
export function DemoChainBadge({ t, chain }: { t: T; chain: ChainInfo | null | undefined }) {
  if (!chain?.demo) return null;
  return (
    <span className="chain-demo-badge" title={t('onchain.demoExplain')} data-testid="demo-chain">
      {t('onchain.demoChain')}
    </span>
  );
}

/** A chain by its name; the demo chain by its translated label alone (its own name is the server's, in English). */
export function ChainName({ t, chain }: { t: T; chain: ChainInfo }) {
  return chain.demo ? <DemoChainBadge t={t} chain={chain} /> : chain.name;
}

/** A transaction's hash, short, with the whole one copied, and its page on the explorer when the chain has one. */
export function TxHash({ t, hash, explorerUrl }: { t: T; hash: string | null; explorerUrl: string | null }) {
  if (!hash) return null;
  return (
    <span className="chain-tx">
      <code title={hash}>{shortHash(hash)}</code>
      <button type="button" className="link-button" onClick={() => void copyText(t, hash)}>
        {t('common.copy')}
      </button>
      {explorerUrl && (
        <a href={explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('onchain.explorer')}
        </a>
      )}
    </span>
  );
}

/** A withdrawal's state on chain: queued, signing, sent, confirmed, or failed with why and the funds returned. */
export function PayoutStatus({ t, chain }: { t: T; chain: WithdrawalChain }) {
  return (
    <div className="chain-payout" data-testid="payout-status" data-status={chain.status}>
      <span>
        <span className={`status status--${chainTone(chain.status)}`}>{t(`onchain.payout.${chain.status}`)}</span>{' '}
        <DemoChainBadge t={t} chain={chain.chain} />
      </span>
      {chain.status === 'failed' && (
        <div className="muted">
          {chain.error ? `${chain.error} · ` : ''}
          {t('onchain.payout.returned')}
        </div>
      )}
      <div>
        <TxHash t={t} hash={chain.txHash} explorerUrl={chain.explorerUrl} />
      </div>
    </div>
  );
}

/** A withdrawal's review reason: the platform's own ("auto") in words, an operator's as written. */
export function reasonText(t: T, r: WithdrawalRecord): string {
  const key = reasonKey(r);
  return key ? t(key) : (r.reason ?? '');
}

/** An address as a QR code (SVG, drawn in the browser), for a wallet app's camera. */
export function AddressQr({ t, address }: { t: T; address: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => void (live = false);
  }, [address]);
  if (!qr) return null;
  return <img className="chain-qr" src={qr} width={148} height={148} alt={t('onchain.qr')} data-testid="deposit-qr" />;
}

/** The deposit address, whole, with its copy button. */
export function AddressBox({ t, address }: { t: T; address: string }) {
  return (
    <div className="wallet-address">
      <code data-testid="deposit-address">{address}</code>
      <button type="button" className="btn btn--outline" onClick={() => void copyText(t, address)}>
        {t('common.copy')}
      </button>
    </div>
  );
}
