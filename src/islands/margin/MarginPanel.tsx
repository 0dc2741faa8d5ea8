import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginMode } from '../../../isomorphic/contract/margin.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $marginProperty, loadMarginProperty } from '../../lib/margin/account.ts';
import { accountOf, marginPairOf } from '../../lib/margin/view.ts';
import { ListState } from '../ui/ListState.tsx';
import { AccountDialogs, type DialogRequest } from './AccountDialogs.tsx';
import { MarginAccountCard } from './MarginAccountCard.tsx';

/**
 * The trade screen's margin account panel: the cross account, or the isolated account of the pair on screen, with
 * its level, assets and debts, and the borrow, repay and transfer dialogs. A pair not open for margin says so; a
 * pair whose isolated account has not been used yet offers the transfer that opens it.
 */
export function MarginPanel({ t, mode, market }: { t: T; mode: MarginMode; market: MarketEntry }) {
  const { property, status } = useStore($marginProperty);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const pair = marginPairOf(property, market.symbol);
  const account = accountOf(property, mode, market.symbol);
  return (
    <section className="margin-panel" aria-label={t(`margin.name.${mode}`)} data-testid="margin-panel">
      <ListState
        t={t}
        status={status}
        count={property ? 1 : 0}
        empty=""
        onRetry={() => void loadMarginProperty().catch(() => {})}
      >
        {!pair ? (
          <p className="muted" data-testid="margin-not-open">
            {t('margin.pairNotOpen', { pair: market.symbol_name })}
          </p>
        ) : account ? (
          <MarginAccountCard t={t} account={account} maxLeverage={pair.maxLeverage} onDialog={setDialog} />
        ) : (
          <div className="margin-card margin-card--new">
            <p>{t('margin.isolatedNew', { pair: pair.symbol_name })}</p>
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => setDialog({ kind: 'transfer', target: { mode, symbol: market.symbol } })}
            >
              {t('margin.transfer.open')}
            </button>
          </div>
        )}
      </ListState>
      <AccountDialogs t={t} request={dialog} onClose={() => setDialog(null)} />
    </section>
  );
}
