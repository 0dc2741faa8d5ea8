import { writeRows } from '../storage/bulk.ts';
import { num, type Queryable } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';
import type { PerpConditionalRow } from './perp-conditional.ts';
import type {
  FundingRow,
  LiquidationRow,
  PerpOrderRow,
  PerpTradeRow,
  PositionRow,
  StopRow,
  TrailingRow,
} from './perp-state.ts';

const big = (v: unknown) => BigInt(v as bigint);

function toOrder(r: Record<string, unknown>): PerpOrderRow {
  return {
    id: num(r.id),
    symbol: String(r.symbol),
    userId: num(r.user_id),
    side: r.side as PerpOrderRow['side'],
    kind: r.kind as PerpOrderRow['kind'],
    tif: r.tif as PerpOrderRow['tif'],
    price: big(r.price),
    quantity: big(r.quantity),
    filledQty: big(r.filled_qty),
    filledValue: big(r.filled_value),
    fee: big(r.fee),
    margin: big(r.margin),
    reduceOnly: num(r.reduce_only) === 1,
    mode: r.margin_mode as PerpOrderRow['mode'],
    leverage: num(r.leverage),
    source: r.source as PerpOrderRow['source'],
    realised: big(r.realised),
    status: r.status as PerpOrderRow['status'],
    doneReason: (r.done_reason as string | null) ?? null,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

function toPosition(r: Record<string, unknown>): PositionRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    qty: big(r.qty),
    cost: big(r.cost),
    mode: r.margin_mode as PositionRow['mode'],
    leverage: num(r.leverage),
    isoMargin: big(r.isolated_margin),
    realised: big(r.realised),
    funding: big(r.funding),
    updatedAt: num(r.updated_at),
  };
}

function toStop(r: Record<string, unknown>): StopRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    kind: r.kind as StopRow['kind'],
    trigger: big(r.trigger_price),
    by: r.trigger_by as StopRow['by'],
    positionSide: r.position_side as StopRow['positionSide'],
    status: r.status as StopRow['status'],
    orderId: r.order_id === null || r.order_id === undefined ? null : num(r.order_id),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

function toLiquidation(r: Record<string, unknown>): LiquidationRow {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    symbol: String(r.symbol),
    side: r.side as LiquidationRow['side'],
    kind: r.kind as LiquidationRow['kind'],
    quantity: big(r.quantity),
    price: big(r.price),
    mark: big(r.mark),
    fee: big(r.fee),
    createdAt: num(r.created_at),
  };
}

/** The highest id of each table, for the numbering to go on from. */
export async function lastPerpIds(
  q: Queryable,
): Promise<{ order: number; trade: number; position: number; stop: number; liquidation: number }> {
  const max = async (table: string) =>
    num((await q.get<{ m: unknown }>(`SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`))!.m);
  return {
    order: await max('perp_orders'),
    trade: await max('perp_trades'),
    position: await max('perp_positions'),
    stop: await max('perp_stops'),
    liquidation: await max('perp_liquidations'),
  };
}

export async function liveOrders(q: Queryable): Promise<PerpOrderRow[]> {
  return (await q.all("SELECT * FROM perp_orders WHERE status IN ('open', 'partial') ORDER BY id")).map(toOrder);
}

export async function allPositions(q: Queryable): Promise<PositionRow[]> {
  return (await q.all('SELECT * FROM perp_positions ORDER BY id')).map(toPosition);
}

export async function activeStops(q: Queryable): Promise<StopRow[]> {
  return (await q.all("SELECT * FROM perp_stops WHERE status = 'active' ORDER BY id")).map(toStop);
}

/** Each contract's last funding (time and rate), and its last trade price. */
export async function contractMemory(
  q: Queryable,
): Promise<Array<{ symbol: string; lastFunding: number; lastRate: bigint; last: bigint | undefined }>> {
  const funding = await q.all(`SELECT f.symbol, f.funding_time, f.rate FROM perp_funding f
    JOIN (SELECT symbol, MAX(funding_time) AS t FROM perp_funding GROUP BY symbol) m ON m.symbol = f.symbol AND m.t = f.funding_time`);
  const lasts = await q.all(
    `SELECT t.symbol, t.price FROM perp_trades t JOIN (SELECT symbol, MAX(id) AS id FROM perp_trades GROUP BY symbol) m ON m.id = t.id`,
  );
  const out = new Map<string, { symbol: string; lastFunding: number; lastRate: bigint; last: bigint | undefined }>();
  for (const r of funding)
    out.set(String(r.symbol), {
      symbol: String(r.symbol),
      lastFunding: num(r.funding_time),
      lastRate: big(r.rate),
      last: undefined,
    });
  for (const r of lasts) {
    const symbol = String(r.symbol);
    out.set(symbol, { ...(out.get(symbol) ?? { symbol, lastFunding: 0, lastRate: 0n }), last: big(r.price) });
  }
  return [...out.values()];
}

