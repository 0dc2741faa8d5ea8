import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { createEngine, type MatchingEngine } from '../matching/engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import type { Queryable } from '../storage/db.ts';
import type { Contract } from './contracts.ts';
import { MARKET_RATES, type FeeRates } from '../fees/fee-rates.ts';
import { accountRisk, crossTriggers, type Holding } from './cross-margin.ts';
import { LiquidationIndex } from './liquidation-index.ts';
import { StopIndex } from './stop-index.ts';
import { TrailingStops } from './trailing.ts';
import { ConditionalOrders } from './perp-conditional.ts';
import { activeConditionals, lastConditionalId, writeConditionalRows } from './perp-conditional.repo.ts';
import { activeTrailing, lastTrailingId, writeTrailingRows } from './trailing.repo.ts';
import { liquidationPrice } from './liquidation-price.ts';
import { entryPrice, initialMargin, isLiquidatable, positionMaintenance, unrealisedPnl } from './position-math.ts';
import {
  activeStops,
  allPositions,
  contractMemory,
  lastPerpIds,
  liveOrders,
  writePerpRows,
  type PerpRows,
} from './perp.repo.ts';
import {
  orderHoldId,
  positionHoldId,
  positionKey,
  type ContractState,
  type FundingRow,
  type LiquidationRow,
  type PerpOrderRow,
  type PerpTradeRow,
  type PositionRow,
  type StopRow,
} from './perp-state.ts';

/** A new user's leverage and margin mode on a contract, as Binance starts them. */
export const DEFAULT_LEVERAGE = 20;

/** A cross account: one user's cross positions margined in one asset. */
const crossKey = (userId: number, asset: string) => `${userId}:${asset}`;

/**
 * Perpetual futures inside the trading core: a book per contract (the pure matching engine), the orders resting on
 * them, every position with its leverage and margin mode, the take-profit and stop-loss orders, each contract's prices
 * and funding state, and a liquidation index per contract (server/perpetual/liquidation-index.ts). The commands
 * (server/perpetual/perp-orders.ts, perp-positions.ts, perp-ticks.ts) change it; the projector writes what each batch
 * changed.
 *
 * Accounts: a cross position's margin is not a hold. The contract account's available balance backs every cross
 * position in its asset, and the risk engine keeps at least their reserve (initial margin at the mark less
 * unrealised PnL) out of anything the user spends (`contractReserve`). An isolated position's margin is a hold of
 * its own; an order's margin is a hold until it fills (into its position) or ends (back).
 *
 * Triggers: whenever something changes an account's balance or positions, the account is marked; marked accounts
 * get new liquidation triggers at the end of the command (or, for a change made by another product's command, at
 * the next mark tick), so the index never holds a trigger later than the account's true liquidation price.
 */
export class PerpBook implements CorePart {
  readonly name = 'perpetual';
  readonly contracts: ReadonlyMap<string, Contract>;
  readonly engines = new Map<string, MatchingEngine>();
  readonly indexes = new Map<string, LiquidationIndex>();
  readonly state = new Map<string, ContractState>();
  live = new Map<number, PerpOrderRow>();
  readonly ordersByUser = new Map<number, Set<PerpOrderRow>>();
  positions = new Map<string, PositionRow>();
  readonly positionsByUser = new Map<number, PositionRow[]>();
  readonly positionsById = new Map<number, PositionRow>();
  /**
   * Every user's row on each contract, in id order (funding, auto-deleveraging and open interest go through one
   * contract's).
   */
  readonly positionsBySymbol = new Map<string, PositionRow[]>();
  stops = new Map<number, StopRow>();
  /** The active take-profit and stop-loss orders of each user's position (`positionKey`). */
  private readonly stopsByPosition = new Map<string, Set<StopRow>>();
  /** The active take-profit and stop-loss orders by contract and watched price, in firing order (stop-index.ts). */
  readonly stopIndex = new StopIndex();
  /** The active trailing stops (server/perpetual/trailing.ts). */
  readonly trailing = new TrailingStops();
  /** The active conditional orders with a quantity (server/perpetual/perp-conditional.ts). */
  readonly conditional = new ConditionalOrders();
  /** Client keys of the last day's orders: user:key → order id. */
  clientKeys = new Map<string, { orderId: number; at: number }>();
  /** Accounts whose triggers must be computed again: `user:asset` for cross, `p:<position id>` for isolated. */
  marked = new Set<string>();
  readonly intervalMs: number;
  /** Users whose orders or positions the current command changed, for the feeds. */
  changedUsers = new Set<number>();
  /** Positions the current command changed. */
  changedPositions = new Set<number>();
  private touchedOrders = new Set<PerpOrderRow>();
  private touchedPositions = new Set<PositionRow>();
  private touchedStops = new Set<StopRow>();
  trades: PerpTradeRow[] = [];
  funding: FundingRow[] = [];
  liquidations: LiquidationRow[] = [];
  private ids = { order: 1, trade: 1, position: 1, stop: 1, liquidation: 1 };
  /** The fee rates fills charge: the contracts' own until the fee book attaches its VIP levels (server/fees). */
  fees: FeeRates = MARKET_RATES;

