/** What other island folders may use of spot: everything else in this folder is its own. */
export { CandleChart, KlineChart } from './KlineChart.tsx';
export type { ChartLine } from './KlineChart.tsx';
export { MarketList } from './MarketList.tsx';
export { OrderForm } from './OrderForm.tsx';
export { TickerBar } from './TickerBar.tsx';
export { PaneTabs, type Pane } from './PaneTabs.tsx';
export { BookControls, BookLadder, bookRows, type BookView } from './BookLadder.tsx';
export { DepthChart } from './DepthChart.tsx';
export { ChartTabs } from './ChartTabs.tsx';