/** What several batches changed, merged: the last state of each order, position and stop, every new trade and fact. */
export interface PerpRows {
  orders: PerpOrderRow[];
  positions: PositionRow[];
  stops: StopRow[];
  /** Written by trailing.repo.ts. */
  trailing: TrailingRow[];
  /** Written by perp-conditional.repo.ts. */
  conditional: PerpConditionalRow[];
  trades: PerpTradeRow[];
  funding: FundingRow[];
  liquidations: LiquidationRow[];
}

const b = (v: bigint) => v;

export async function writePerpRows(q: Queryable, batches: PerpRows[]): Promise<void> {
  const orders = new Map<number, PerpOrderRow>();
  const positions = new Map<number, PositionRow>();
  const stops = new Map<number, StopRow>();
  const trades: PerpTradeRow[] = [];
  const funding: FundingRow[] = [];
  const liquidations: LiquidationRow[] = [];
  for (const r of batches) {
    for (const o of r.orders) orders.set(o.id, o);
    for (const p of r.positions) positions.set(p.id, p);
    for (const s of r.stops) stops.set(s.id, s);
    trades.push(...r.trades);
    funding.push(...r.funding);
    liquidations.push(...r.liquidations);
  }
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_orders (id, symbol, user_id, side, kind, tif, price, quantity, filled_qty, filled_value, fee, margin, reduce_only, margin_mode, leverage, source, realised, status, done_reason, created_at, updated_at)',
      tail: `ON CONFLICT (id) DO UPDATE SET filled_qty = excluded.filled_qty, filled_value = excluded.filled_value, fee = excluded.fee, margin = excluded.margin,
      realised = excluded.realised, status = excluded.status, done_reason = excluded.done_reason, updated_at = excluded.updated_at`,
    },
    [...orders.values()].map((o) => [
      o.id,
      o.symbol,
      o.userId,
      o.side,
      o.kind,
      o.tif,
      b(o.price),
      b(o.quantity),
      b(o.filledQty),
      b(o.filledValue),
      b(o.fee),
      b(o.margin),
      o.reduceOnly ? 1 : 0,
      o.mode,
      o.leverage,
      o.source,
      b(o.realised),
      o.status,
      o.doneReason,
      o.createdAt,
      o.updatedAt,
    ]),
  );
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_positions (id, user_id, symbol, qty, cost, margin_mode, leverage, isolated_margin, realised, funding, updated_at)',
      tail: `ON CONFLICT (id) DO UPDATE SET qty = excluded.qty, cost = excluded.cost, margin_mode = excluded.margin_mode, leverage = excluded.leverage,
      isolated_margin = excluded.isolated_margin, realised = excluded.realised, funding = excluded.funding, updated_at = excluded.updated_at`,
    },
    [...positions.values()].map((p) => [
      p.id,
      p.userId,
      p.symbol,
      b(p.qty),
      b(p.cost),
      p.mode,
      p.leverage,
      b(p.isoMargin),
      b(p.realised),
      b(p.funding),
      p.updatedAt,
    ]),
  );
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_stops (id, user_id, symbol, kind, trigger_price, trigger_by, position_side, status, order_id, created_at, updated_at)',
      tail: 'ON CONFLICT (id) DO UPDATE SET status = excluded.status, order_id = excluded.order_id, updated_at = excluded.updated_at',
    },
    [...stops.values()].map((s) => [
      s.id,
      s.userId,
      s.symbol,
      s.kind,
      b(s.trigger),
      s.by,
      s.positionSide,
      s.status,
      s.orderId,
      s.createdAt,
      s.updatedAt,
    ]),
  );
  await writeRows(
    q,
    {
      head: `INSERT INTO perp_trades (id, symbol, price, quantity, taker_side, maker_order_id, taker_order_id,
        maker_user_id, taker_user_id, maker_fee, taker_fee, maker_realised, taker_realised, created_at)`,
    },
    trades.map((t) => [
      t.id,
      t.symbol,
      b(t.price),
      b(t.quantity),
      t.takerSide,
      t.makerOrderId,
      t.takerOrderId,
      t.makerUserId,
      t.takerUserId,
      t.makerFee === null ? null : b(t.makerFee),
      t.takerFee === null ? null : b(t.takerFee),
      t.makerRealised === null ? null : b(t.makerRealised),
      t.takerRealised === null ? null : b(t.takerRealised),
      t.createdAt,
    ]),
  );
  await writeRows(
    q,
    {
      head: 'INSERT INTO perp_funding (symbol, funding_time, rate, mark, positions)',
      tail: 'ON CONFLICT (symbol, funding_time) DO NOTHING',
    },
    funding.map((f) => [f.symbol, f.time, b(f.rate), b(f.mark), f.positions]),
  );
  await writeRows(
    q,
    { head: 'INSERT INTO perp_liquidations (id, user_id, symbol, side, kind, quantity, price, mark, fee, created_at)' },
    liquidations.map((l) => [
      l.id,
      l.userId,
      l.symbol,
      l.side,
      l.kind,
      b(l.quantity),
      b(l.price),
      b(l.mark),
      b(l.fee),
      l.createdAt,
    ]),
  );
}