  constructor(contracts: readonly Contract[], intervalMs: number) {
    this.contracts = new Map(contracts.map((c) => [c.symbol, c]));
    this.intervalMs = intervalMs;
    this.reset();
  }

  /** The risk engine asks here what a user's contract account must keep for its cross positions. */
  attach(risk: RiskEngine): void {
    risk.contractReserve = (owner, asset) => this.reserve(owner, asset);
    // A user without positions has no triggers to renew (retrigger would find nothing): most transfers and
    // spot-side users, and the key is not built for them.
    risk.contractChanged = (owner, asset) => {
      if (this.positionsByUser.has(owner)) this.marked.add(crossKey(owner, asset));
    };
  }

  contract(symbol: string): Contract {
    const c = this.contracts.get(symbol);
    if (!c) fail('perpUnknownContract');
    return c;
  }

  engine(symbol: string): MatchingEngine {
    return this.engines.get(this.contract(symbol).symbol)!;
  }

  prices(symbol: string): ContractState {
    return this.state.get(symbol)!;
  }

  nextId(kind: keyof PerpBook['ids']): number {
    return this.ids[kind]++;
  }

  peekId(kind: keyof PerpBook['ids']): number {
    return this.ids[kind];
  }

  position(userId: number, symbol: string): PositionRow | undefined {
    return this.positions.get(positionKey(userId, symbol));
  }

  /** The user's row on a contract, made (flat, at the default leverage, cross) the first time it is needed. */
  positionFor(userId: number, symbol: string, now: number): PositionRow {
    const found = this.positions.get(positionKey(userId, symbol));
    if (found) return found;
    const p: PositionRow = {
      id: this.nextId('position'),
      userId,
      symbol,
      qty: 0n,
      cost: 0n,
      mode: 'cross',
      leverage: DEFAULT_LEVERAGE,
      isoMargin: 0n,
      realised: 0n,
      funding: 0n,
      updatedAt: now,
    };
    this.addPosition(p);
    this.touchPosition(p, now);
    return p;
  }

  touchOrder(o: PerpOrderRow, now: number): void {
    o.updatedAt = now;
    this.touchedOrders.add(o);
    this.changedUsers.add(o.userId);
  }

  /** `retrigger: false` when the change can only raise the account's margin (funding received). */
  touchPosition(p: PositionRow, now: number, retrigger = true): void {
    p.updatedAt = now;
    this.touchedPositions.add(p);
    this.changedUsers.add(p.userId);
    this.changedPositions.add(p.id);
    if (retrigger) this.markAccount(p);
  }

  touchStop(s: StopRow, now: number): void {
    s.updatedAt = now;
    this.touchedStops.add(s);
    this.changedUsers.add(s.userId);
    if (s.status !== 'active') {
      this.stops.delete(s.id);
      this.stopIndex.delete(s);
      this.stopsByPosition.get(positionKey(s.userId, s.symbol))?.delete(s);
    }
  }

  addStop(s: StopRow): void {
    this.stops.set(s.id, s);
    this.stopIndex.add(s);
    const key = positionKey(s.userId, s.symbol);
    let set = this.stopsByPosition.get(key);
    if (!set) this.stopsByPosition.set(key, (set = new Set()));
    set.add(s);
  }

