import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $markets } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { ChartTabs } from './ChartTabs.tsx';
import { SpotDepth } from './DepthChart.tsx';
import { KlineChart } from './KlineChart.tsx';
import { MarketList } from './MarketList.tsx';
import { OrderBook } from './OrderBook.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PaneTabs, type Pane } from './PaneTabs.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { TickerBar, TickerView } from './TickerBar.tsx';
import { UserOrders } from './UserOrders.tsx';
import { tradeAccountOf, type TradeAccount } from '../../lib/margin/view.ts';
import { AccountSwitch } from './AccountSwitch.tsx';
import { servedFigures } from '../../lib/spot/served-ticker.ts';
import { BLANK_FIGURES } from '../../../isomorphic/contract/served-ticker.ts';

// The second-contract and perpetual screens share this page but load only when asked for (?type=sec|usta), so the
// spot screen does not pay for their code.
const SecondsApp = lazy(() => import('../seconds/index.ts').then((m) => ({ default: m.SecondsApp })));
const PerpetualApp = lazy(() => import('../perpetual/index.ts').then((m) => ({ default: m.PerpetualApp })));
// So do the margin accounts' panel, form and orders (?margin=cross|isolated): one chunk, fetched once for the three.
const marginModule = () => import('../margin/index.ts');
const MarginPanel = lazy(() => marginModule().then((m) => ({ default: m.MarginPanel })));
const MarginOrderForm = lazy(() => marginModule().then((m) => ({ default: m.MarginOrderForm })));
const MarginOrdersTable = lazy(() => marginModule().then((m) => ({ default: m.MarginOrdersTable })));

interface Props {
  locale: Locale;
  messages: Messages;
  /** The full-screen exchange takes its pair from the path (/exchange/full-screen/BTC_USDT). */
  fullScreen?: boolean;
}

/** The symbol the page was opened for: ?symbol=btcusdt, or the path's BTC_USDT on the full-screen page. */
function symbolFromUrl(fullScreen: boolean): string {
  if (typeof location === 'undefined') return '';
  if (fullScreen) return (location.pathname.split('/').pop() ?? '').replace('_', '').toLowerCase();
  return (new URLSearchParams(location.search).get('symbol') ?? '').toLowerCase();
}

/**
 * docs/requirements.md §2 /trade/index?type=spot|sec|usta and /exchange/full-screen/{pair}: the spot trading screen,
 * second contracts, or perpetuals.
 */
export default function TradeApp({ locale, messages, fullScreen = false }: Props) {
  const t = useMessages(locale, messages);
  // Deferred: when the market list arrives, React renders the whole grid (list, book, trades, form, orders) in a
  // background render that yields every few milliseconds, instead of one long task that would hold a phone's main
  // thread for a quarter of a second; the served header stays on screen meanwhile (issue 30).
  const markets = useDeferredValue(useStore($markets).currencyList);
  const isLogin = useStore($isLogin);
  const [symbol, setSymbol] = useState('');
  const [type, setType] = useState('spot');
  // Spot, cross margin or isolated margin: the account the spot screen trades from (?margin=cross|isolated).
  const [account, setAccount] = useState<TradeAccount>('spot');
  const [pane, setPane] = useState<Pane>('chart');
  useEffect(() => {
    setSymbol(symbolFromUrl(fullScreen));
    setType(new URLSearchParams(location.search).get('type') ?? 'spot');
    setAccount(tradeAccountOf(new URLSearchParams(location.search).get('margin')));
  }, [fullScreen]);

  const market = markets.find((m) => m.symbol === symbol) ?? markets[0];
  const marginParam = (a: TradeAccount) => (a === 'spot' ? '' : `&margin=${a}`);
  const switchAccount = (next: TradeAccount) => {
    setAccount(next);
    if (!fullScreen && market)
      history.replaceState(null, '', `${location.pathname}?type=spot&symbol=${market.symbol}${marginParam(next)}`);
  };
  const choose = (next: string) => {
    setSymbol(next);
    if (!fullScreen)
      history.replaceState(null, '', `${location.pathname}?type=spot&symbol=${next}${marginParam(account)}`);
    else {
      const m = markets.find((x) => x.symbol === next);
      if (m) history.replaceState(null, '', location.pathname.replace(/[^/]+$/, m.symbol_name.replace('/', '_')));
    }
  };

  const loading = (
    <div className="trade-grid trade-grid--loading" aria-busy="true">
      {t('common.loading')}
    </div>
  );
  if (type === 'sec' || type === 'usta')
    return (
      <Suspense fallback={loading}>
        {type === 'sec' ? <SecondsApp t={t} locale={locale} /> : <PerpetualApp t={t} locale={locale} />}
      </Suspense>
    );
  if (type !== 'spot') {
    return (
      <div className="trade-closed panel">
        <p>{t('trade.notOpenYet')}</p>
        <a className="btn btn--primary" href={href('/trade/index?type=spot', locale)}>
          {t('trade.goSpot')}
        </a>
      </div>
    );
  }
  // Until the market list is here: the header, with the figures the server filled in for the pair (dashes on a static
  // host), in its place in the grid, so the last price is on the first paint and stays where it is.
  if (!market)
    return (
      <div className={`trade-grid trade-grid--waiting${fullScreen ? ' trade-grid--full' : ''}`} aria-busy="true">
        <TickerView t={t} figures={servedFigures() ?? BLANK_FIGURES} served />
        <div className="trade-grid__wait">{t('common.loading')}</div>
      </div>
    );
  const accountSwitch = <AccountSwitch t={t} value={account} onChange={switchAccount} />;
  const margin = account === 'spot' ? null : account;
  return (
    <div
      className={`trade-grid${fullScreen ? ' trade-grid--full' : ''}${margin ? ' trade-grid--margin' : ''}`}
      data-pane={pane}
    >
      <MarketList t={t} markets={markets} current={market.symbol} onChoose={choose} />
      <TickerBar t={t} market={market} />
      <PaneTabs t={t} pane={pane} onPane={setPane} />
      <ChartTabs t={t} chart={<KlineChart t={t} market={market} />} depth={<SpotDepth t={t} market={market} />} />
      <OrderBook t={t} market={market} />
      <RecentTrades t={t} market={market} />
      {!margin ? (
        <>
          <OrderForm t={t} market={market} locale={locale} header={accountSwitch} />
          <UserOrders t={t} market={market} />
        </>
      ) : (
        // Nothing in their grid cells for the moment the chunk takes: a second loading text would jump about.
        <Suspense fallback={null}>
          {isLogin && <MarginPanel t={t} mode={margin} market={market} />}
          <MarginOrderForm t={t} market={market} locale={locale} mode={margin} header={accountSwitch} />
          <section className="user-orders" aria-label={t('trade.openOrders')}>
            {isLogin ? (
              <MarginOrdersTable t={t} mode={margin} symbol={market.symbol} />
            ) : (
              <p className="muted">{t('trade.noOrders')}</p>
            )}
          </section>
        </Suspense>
      )}
    </div>
  );
}
