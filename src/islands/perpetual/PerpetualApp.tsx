import { useEffect, useState } from 'react';
import { ChartTabs, PaneTabs, type Pane } from '../spot/index.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractKindName } from '../../../isomorphic/contract/perpetual.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $contracts } from '../../lib/perpetual/actions.ts';
import { ContractList } from './ContractList.tsx';
import { PerpBook, PerpDepth, PerpTrades } from './PerpBook.tsx';
import { PerpChart } from './PerpChart.tsx';
import { PerpHeader } from './PerpHeader.tsx';
import { PerpOrderForm } from './PerpOrderForm.tsx';
import { PerpPanels } from './PerpPanels.tsx';

interface Props {
  t: T;
  locale: Locale;
  /** The full-screen page /exchange/full-contract/{usdt|coin}: that kind of contract, without the page's side list. */
  fullKind?: ContractKindName;
}

/** The contract the address names: ?symbol=btcusdt_perp on the trade page. */
function symbolFromUrl(): string {
  return (new URLSearchParams(location.search).get('symbol') ?? '').toLowerCase();
}

/**
 * docs/requirements.md §2 /trade/index?type=usta and /exchange/full-contract/{type}: perpetual futures. The contract
 * list with the USDT-margined and coin-margined tabs, the header with the mark, index and funding, the chart with the
 * mark price, the book and trades, the order form, and the user's positions and orders below. The stores load the
 * user's side on sign-in and after the private feed's perpetual pushes (orders, positions, contract balances), and the
 * positions' marks every 2 s.
 */
export function PerpetualApp({ t, locale, fullKind }: Props) {
  const contracts = useStore($contracts);
  const [symbol, setSymbol] = useState('');
  const [pane, setPane] = useState<Pane>('chart');
  const [kind, setKind] = useState<ContractKindName>(fullKind ?? 'usdt');
  useEffect(() => {
    const wanted = symbolFromUrl();
    setSymbol(wanted);
    if (wanted.endsWith('usd_perp')) setKind('coin');
  }, []);

  const ofKind = contracts.filter((c) => c.kind === kind);
  const contract = contracts.find((c) => c.symbol === symbol && c.kind === kind) ?? ofKind[0];

  const choose = (next: string) => {
    setSymbol(next);
    if (!fullKind) history.replaceState(null, '', `${location.pathname}?type=usta&symbol=${next}`);
  };
  const chooseKind = (next: ContractKindName) => {
    setKind(next);
    const first = contracts.find((c) => c.kind === next);
    if (first) choose(first.symbol);
    if (fullKind) history.replaceState(null, '', location.pathname.replace(/[^/]+$/, next));
  };

  if (!contract)
    return (
      <div className="trade-grid trade-grid--loading" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  return (
    <div
      className={`trade-grid perp-grid${fullKind ? ' perp-grid--full' : ''}`}
      data-testid="perp-screen"
      data-pane={pane}
    >
      <ContractList
        t={t}
        contracts={contracts}
        kind={kind}
        current={contract.symbol}
        onKind={chooseKind}
        onChoose={choose}
      />
      <PerpHeader t={t} contract={contract} />
      <PaneTabs t={t} pane={pane} onPane={setPane} />
      <ChartTabs
        t={t}
        chart={<PerpChart t={t} contract={contract} />}
        depth={<PerpDepth t={t} contract={contract} />}
      />
      <PerpBook t={t} contract={contract} />
      <PerpTrades t={t} contract={contract} />
      <PerpOrderForm t={t} contract={contract} locale={locale} fullKind={fullKind} />
      <PerpPanels t={t} contracts={contracts} current={contract} />
    </div>
  );
}
