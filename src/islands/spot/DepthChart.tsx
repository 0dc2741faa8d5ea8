import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { bookLadder, type LadderRow, type LadderScales } from '../../../isomorphic/money/depth.ts';
import type { T } from '../../lib/i18n/client.ts';
import { depthGeometry, type DepthGeometry } from '../../lib/spot/depth-geometry.ts';
import { quoteOf } from '../../lib/spot/order-math.ts';
import { depthStore } from '../../lib/stores/market.ts';

type Levels = ReadonlyArray<readonly [string, string]>;

interface Props {
  t: T;
  /** The book, best price first each side, at the tick (the same store the book reads). */
  book: { bids: Levels; asks: Levels } | null;
  scales: LadderScales;
  /** Units for the read-out: the quote asset and the base asset (or contracts). */
  priceUnit: string;
  qtyUnit: string;
}

const HEIGHT = 420;
const PAD = { top: 12, right: 64, bottom: 24, left: 8 };

/** The theme's colours, read when drawing so the night theme (html[data-theme="night"]) applies at once. */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--up', '#067a4b'),
    down: v('--down', '#d9304f'),
    ink: v('--ink-3', '#5f6b80'),
    line: v('--line', '#dfe3ea'),
    bg: v('--bg', '#ffffff'),
  };
}

function draw(canvas: HTMLCanvasElement, g: DepthGeometry, hover: { side: 'bid' | 'ask'; index: number } | null) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const c = palette();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = c.bg;
  ctx.fillRect(0, 0, width, HEIGHT);
  const plot = { x: PAD.left, y: PAD.top, w: width - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const px = (fx: number) => plot.x + fx * plot.w;
  const py = (fy: number) => plot.y + plot.h - fy * plot.h;

  ctx.strokeStyle = c.line;
  ctx.lineWidth = 1;
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = c.ink;
  ctx.textBaseline = 'middle';
  for (const tick of g.yTicks) {
    ctx.beginPath();
    ctx.moveTo(plot.x, Math.round(py(tick.at)) + 0.5);
    ctx.lineTo(plot.x + plot.w, Math.round(py(tick.at)) + 0.5);
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.fillText(tick.label, plot.x + plot.w + 6, py(tick.at));
  }
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  for (const tick of g.xTicks) ctx.fillText(tick.label, px(tick.at), plot.y + plot.h + 6);

  // Each side a staircase: flat at a level's running total until the next price, filled down to the axis.
  const side = (steps: DepthGeometry['bids'], colour: string) => {
    if (!steps.length) return;
    ctx.beginPath();
    ctx.moveTo(px(steps[0]!.x), py(0));
    let y = 0;
    for (const s of steps) {
      ctx.lineTo(px(s.x), py(y));
      ctx.lineTo(px(s.x), py(s.y));
      y = s.y;
    }
    ctx.lineTo(px(steps.at(-1)!.edge), py(y));
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.lineTo(px(steps.at(-1)!.edge), py(0));
    ctx.closePath();
    ctx.globalAlpha = 0.18;
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.globalAlpha = 1;
  };
  side(g.bids, c.up);
  side(g.asks, c.down);

  if (hover) {
    const s = (hover.side === 'bid' ? g.bids : g.asks)[hover.index]!;
    ctx.setLineDash([4, 4]);
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(Math.round(px(s.x)) + 0.5, plot.y);
    ctx.lineTo(Math.round(px(s.x)) + 0.5, plot.y + plot.h);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(px(s.x), py(s.y), 4, 0, Math.PI * 2);
    ctx.fillStyle = hover.side === 'bid' ? c.up : c.down;
    ctx.fill();
  }
}

/**
 * The depth chart beside the candles: the running amount of the bids (left, green) and the asks (right, red) against
 * price, from the same live book as the order book. Hovering reads out a level's price and the amount to it.
 */
export function DepthChart({ t, book, scales, priceUnit, qtyUnit }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<{ side: 'bid' | 'ask'; index: number } | null>(null);
  // The whole book as sent, ungrouped (the empty step is the smallest unit): every level is a stair.
  const ladder = useMemo(
    () => bookLadder(book ?? { bids: [], asks: [] }, scales, '', Number.POSITIVE_INFINITY),
    [book, scales.priceScale, scales.qtyScale],
  );
  const geometry = useMemo(() => depthGeometry(ladder, scales), [ladder]);
  const [theme, setTheme] = useState(0);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const observer = new MutationObserver(() => setTheme((n) => n + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const resize = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? 0));
    if (canvas.current) resize.observe(canvas.current);
    return () => {
      observer.disconnect();
      resize.disconnect();
    };
  }, []);
  useEffect(() => {
    if (canvas.current && width > 0) draw(canvas.current, geometry, hover);
  }, [geometry, hover, theme, width]);

  const empty = !ladder.bids.length && !ladder.asks.length;
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const fx = (e.clientX - rect.left - PAD.left) / (rect.width - PAD.left - PAD.right);
    setHover(geometry.nearest(fx));
  };
  const read: LadderRow | undefined = hover
    ? (hover.side === 'bid' ? ladder.bids : ladder.asks)[hover.index]
    : undefined;
  return (
    <div className="depth-chart" data-testid="depth-chart" data-levels={ladder.bids.length + ladder.asks.length}>
      <canvas
        ref={canvas}
        className="depth-chart__canvas"
        style={{ height: HEIGHT }}
        role="img"
        aria-label={t('depth.chartLabel')}
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
      />
      {read && hover && (
        <dl className={`depth-chart__read depth-chart__read--${hover.side}`} data-testid="depth-read">
          <dt>{t('trade.price')}</dt>
          <dd>
            {formatAmount(read.price, scales.priceScale)} {priceUnit}
          </dd>
          <dt>{t('depth.cumulative')}</dt>
          <dd>
            {formatAmount(read.cum, scales.qtyScale)} {qtyUnit}
          </dd>
        </dl>
      )}
      {empty && <p className="depth-chart__empty muted">{t('depth.empty')}</p>}
    </div>
  );
}

/** A spot market's depth, from the book's live store at the tick. */
export function SpotDepth({ t, market }: { t: T; market: MarketEntry }) {
  const book = useStore(depthStore(market.symbol, ''));
  const scales = useMemo(() => ({ priceScale: market.part_cou, qtyScale: market.full_cou }), [market]);
  return <DepthChart t={t} book={book} scales={scales} priceUnit={quoteOf(market)} qtyUnit={market.baseCoin} />;
}