  /** The active take-profit and stop-loss orders on a user's position. */
  stopsOf(userId: number, symbol: string): StopRow[] {
    return [...(this.stopsByPosition.get(positionKey(userId, symbol)) ?? [])];
  }

  addOrder(o: PerpOrderRow): void {
    this.live.set(o.id, o);
    let set = this.ordersByUser.get(o.userId);
    if (!set) this.ordersByUser.set(o.userId, (set = new Set()));
    set.add(o);
  }

  removeOrder(o: PerpOrderRow): void {
    this.live.delete(o.id);
    this.ordersByUser.get(o.userId)?.delete(o);
  }

  userOrders(userId: number): PerpOrderRow[] {
    return [...(this.ordersByUser.get(userId) ?? [])];
  }

  userPositions(userId: number): readonly PositionRow[] {
    return this.positionsByUser.get(userId) ?? [];
  }

  /** The account a position belongs to, for marking: its cross account, or itself when isolated. */
  markAccount(p: PositionRow): void {
    this.marked.add(p.mode === 'isolated' ? `p:${p.id}` : crossKey(p.userId, this.contract(p.symbol).marginAsset));
  }

  /** A user's open cross positions in a margin asset, each at its contract's mark (entry value before a first mark). */
  crossHoldings(userId: number, asset: string): Array<Holding & { row: PositionRow }> {
    const out: Array<Holding & { row: PositionRow }> = [];
    for (const p of this.userPositions(userId)) {
      if (p.qty === 0n || p.mode !== 'cross') continue;
      const c = this.contracts.get(p.symbol)!;
      if (c.marginAsset !== asset) continue;
      out.push({ contract: c, position: p, mark: this.markOrEntry(c, p), leverage: BigInt(p.leverage), row: p });
    }
    return out;
  }

  markOrEntry(c: Contract, p: PositionRow): bigint {
    return this.state.get(c.symbol)!.mark ?? entryPrice(c, p) ?? 1n;
  }

  /** Cross order margin of a user in an asset: the holds of their cross orders on contracts margined in it. */
  crossOrderMargin(userId: number, asset: string): bigint {
    let sum = 0n;
    for (const o of this.ordersByUser.get(userId) ?? [])
      if (o.mode === 'cross' && this.contracts.get(o.symbol)!.marginAsset === asset) sum += o.margin;
    return sum;
  }

  /** Cross wallet balance: the contract account's available balance and its cross orders' margin. */
  crossWallet(risk: RiskEngine, userId: number, asset: string): bigint {
    return risk.available(userId, ACCOUNT.contract, asset) + this.crossOrderMargin(userId, asset);
  }

  /**
   * What the account must keep available for its cross positions: Σ (initial margin at the mark − unrealised PnL), ≥ 0.
   */
  reserve(userId: number, asset: string): bigint {
    if (!this.positionsByUser.has(userId)) return 0n;
    let need = 0n;
    for (const h of this.crossHoldings(userId, asset))
      need +=
        initialMargin(h.contract, h.position.qty, h.mark, h.leverage) - unrealisedPnl(h.contract, h.position, h.mark);
    return need > 0n ? need : 0n;
  }

  /** What new orders, isolated margin and transfers out may use: available less the cross reserve. */
  free(risk: RiskEngine, userId: number, asset: string): bigint {
    const f = risk.available(userId, ACCOUNT.contract, asset) - this.reserve(userId, asset);
    return f > 0n ? f : 0n;
  }

  /** Whether an isolated position's margin balance is at or below its maintenance margin at the mark. */
  isolatedLiquidatable(p: PositionRow): boolean {
    const c = this.contracts.get(p.symbol)!;
    const mark = this.state.get(c.symbol)!.mark;
    if (p.qty === 0n || mark === undefined) return false;
    return isLiquidatable(p.isoMargin + unrealisedPnl(c, p, mark), positionMaintenance(c, p, mark));
  }

  crossLiquidatable(risk: RiskEngine, userId: number, asset: string): boolean {
    const holdings = this.crossHoldings(userId, asset);
    if (!holdings.length || holdings.some((h) => this.state.get(h.contract.symbol)!.mark === undefined)) return false;
    return accountRisk(this.crossWallet(risk, userId, asset), holdings).liquidatable;
  }

