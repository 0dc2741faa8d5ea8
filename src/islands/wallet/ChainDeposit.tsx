import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ChainDeposit as Deposit, DepositAddress } from '../../../isomorphic/contract/chain.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { ERRORS } from '../../../isomorphic/contract/codes.ts';
import { failedWith, failureMessage } from '../../lib/api/failure.ts';
import { $chainDeposits, reloadChainDeposits, requestTestCoins } from '../../lib/chain/deposits.ts';
import { chainTone, depositStatusText, shortHash } from '../../lib/chain/view.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { Fact } from '../ui/Fact.tsx';
import { AddressBox, AddressQr, ChainName, DemoChainBadge, TxHash } from './chain-parts.tsx';
import { DataTable } from '../ui/DataTable.tsx';

type OnChain = DepositAddress & { mode: 'chain'; address: string };

/**
 * A deposit on a watched chain (docs/products/chain.md): the user's own address, what to send and how much, and the
 * deposits the chain has seen, credited by themselves once final; nothing to upload. On the demo chain, a faucet.
 */
export function ChainDeposit({ t, target }: { t: T; target: OnChain }) {
  const fmt = useStore($assetFormat);
  const { coin, network, chain, address } = target;
  // Two sentences; Chinese and Japanese run on after their full stop without a space.
  const hints = [
    ...(target.minDeposit ? [t('onchain.dustHint', { min: `${fmt(target.minDeposit, coin)} ${coin}` })] : []),
    t('onchain.creditedHint'),
  ];
  return (
    <div className="chain-deposit" data-testid="chain-deposit">
      {chain?.demo && (
        <p className="chain-demo-note" role="note">
          <DemoChainBadge t={t} chain={chain} /> {t('onchain.demoExplain')}
        </p>
      )}
      <div className="field">
        <span className="field__label">{t('assets.depositAddress')}</span>
        <div className="chain-address">
          <AddressQr t={t} address={address} />
          <div className="chain-address__text">
            <AddressBox t={t} address={address} />
            <p className="chain-warning" data-testid="send-only">
              {t('onchain.sendOnly', { coin, network })}
            </p>
          </div>
        </div>
      </div>
      <dl className="facts wallet-facts">
        <Fact label={t('assets.network')}>{network}</Fact>
        {chain && (
          <Fact label={t('onchain.chain')}>
            <ChainName t={t} chain={chain} />
          </Fact>
        )}
        {target.minDeposit && (
          <Fact label={t('onchain.minDeposit')} testId="min-deposit">
            {fmt(target.minDeposit, coin)} {coin}
          </Fact>
        )}
        {chain && (
          <Fact label={t('onchain.confirmations')} testId="confirmations">
            {chain.confirmations}
          </Fact>
        )}
      </dl>
      <p className="field__hint">{hints.join(/[。！？]$/.test(hints[0]!) ? '' : ' ')}</p>
      {chain?.demo && <Faucet t={t} coin={coin} network={network} />}
      <h2 className="panel__subtitle">{t('onchain.deposits.title')}</h2>
      <ChainDeposits t={t} />
    </div>
  );
}

/** The demo chain's faucet: test coins to this address, then the deposit shows up below like any other. */
function Faucet({ t, coin, network }: { t: T; coin: string; network: string }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const ask = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const hash = await requestTestCoins(coin, network);
      setSaid({ ok: true, text: t('onchain.faucetSent', { coin, hash: shortHash(hash) }) });
    } catch (e) {
      // A server without the faucet answers "not found", which says nothing useful here.
      const said = failedWith(e, ERRORS.notFound) ? '' : failureMessage(e);
      setSaid({ ok: false, text: said || t('onchain.faucetFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chain-faucet">
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => void ask()}
        disabled={busy}
        data-testid="faucet"
      >
        {t('onchain.faucet', { coin })}
      </button>
      {said && (
        <p className={said.ok ? 'field__hint' : 'field__error'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
    </div>
  );
}

/** The latest deposits seen on chain, live; a list that cannot load says so and offers to ask again. */
function ChainDeposits({ t }: { t: T }) {
  const list = useStore($chainDeposits);
  const dates = useStore($dateOptions);
  const fmt = useStore($assetFormat);
  if (list.status === 'error')
    return (
      <p className="field__error" role="alert" data-testid="chain-deposits-error">
        {t('onchain.deposits.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void reloadChainDeposits().catch(() => {})}>
          {t('onchain.retry')}
        </button>
      </p>
    );
  if (list.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  if (!list.value.length) return <p className="muted">{t('onchain.deposits.empty')}</p>;
  const when = (ms: number) => formatDateTime(ms, dates);
  const status = (d: Deposit) => {
    const s = depositStatusText(d);
    return <span className={`status status--${chainTone(d.status)}`}>{t(s.key, s.values)}</span>;
  };
  return (
    <div className="wallet-scroll">
      <DataTable
        className="wallet-table chain-deposits"
        testId="chain-deposits"
        rows={list.value}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-status': d.status })}
        columns={[
          { key: 'time', label: t('assets.time'), cell: (d) => when(d.time) },
          {
            key: 'coin',
            label: t('assets.coin'),
            phone: 'title',
            cell: (d) => (
              <>
                {d.coin} <span className="muted">{d.network}</span>
                {/* The page says it is the demo chain; a deposit of another chain says which. */}
                {!d.chain.demo && <div className="muted">{d.chain.name}</div>}
              </>
            ),
          },
          { key: 'amount', label: t('assets.amount'), num: true, cell: (d) => fmt(d.amount, d.coin) },
          { key: 'status', label: t('assets.statusLabel'), cell: status },
          {
            key: 'tx',
            label: t('onchain.tx'),
            cell: (d) => <TxHash t={t} hash={d.txHash} explorerUrl={d.explorerUrl} />,
          },
        ]}
      />
    </div>
  );
}
