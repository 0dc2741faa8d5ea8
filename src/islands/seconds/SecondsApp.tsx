import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $periods, $settlements, secondsOrdersStore } from '../../lib/seconds/actions.ts';
import { settlementNotices } from '../../lib/seconds/notices.ts';
import { KlineChart, type ChartLine } from '../spot/index.ts';
import { MarketList } from '../spot/index.ts';
import { TickerBar } from '../spot/index.ts';
import { SecondsForm } from './SecondsForm.tsx';
import { SecondsOrders } from './SecondsOrders.tsx';

/**
 * docs/requirements.md §2 /trade/index?type=sec: second contracts. The markets with periods, the live chart with a line
 * at each open order's entry price, the order form, and the user's orders; a settlement pushed on the private feed
 * shows as a message (the order and balance stores reload on it themselves).
 */
export function SecondsApp({ t, locale }: { t: T; locale: Locale }) {
  const markets = useStore($markets).coinList;
  const periods = useStore($periods);
  const settlements = useStore($settlements);
  const fmt = useStore($assetFormat);
  const [symbol, setSymbol] = useState('');
  useEffect(() => {
    setSymbol((new URLSearchParams(location.search).get('symbol') ?? '').toLowerCase());
  }, []);
  const market = markets.find((m) => m.symbol === symbol) ?? markets[0];
  const choose = (next: string) => {
    setSymbol(next);
    history.replaceState(null, '', `${location.pathname}?type=sec&symbol=${next}`);
  };

  const announced = useRef(new Set<string>());
  useEffect(() => {
    const notices = settlementNotices(settlements, announced.current);
    if (!notices.length) return;
    for (const { kind, key, settlement: s } of notices)
      showToast(kind, t(key, { id: s.orderId, amount: `${fmt(s.profit.replace('-', ''), s.coin)} ${s.coin}` }));
  }, [settlements]);

  if (!market)
    return (
      <div className="trade-grid trade-grid--loading" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  return (
    <div className="trade-grid seconds-grid">
      <MarketList t={t} markets={markets} current={market.symbol} onChoose={choose} />
      <TickerBar t={t} market={market} />
      <SecondsChart t={t} market={market} />
      <SecondsForm t={t} market={market} periods={periods.filter((p) => p.symbol === market.symbol)} locale={locale} />
      <SecondsOrders
        t={t}
        symbol={market.symbol}
        decimalsOf={(s) => markets.find((m) => m.symbol === s)?.part_cou ?? 2}
      />
    </div>
  );
}

/** The live chart of a pair with a line at the entry price of each of the user's open orders on it. */
function SecondsChart({ t, market }: { t: T; market: MarketEntry }) {
  const { open } = useStore(secondsOrdersStore(market.symbol));
  const fmt = useStore($assetFormat);
  const lines = useMemo<ChartLine[]>(
    () =>
      open
        .filter((o) => o.symbol === market.symbol)
        .map((o) => ({
          price: Number(o.openPrice),
          up: o.direction === 'up',
          title: `${t(`seconds.${o.direction}`)} ${fmt(o.amount, o.coin)}`,
        })),
    [open, market.symbol],
  );
  return <KlineChart t={t} market={market} lines={lines} />;
}