  /**
   * Stores new triggers for a marked account. An isolated position's is its liquidation price on its own margin; a
   * cross account's come from `crossTriggers` (safe however its marks move together). A position without a mark
   * yet keeps its account marked for the first tick.
   */
  retrigger(risk: RiskEngine, key: string): void {
    if (key.startsWith('p:')) {
      const p = this.positionsById.get(Number(key.slice(2)));
      if (!p) return;
      const index = this.indexes.get(p.symbol)!;
      if (p.qty === 0n || p.mode !== 'isolated') return index.delete(p.id);
      index.set(p.id, p.qty > 0n ? 'long' : 'short', liquidationPrice(this.contracts.get(p.symbol)!, p, p.isoMargin));
      return;
    }
    const [user, asset] = key.split(':') as [string, string];
    const userId = Number(user);
    const holdings = this.crossHoldings(userId, asset);
    const triggers = crossTriggers(this.crossWallet(risk, userId, asset), holdings);
    holdings.forEach((h, i) =>
      this.indexes.get(h.contract.symbol)!.set(h.row.id, h.position.qty > 0n ? 'long' : 'short', triggers[i]!),
    );
    // A cross position that has closed leaves its contract's index.
    for (const p of this.userPositions(userId))
      if (p.qty === 0n && p.mode === 'cross') this.indexes.get(p.symbol)!.delete(p.id);
  }

  /** The accounts marked since the last call, in a fixed order (replay decides the same). */
  takeMarked(): string[] {
    const keys = [...this.marked].sort();
    this.marked.clear();
    return keys;
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const ids = await lastPerpIds(q);
    this.reset();
    this.ids = {
      // Trailing stops and conditional orders are numbered with the orders.
      order: Math.max(ids.order, await lastTrailingId(q), await lastConditionalId(q)) + 1,
      trade: ids.trade + 1,
      position: ids.position + 1,
      stop: ids.stop + 1,
      liquidation: ids.liquidation + 1,
    };
    for (const m of await contractMemory(q)) {
      const s = this.state.get(m.symbol);
      if (!s) continue;
      s.lastFunding = m.lastFunding;
      s.lastRate = m.lastRate;
      s.last = m.last;
    }
    const orders = await liveOrders(q);
    for (const o of orders) {
      if (o.margin > 0n)
        risk.adopt({
          id: orderHoldId(o.id),
          owner: o.userId,
          type: ACCOUNT.contract,
          asset: this.contract(o.symbol).marginAsset,
          amount: o.margin,
        });
    }
    const positions = await allPositions(q);
    for (const p of positions) {
      if (p.isoMargin > 0n)
        risk.adopt({
          id: positionHoldId(p.id),
          owner: p.userId,
          type: ACCOUNT.contract,
          asset: this.contract(p.symbol).marginAsset,
          amount: p.isoMargin,
        });
    }
    this.rebuild(orders, positions, await activeStops(q));
    for (const t of await activeTrailing(q)) this.trailing.add(t);
    for (const o of await activeConditionals(q)) this.conditional.add(o);
  }