/** A page of a user's orders, newest first: open ones or finished ones, of some contracts. */
export async function userPerpOrders(
  q: Queryable,
  userId: number,
  state: 'open' | 'history',
  symbols: readonly string[],
  page: PageRequest,
): Promise<{ total: number; rows: PerpOrderRow[] }> {
  const states = state === 'open' ? "('open', 'partial')" : "('filled', 'cancelled')";
  const found = await pageOf<Record<string, unknown>>(
    q,
    {
      select: '*',
      from: `FROM perp_orders WHERE user_id = ? AND status IN ${states} AND symbol IN (${symbols.map(() => '?').join(', ')})`,
      order: 'id DESC',
      params: [userId, ...symbols],
    },
    page,
  );
  return { total: found.total, rows: found.rows.map(toOrder) };
}

export async function findPerpOrder(q: Queryable, id: number): Promise<PerpOrderRow | undefined> {
  const row = await q.get('SELECT * FROM perp_orders WHERE id = ?', [id]);
  return row ? toOrder(row) : undefined;
}

export async function userStops(q: Queryable, userId: number, symbol?: string): Promise<StopRow[]> {
  const rows = await q.all(
    `SELECT * FROM perp_stops WHERE user_id = ?${symbol ? ' AND symbol = ?' : ''} ORDER BY CASE status WHEN 'active' THEN 0 ELSE 1 END, id DESC LIMIT 100`,
    symbol ? [userId, symbol] : [userId],
  );
  return rows.map(toStop);
}

export async function userLiquidations(
  q: Queryable,
  userId: number,
  symbols: readonly string[],
): Promise<LiquidationRow[]> {
  const rows = await q.all(
    `SELECT * FROM perp_liquidations WHERE user_id = ? AND symbol IN (${symbols.map(() => '?').join(', ')}) ORDER BY id DESC LIMIT 100`,
    [userId, ...symbols],
  );
  return rows.map(toLiquidation);
}

export async function fundingHistory(q: Queryable, symbol: string, limit: number): Promise<FundingRow[]> {
  const rows = await q.all('SELECT * FROM perp_funding WHERE symbol = ? ORDER BY funding_time DESC LIMIT ?', [
    symbol,
    limit,
  ]);
  return rows.map((r) => ({
    symbol,
    time: num(r.funding_time),
    rate: big(r.rate),
    mark: big(r.mark),
    positions: num(r.positions),
  }));
}

/** A contract's latest trades, newest first. */
export async function latestPerpTrades(q: Queryable, symbol: string, limit: number): Promise<PerpTradeRow[]> {
  const rows = await q.all('SELECT * FROM perp_trades WHERE symbol = ? ORDER BY id DESC LIMIT ?', [symbol, limit]);
  return rows.map((r) => ({
    id: num(r.id),
    symbol,
    price: big(r.price),
    quantity: big(r.quantity),
    takerSide: r.taker_side as PerpTradeRow['takerSide'],
    makerOrderId: num(r.maker_order_id),
    takerOrderId: num(r.taker_order_id),
    makerUserId: num(r.maker_user_id),
    takerUserId: num(r.taker_user_id),
    makerFee: r.maker_fee === null ? null : big(r.maker_fee),
    takerFee: r.taker_fee === null ? null : big(r.taker_fee),
    makerRealised: r.maker_realised === null ? null : big(r.maker_realised),
    takerRealised: r.taker_realised === null ? null : big(r.taker_realised),
    createdAt: num(r.created_at),
  }));
}

/** Whether the insurance fund was ever funded (its seed runs once, even if covering losses later empties it). */
export async function insuranceFunded(q: Queryable): Promise<boolean> {
  return (await q.get("SELECT 1 AS x FROM ledger_entries WHERE bill_type = 'insurance_funding' LIMIT 1")) !== undefined;
}
