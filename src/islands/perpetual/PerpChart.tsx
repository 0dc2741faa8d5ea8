import { useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ContractView } from '../../../isomorphic/contract/perpetual.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { $positions, candleStore, PERP_INTERVALS, type PerpInterval } from '../../lib/perpetual/actions.ts';
import { CandleChart, type ChartLine } from '../spot/index.ts';

const MARK = '#c77700';

/**
 * The contract's last-price candles with the mark price (what margin and liquidation use) drawn over them as a line
 * of its candles' closes and marked at its current value, and the user's positions on it: entry and liquidation price.
 */
export function PerpChart({ t, contract: c }: { t: T; contract: ContractView }) {
  const [interval, setInterval] = useState<PerpInterval>('15m');
  const candles = useStore(candleStore(c.symbol, interval));
  const markCandles = useStore(candleStore(c.symbol, interval, 'mark'));
  const overlay = useMemo(
    () => ({ color: MARK, points: markCandles.map((k) => ({ time: k.time, value: Number(k.close) })) }),
    [markCandles],
  );
  const positions = useStore($positions);
  const lines = useMemo<ChartLine[]>(() => {
    const out: ChartLine[] = [];
    if (c.mark)
      out.push({
        price: Number(c.mark),
        up: true,
        color: MARK,
        solid: true,
        inScale: true,
        title: t('perp.markPrice'),
      });
    for (const p of positions.filter((x) => x.symbol === c.symbol)) {
      const up = p.side === 'long';
      out.push({
        price: Number(p.entryPrice),
        up,
        title: `${t(`perp.side.${p.side}`)} ${formatAmount(p.quantity, c.qtyScale, { pad: false })}`,
      });
      if (p.liquidationPrice)
        out.push({ price: Number(p.liquidationPrice), up: false, color: '#7a2a8c', title: t('perp.liqPrice') });
    }
    return out;
  }, [c.mark, c.symbol, positions]);
  return (
    <CandleChart
      t={t}
      candles={candles}
      precision={c.priceScale}
      intervals={PERP_INTERVALS}
      interval={interval}
      onInterval={setInterval}
      lastPrice={c.last}
      lines={lines}
      overlay={overlay}
      empty={t('perp.noTrades')}
    />
  );
}
