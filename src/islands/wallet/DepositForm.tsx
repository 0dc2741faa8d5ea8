import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { depositAddressStore } from '../../lib/wallet/balances.ts';
import { useCoinNetwork } from './use-coin-network.ts';
import { Select } from '../ui/Select.tsx';
import { ChainDeposit } from './ChainDeposit.tsx';
import { ManualDeposit } from './ManualDeposit.tsx';

/**
 * Deposit (docs/products/chain.md, "Deposit addresses"): a coin and network, then what the network's mode says: on a
 * watched chain the user's own address, credited by itself once final; on a manual network the address and the
 * payment screenshot an operator reviews; and where the operator has enabled neither, no address at all.
 */
export function DepositForm({ t, initialCoin }: { t: T; initialCoin?: string }) {
  const { coin, setCoin, network, setNetwork, coins, coinNetworks } = useCoinNetwork(initialCoin);

  // Asked only for a network of the coin: while the coin changes, the network still names the old coin's.
  const known = Boolean(network) && coinNetworks.some((n) => n.network === network);
  const answer = useStore(depositAddressStore(known ? coin : '', known ? network : ''));
  const target = answer.status === 'success' ? answer.value : null;

  let body;
  if (answer.status === 'error')
    body = (
      <p className="field__error" role="alert">
        {answer.error.message || t('common.operationFailed')}
      </p>
    );
  else if (!target) body = <p className="muted">…</p>;
  else if (target.mode === 'chain' && target.address)
    body = (
      <ChainDeposit key={`${coin}:${network}`} t={t} target={{ ...target, mode: 'chain', address: target.address }} />
    );
  else if (target.mode === 'manual' && target.address)
    body = <ManualDeposit key={`${coin}:${network}`} t={t} coin={coin} network={network} address={target.address} />;
  else
    body = (
      <p className="form-note" role="note" data-testid="deposit-off">
        {t('onchain.off', { coin, network })}
      </p>
    );

  return (
    <div className="wallet-form chain-deposit-page">
      <div className="stack-form">
        <Select
          label={t('assets.coin')}
          name="coin"
          value={coin}
          onChange={setCoin}
          options={coins.map((c) => ({ value: c, label: c }))}
        />
        <Select
          label={t('assets.network')}
          name="network"
          value={network}
          onChange={setNetwork}
          options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
        />
      </div>
      {body}
    </div>
  );
}
