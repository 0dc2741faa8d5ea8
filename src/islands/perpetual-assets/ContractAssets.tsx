import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { PerpAccount } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $perpAccounts, loadPerpAccounts } from '../../lib/perpetual-assets/accounts.ts';
import { pnlTone, riskOf, signed } from '../../lib/perpetual-assets/view.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { ListState } from '../ui/ListState.tsx';
import { ContractTransferDialog } from './ContractTransferDialog.tsx';
import '../../styles/perpetual-assets.css';

/**
 * The wallet's contract assets (docs/requirements.md §2 "contract assets"): one card per margin asset of the contract
 * account (USDT for USDT-margined contracts, BTC and ETH for coin-margined ones) with its balances, margins, unrealised
 * PnL and margin ratio, live from the private feed, and a transfer between it and the spot account.
 */
export function ContractAssets({ t }: { t: T }) {
  const { rows, status } = useStore($perpAccounts);
  const [transferOf, setTransferOf] = useState<{ asset: string; out: boolean } | null>(null);
  return (
    <section className="perp-assets" aria-labelledby="perp-assets-title" data-testid="contract-assets">
      <header className="perp-assets__head">
        <div>
          <h2 id="perp-assets-title" className="panel__subtitle">
            {t('perpAssets.title')}
          </h2>
          <p className="perp-note">{t('perpAssets.intro')}</p>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setTransferOf({ asset: rows[0]?.asset ?? 'USDT', out: false })}
        >
          {t('perpAssets.transfer')}
        </button>
      </header>
      <ListState
        t={t}
        status={status}
        count={rows.length}
        empty={t('perpAssets.noAccounts')}
        onRetry={() => void loadPerpAccounts().catch(() => {})}
      >
        <div className="perp-cards">
          {rows.map((a) => (
            <AccountCard key={a.asset} t={t} account={a} onTransfer={(out) => setTransferOf({ asset: a.asset, out })} />
          ))}
        </div>
      </ListState>
      {transferOf && (
        <ContractTransferDialog
          t={t}
          asset={transferOf.asset}
          out={transferOf.out}
          onClose={() => setTransferOf(null)}
          onDone={() => {
            setTransferOf(null);
            loadPerpAccounts({ quiet: true }).catch(() => {});
          }}
        />
      )}
    </section>
  );
}

function AccountCard({
  t,
  account: a,
  onTransfer,
}: {
  t: T;
  account: PerpAccount;
  onTransfer: (out: boolean) => void;
}) {
  const fmt = useStore($assetFormat);
  const money = (v: string) => `${fmt(v, a.asset)} ${a.asset}`;
  const risk = riskOf(a.marginRatio);
  const facts: Array<[key: string, value: string, tone?: string]> = [
    ['walletBalance', money(a.walletBalance)],
    [
      'unrealizedPnl',
      signed(money(a.unrealizedPnl), a.unrealizedPnl),
      `is-${pnlTone(a.unrealizedPnl, money(a.unrealizedPnl))}`,
    ],
    ['positionMargin', money(a.positionMargin)],
    ['orderMargin', money(a.orderMargin)],
    ['maintenanceMargin', money(a.maintenanceMargin)],
    ['availableBalance', money(a.availableBalance)],
    ['maxWithdraw', money(a.maxWithdraw)],
  ];
  return (
    <article className="perp-card" data-asset={a.asset} aria-labelledby={`perp-card-${a.asset}`}>
      <header className="perp-card__head">
        <h3 id={`perp-card-${a.asset}`}>
          {a.asset} <span className="perp-sub">{t(`perpAssets.kind.${a.kind}`)}</span>
        </h3>
        <div className="perp-card__actions">
          <button type="button" className="btn btn--small btn--outline" onClick={() => onTransfer(false)}>
            {t('perpAssets.transferIn')}
          </button>
          <button type="button" className="btn btn--small btn--outline" onClick={() => onTransfer(true)}>
            {t('perpAssets.transferOut')}
          </button>
        </div>
      </header>
      <div className="perp-card__main">
        <div>
          <p className="perp-card__label">{t('perpAssets.field.marginBalance')}</p>
          <p className="perp-card__value" data-testid={`margin-balance-${a.asset}`}>
            {fmt(a.marginBalance, a.asset)} <small>{a.asset}</small>
          </p>
        </div>
        <div className={`perp-ratio perp-ratio--${risk}`}>
          <p className="perp-card__label">{t('perpAssets.field.marginRatio')}</p>
          <p className="perp-card__value" data-testid={`margin-ratio-${a.asset}`}>
            {a.marginRatio}%
          </p>
          <p className="perp-sub">{t(`perpAssets.risk.${risk}`)}</p>
        </div>
      </div>
      <dl className="facts perp-facts">
        {facts.map(([key, value, tone]) => (
          <div className="facts__row" key={key}>
            <dt>{t(`perpAssets.field.${key}`)}</dt>
            <dd className={tone} data-testid={`${key}-${a.asset}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
