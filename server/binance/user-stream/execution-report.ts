import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { Market } from '../../spot/market.ts';
import type { OrderRow, TradeRecord } from '../../spot/orders.repo.ts';
import type { ConditionalRow } from '../../spot/conditional/conditional.repo.ts';

/** Binance's order status (developers.binance.com, spot "Enums": Order status). */
export type BinanceStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';
/** Binance's execution type: what this report says happened. */
export type ExecutionType = 'NEW' | 'TRADE' | 'CANCELED' | 'REJECTED' | 'EXPIRED';

/** What the order had done before this report: its cumulative quantity and quote. */
export interface Cumulative {
  qty: bigint;
  quote: bigint;
}

const asset = (v: bigint) => formatUnits(v, ASSET_SCALE);
const ZERO = '0.00000000';

/** Binance's order type and time in force: a post-only order is its LIMIT_MAKER (GTC). */
function typeOf(o: OrderRow): { o: string; f: string } {
  if (o.tif === 'POST_ONLY') return { o: 'LIMIT_MAKER', f: 'GTC' };
  return { o: o.kind === 'limit' ? 'LIMIT' : 'MARKET', f: o.tif };
}

/**
 * How a finished order ended, as Binance says it: a cancel is CANCELED; an IOC's or FOK's rest, a market order that
 * ran out of book, a post-only that would take and a self-trade prevention are EXPIRED; a refusal is REJECTED.
 */
export function endOf(o: OrderRow): 'CANCELED' | 'REJECTED' | 'EXPIRED' | undefined {
  if (o.status === 'rejected') return 'REJECTED';
  if (o.status === 'cancelled') return o.doneReason === 'cancelled' ? 'CANCELED' : 'EXPIRED';
  if (o.status === 'filled' && o.doneReason && o.doneReason !== 'filled') return 'EXPIRED';
  return undefined;
}

/** A fill as the order's owner took part in it: the report's last-trade fields. */
export interface Fill {
  trade: TradeRecord;
  maker: boolean;
}

/**
 * One `executionReport` (developers.binance.com, spot "User Data Streams": Order Update) with every field CCXT's
 * handleOrderUpdate and handleMyTrade read: decimals as strings, ids and times as numbers.
 */
export function executionReport(
  m: Market,
  o: OrderRow,
  x: ExecutionType,
  X: BinanceStatus,
  done: Cumulative,
  fill: Fill | undefined,
  eventTime: number,
  executionId: number,
): Record<string, unknown> {
  const price = (v: bigint) => formatUnits(v, m.priceScale);
  const qty = (v: bigint) => formatUnits(v, m.qtyScale);
  const t = fill?.trade;
  const fee = t ? (fill.maker ? t.makerFee : t.takerFee) : 0n;
  const transactTime = t ? t.createdAt : x === 'NEW' ? o.createdAt : o.updatedAt;
  return {
    e: 'executionReport',
    E: eventTime,
    s: `${m.base}${m.quote}`,
    c: String(o.id),
    S: o.side === 'buy' ? 'BUY' : 'SELL',
    ...typeOf(o),
    q: qty(o.quantity),
    p: o.kind === 'limit' ? price(o.price) : price(0n),
    P: ZERO,
    F: ZERO,
    g: -1,
    C: x === 'CANCELED' ? String(o.id) : '',
    x,
    X,
    r: 'NONE',
    i: o.id,
    l: qty(t ? t.quantity : 0n),
    z: qty(done.qty),
    L: price(t ? t.price : 0n),
    n: asset(fee),
    N: t ? (o.side === 'buy' ? m.base : m.quote) : null,
    T: transactTime,
    t: t ? t.id : -1,
    I: executionId,
    w:
      X === 'NEW' || X === 'PARTIALLY_FILLED'
        ? o.kind === 'limit' && (o.tif === 'GTC' || o.tif === 'POST_ONLY')
        : false,
    m: fill?.maker ?? false,
    M: false,
    O: o.createdAt,
    Z: asset(done.quote),
    Y: asset(t ? t.quoteQty : 0n),
    Q: asset(o.kind === 'market' && o.side === 'buy' ? o.quoteBudget : 0n),
    W: o.createdAt,
    V: 'NONE',
  };
}

/**
 * An `executionReport` of a conditional order (server/spot/conditional): NEW and not working (`w: false`) when it is
 * placed, NEW and working when its trigger fires (Binance's report of the trigger; the order it was placed as then
 * reports under its own id), CANCELED or EXPIRED when it ends unplaced.
 */
export function stopReport(
  m: Market,
  c: ConditionalRow,
  x: 'NEW' | 'CANCELED' | 'EXPIRED',
  eventTime: number,
  executionId: number,
): Record<string, unknown> {
  const price = (v: bigint) => formatUnits(v, m.priceScale);
  const limit = c.type === 'STOP_LOSS_LIMIT' || c.type === 'TAKE_PROFIT_LIMIT';
  return {
    e: 'executionReport',
    E: eventTime,
    s: `${m.base}${m.quote}`,
    c: String(c.id),
    S: c.side === 'buy' ? 'BUY' : 'SELL',
    o: c.type,
    f: limit ? c.tif : 'GTC',
    q: formatUnits(c.quantity, m.qtyScale),
    p: price(c.price),
    P: price(c.stopPrice),
    F: ZERO,
    g: c.listId || -1,
    C: x === 'CANCELED' ? String(c.id) : '',
    x,
    X: x,
    r: 'NONE',
    i: c.id,
    l: formatUnits(0n, m.qtyScale),
    z: formatUnits(0n, m.qtyScale),
    L: price(0n),
    n: ZERO,
    N: null,
    T: c.updatedAt,
    t: -1,
    I: executionId,
    w: c.status === 'triggered',
    m: false,
    M: false,
    O: c.createdAt,
    Z: ZERO,
    Y: ZERO,
    Q: asset(c.quoteBudget),
    W: c.status === 'triggered' ? c.updatedAt : c.createdAt,
    V: 'NONE',
  };
}
