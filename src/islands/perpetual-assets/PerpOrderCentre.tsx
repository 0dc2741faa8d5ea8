import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractKindName } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $perpOpenTotals } from '../../lib/perpetual-assets/orders.ts';
import { LiquidationsTable } from './LiquidationsTable.tsx';
import { PerpOrdersTable } from './PerpOrdersTable.tsx';
import '../../styles/perpetual-assets.css';

const VIEWS = ['open', 'history', 'liquidations'] as const;
type View = (typeof VIEWS)[number];

/**
 * The order centre's contract tab (docs/requirements.md §2 /account/entrust future/u, future/coin): the user's contract
 * orders of one kind, open (with cancel) or finished, and the liquidations of that kind.
 */
export function PerpOrderCentre({ t, kind }: { t: T; kind: ContractKindName }) {
  const [view, setView] = useState<View>('open');
  const openTotal = useStore($perpOpenTotals)[kind];
  return (
    <section className="perp-orders" aria-label={t(`perpAssets.kind.${kind}`)} data-testid={`perp-orders-${kind}`}>
      <div className="segmented" role="tablist" aria-label={t(`perpAssets.kind.${kind}`)}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={v === view}
            className={v === view ? 'is-active' : ''}
            onClick={() => setView(v)}
          >
            {t(`perpAssets.view.${v}`)}
            {v === 'open' && openTotal ? ` (${openTotal})` : ''}
          </button>
        ))}
      </div>
      {view === 'liquidations' ? (
        <LiquidationsTable t={t} kind={kind} />
      ) : (
        <PerpOrdersTable t={t} kind={kind} state={view} />
      )}
    </section>
  );
}