  snapshot(): unknown {
    const s = (v: bigint) => `${v}`;
    return {
      ids: this.ids,
      orders: [...this.live.values()]
        .sort((a, b) => a.id - b.id)
        .map((o) => [
          o.id,
          o.symbol,
          o.userId,
          o.side,
          o.kind,
          o.tif,
          s(o.price),
          s(o.quantity),
          s(o.filledQty),
          s(o.filledValue),
          s(o.fee),
          s(o.margin),
          o.reduceOnly,
          o.mode,
          o.leverage,
          o.source,
          s(o.realised),
          o.status,
          o.createdAt,
          o.updatedAt,
        ]),
      positions: [...this.positionsById.values()]
        .sort((a, b) => a.id - b.id)
        .map((p) => [
          p.id,
          p.userId,
          p.symbol,
          s(p.qty),
          s(p.cost),
          p.mode,
          p.leverage,
          s(p.isoMargin),
          s(p.realised),
          s(p.funding),
          p.updatedAt,
        ]),
      stops: [...this.stops.values()]
        .sort((a, b) => a.id - b.id)
        .map((t) => [t.id, t.userId, t.symbol, t.kind, s(t.trigger), t.by, t.positionSide, t.createdAt, t.updatedAt]),
      trailing: this.trailing.snapshot(),
      conditional: this.conditional.snapshot(),
      contracts: [...this.state]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([symbol, c]) => [
          symbol,
          c.mark === undefined ? null : s(c.mark),
          c.index === undefined ? null : s(c.index),
          c.last === undefined ? null : s(c.last),
          s(c.basisEma),
          s(c.lastRate),
          c.lastFunding,
          c.samples.map(([i, p]) => [i, s(p)]),
          c.sampleBucket,
        ]),
      // In the order they came (oldest first, as pruning expects), ties by key.
      clientKeys: [...this.clientKeys]
        .sort(([a, x], [b, y]) => x.at - y.at || (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, v.orderId, v.at]),
    };
  }

  restore(data: unknown): void {
    type Snap = {
      ids: PerpBook['ids'];
      orders: Array<
        [
          number,
          string,
          number,
          PerpOrderRow['side'],
          PerpOrderRow['kind'],
          PerpOrderRow['tif'],
          string,
          string,
          string,
          string,
          string,
          string,
          boolean,
          PerpOrderRow['mode'],
          number,
          PerpOrderRow['source'],
          string,
          PerpOrderRow['status'],
          number,
          number,
        ]
      >;
      positions: Array<
        [number, number, string, string, string, PositionRow['mode'], number, string, string, string, number]
      >;
      stops: Array<
        [number, number, string, StopRow['kind'], string, StopRow['by'], StopRow['positionSide'], number, number]
      >;
      contracts: Array<
        [string, string | null, string | null, string | null, string, string, number, Array<[number, string]>, number]
      >;
      clientKeys: Array<[string, number, number]>;
      /** Absent from snapshots taken before trailing stops existed. */
      trailing?: unknown[];
      /** Absent from snapshots taken before conditional orders with a quantity existed. */
      conditional?: unknown[];
    };
    const d = data as Snap;
    this.reset();
    this.ids = { ...d.ids };
    for (const [symbol, mark, index, last, ema, rate, lastFunding, samples, bucket] of d.contracts) {
      const c = this.state.get(symbol);
      if (!c) continue;
      Object.assign(c, {
        mark: mark === null ? undefined : BigInt(mark),
        index: index === null ? undefined : BigInt(index),
        last: last === null ? undefined : BigInt(last),
        basisEma: BigInt(ema),
        lastRate: BigInt(rate),
        lastFunding,
        samples: samples.map(([i, p]) => [i, BigInt(p)] as [number, bigint]),
        sampleBucket: bucket,
      });
    }
    for (const [k, orderId, at] of d.clientKeys) this.clientKeys.set(k, { orderId, at });
    this.trailing.restore(d.trailing ?? []);
    this.conditional.restore(d.conditional ?? []);
    this.rebuild(
      d.orders.map(
        ([
          id,
          symbol,
          userId,
          side,
          kind,
          tif,
          price,
          quantity,
          filledQty,
          filledValue,
          fee,
          margin,
          reduceOnly,
          mode,
          leverage,
          source,
          realised,
          status,
          createdAt,
          updatedAt,
        ]) => ({
          id,
          symbol,
          userId,
          side,
          kind,
          tif,
          price: BigInt(price),
          quantity: BigInt(quantity),
          filledQty: BigInt(filledQty),
          filledValue: BigInt(filledValue),
          fee: BigInt(fee),
          margin: BigInt(margin),
          reduceOnly,
          mode,
          leverage,
          source,
          realised: BigInt(realised),
          status,
          doneReason: null,
          createdAt,
          updatedAt,
        }),
      ),
      d.positions.map(([id, userId, symbol, qty, cost, mode, leverage, isoMargin, realised, funding, updatedAt]) => ({
        id,
        userId,
        symbol,
        qty: BigInt(qty),
        cost: BigInt(cost),
        mode,
        leverage,
        isoMargin: BigInt(isoMargin),
        realised: BigInt(realised),
        funding: BigInt(funding),
        updatedAt,
      })),
      d.stops.map(([id, userId, symbol, kind, trigger, by, positionSide, createdAt, updatedAt]) => ({
        id,
        userId,
        symbol,
        kind,
        trigger: BigInt(trigger),
        by,
        positionSide,
        status: 'active' as const,
        orderId: null,
        createdAt,
        updatedAt,
      })),
    );
  }

  takeRows(): PerpRows | undefined {
    if (
      !this.touchedOrders.size &&
      !this.touchedPositions.size &&
      !this.touchedStops.size &&
      !this.trailing.changed &&
      !this.conditional.changed &&
      !this.trades.length &&
      !this.funding.length &&
      !this.liquidations.length
    )
      return undefined;
    const rows: PerpRows = {
      orders: [...this.touchedOrders].map((o) => ({ ...o })),
      positions: [...this.touchedPositions].map((p) => ({ ...p })),
      stops: [...this.touchedStops].map((s) => ({ ...s })),
      trailing: this.trailing.take(),
      conditional: this.conditional.take(),
      trades: this.trades,
      funding: this.funding,
      liquidations: this.liquidations,
    };
    this.clearRows();
    return rows;
  }

  /** Forgets what the last batches changed (taken, or dropped with the state). */
  private clearRows(): void {
    this.touchedOrders = new Set();
    this.touchedPositions = new Set();
    this.touchedStops = new Set();
    this.trades = [];
    this.funding = [];
    this.liquidations = [];
  }

  async write(q: Queryable, rows: unknown[]): Promise<void> {
    await writePerpRows(q, rows as PerpRows[]);
    await writeTrailingRows(
      q,
      (rows as PerpRows[]).flatMap((r) => r.trailing),
    );
    await writeConditionalRows(
      q,
      (rows as PerpRows[]).flatMap((r) => r.conditional),
    );
  }

  private addPosition(p: PositionRow): void {
    this.positions.set(positionKey(p.userId, p.symbol), p);
    this.positionsById.set(p.id, p);
    this.positionsBySymbol.get(p.symbol)!.push(p);
    let list = this.positionsByUser.get(p.userId);
    if (!list) this.positionsByUser.set(p.userId, (list = []));
    list.push(p);
  }

  private reset(): void {
    this.engines.clear();
    this.indexes.clear();
    this.state.clear();
    for (const c of this.contracts.values()) {
      this.engines.set(c.symbol, createEngine({ marketId: c.symbol }));
      this.indexes.set(c.symbol, new LiquidationIndex());
      this.state.set(c.symbol, {
        mark: undefined,
        index: undefined,
        last: undefined,
        basisEma: 0n,
        lastRate: 0n,
        lastFunding: 0,
        samples: [],
        sampleBucket: 0,
      });
    }
    this.live = new Map();
    this.ordersByUser.clear();
    this.positions = new Map();
    this.positionsByUser.clear();
    this.positionsById.clear();
    for (const c of this.contracts.values()) this.positionsBySymbol.set(c.symbol, []);
    this.stops = new Map();
    this.stopsByPosition.clear();
    this.stopIndex.clear();
    this.trailing.clear();
    this.conditional.clear();
    this.clientKeys = new Map();
    this.marked.clear();
    this.changedUsers.clear();
    this.changedPositions.clear();
    this.clearRows();
  }

  private rebuild(orders: PerpOrderRow[], positions: PositionRow[], stops: StopRow[]): void {
    for (const o of orders) this.addOrder(o);
    for (const p of positions) {
      this.addPosition(p);
      if (p.qty !== 0n) this.markAccount(p);
    }
    for (const s of stops) this.addStop(s);
    for (const c of this.contracts.values()) {
      this.engines.get(c.symbol)!.load(
        orders
          .filter((o) => o.symbol === c.symbol)
          .map((o) => ({
            orderId: o.id,
            userId: o.userId,
            side: o.side,
            price: Number(o.price),
            remaining: Number(o.quantity - o.filledQty),
            tif: o.tif === 'POST_ONLY' ? ('POST_ONLY' as const) : ('GTC' as const),
            stp: 'cancel_taker' as const,
          })),
      );
    }
  }
}
