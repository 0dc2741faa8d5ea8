import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginMode } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $marginProperty, loadMarginProperty } from '../../lib/margin/account.ts';
import { marginPairOf, walletAccounts } from '../../lib/margin/view.ts';
import { ListState } from '../ui/ListState.tsx';
import { AccountDialogs, type DialogRequest } from './AccountDialogs.tsx';
import { MarginAccountCard } from './MarginAccountCard.tsx';
import { MarginRecords } from './MarginRecords.tsx';

/**
 * The wallet's margin assets: the cross account and each isolated account with their lines, level and risk, the
 * borrow, repay and transfer dialogs of the trade screen, a transfer into a pair not used yet, and the margin
 * records. `mode` shows one kind of account only (the wallet's cross or isolated account tab).
 */
export function MarginAssets({ t, mode }: { t: T; mode?: MarginMode }) {
  const { property, status } = useStore($marginProperty);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [newPair, setNewPair] = useState('');
  const accounts = walletAccounts(property).filter((a) => !mode || a.mode === mode);
  const unused = (property?.pairs ?? []).filter((p) => !property?.isolated.some((a) => a.symbol === p.symbol));
  return (
    <section className="margin-assets" aria-labelledby="margin-assets-title" data-testid="margin-assets">
      <header className="margin-assets__head">
        <div>
          <h2 id="margin-assets-title" className="panel__subtitle">
            {t('margin.assets.title')}
          </h2>
          <p className="margin-note">{t('margin.assets.intro')}</p>
        </div>
        {mode !== 'cross' && unused.length > 0 && (
          <form
            className="margin-assets__open"
            onSubmit={(e) => {
              e.preventDefault();
              if (newPair) setDialog({ kind: 'transfer', target: { mode: 'isolated', symbol: newPair } });
            }}
          >
            <label>
              <span>{t('margin.assets.openIsolated')}</span>
              <select value={newPair} onChange={(e) => setNewPair(e.target.value)} name="pair">
                <option value="">{t('margin.assets.choosePair')}</option>
                {unused.map((p) => (
                  <option key={p.symbol} value={p.symbol}>
                    {p.symbol_name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn--small btn--outline" disabled={!newPair}>
              {t('margin.transfer.open')}
            </button>
          </form>
        )}
      </header>
      <ListState
        t={t}
        status={status}
        count={accounts.length}
        empty={t('margin.assets.none')}
        onRetry={() => void loadMarginProperty().catch(() => {})}
      >
        <div className="margin-cards">
          {accounts.map((a) => (
            <MarginAccountCard
              key={`${a.mode}-${a.symbol ?? ''}`}
              t={t}
              account={a}
              maxLeverage={a.symbol ? marginPairOf(property, a.symbol)?.maxLeverage : undefined}
              onDialog={setDialog}
            />
          ))}
        </div>
      </ListState>
      <AccountDialogs t={t} request={dialog} onClose={() => setDialog(null)} />
      <h2 className="panel__subtitle">{t('margin.records.title')}</h2>
      <MarginRecords t={t} mode={mode} />
    </section>
  );
}
