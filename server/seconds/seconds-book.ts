import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';
import { secondsHoldId, winOf } from './seconds-rule.ts';
import {
  keyedSecondsOrders,
  lastSecondsId,
  openSecondsOrders,
  upsertSecondsOrders,
  type SecondsOrderRow,
} from './seconds.repo.ts';

/** How long a client key answers a repeated submission with its first order. */
const KEY_TTL_MS = 86_400_000;

type Encoded = [
  number,
  number,
  string,
  number,
  number,
  string,
  string,
  string,
  number,
  number,
  string,
  number,
  number,
  string | null,
  number,
];

/**
 * Second contracts inside the trading core: the open orders (their stakes held), what open orders may still win
 * of the counterparty pool per asset, the open stake per period and direction (the operators' exposure cap), and
 * the client keys of the last day's orders. Settled orders leave the state; the projector writes every order as it
 * changes.
 */
export class SecondsBook implements CorePart {
  readonly name = 'seconds';
  open = new Map<number, SecondsOrderRow>();
  /** `${userId}:${clientKey}` → the order it opened and when, oldest first. */
  keys = new Map<string, { id: number; at: number }>();
  private exposure = new Map<string, bigint>();
  private reservedByAsset = new Map<string, bigint>();
  private touched = new Set<SecondsOrderRow>();
  private nextId = 1;

  peekId(): number {
    return this.nextId;
  }

  /** The pool's funds promised to open orders should they all win. */
  reserved(asset: string): bigint {
    return this.reservedByAsset.get(asset) ?? 0n;
  }

  openStake(periodId: number, direction: string): bigint {
    return this.exposure.get(`${periodId}:${direction}`) ?? 0n;
  }

  /** A new order, once its hold stands. */
  add(o: SecondsOrderRow): void {
    this.nextId = o.id + 1;
    this.track(o, 1n);
    if (o.clientKey) this.keys.set(`${o.userId}:${o.clientKey}`, { id: o.id, at: o.createdAt });
    this.touched.add(o);
  }

  /** An order leaves the open set, settled. */
  close(o: SecondsOrderRow): void {
    this.track(o, -1n);
    this.touched.add(o);
  }

  /** Forgets client keys older than a day; keys are in time order, so only the front is looked at. */
  forgetKeys(now: number): void {
    for (const [key, { at }] of this.keys) {
      if (at >= now - KEY_TTL_MS) break;
      this.keys.delete(key);
    }
  }

  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    const open = await openSecondsOrders(q);
    for (const o of open)
      risk.adopt({ id: secondsHoldId(o.id), owner: o.userId, type: ACCOUNT.contract, asset: o.asset, amount: o.stake });
    const keyed = await keyedSecondsOrders(q, 0);
    const newest = keyed.at(-1)?.createdAt ?? 0;
    this.rebuild(
      await lastSecondsId(q),
      open,
      keyed
        .filter((o) => o.createdAt >= newest - KEY_TTL_MS)
        .map((o) => [`${o.userId}:${o.clientKey}`, o.id, o.createdAt]),
    );
  }

  snapshot(): unknown {
    const open = [...this.open.values()].map(
      (o): Encoded => [
        o.id,
        o.userId,
        o.symbol,
        o.periodId,
        o.seconds,
        o.direction,
        o.asset,
        `${o.stake}`,
        o.profitBps,
        o.lossBps,
        `${o.openPrice}`,
        o.openPeriod,
        o.expiresAt,
        o.clientKey,
        o.createdAt,
      ],
    );
    return { nextId: this.nextId, open, keys: [...this.keys].map(([key, { id, at }]) => [key, id, at]) };
  }

  restore(data: unknown): void {
    const s = data as { nextId: number; open: Encoded[]; keys: Array<[string, number, number]> };
    const open = s.open.map(
      ([
        id,
        userId,
        symbol,
        periodId,
        seconds,
        direction,
        asset,
        stake,
        profitBps,
        lossBps,
        openPrice,
        openPeriod,
        expiresAt,
        clientKey,
        createdAt,
      ]): SecondsOrderRow => ({
        id,
        userId,
        symbol,
        periodId,
        seconds,
        direction: direction as SecondsOrderRow['direction'],
        asset,
        stake: BigInt(stake),
        profitBps,
        lossBps,
        openPrice: BigInt(openPrice),
        openPeriod,
        expiresAt,
        clientKey,
        status: 'open',
        closePrice: null,
        closePeriod: null,
        profit: 0n,
        reason: null,
        createdAt,
        settledAt: null,
      }),
    );
    this.rebuild(s.nextId - 1, open, s.keys);
  }

  takeRows(): SecondsOrderRow[] | undefined {
    if (!this.touched.size) return undefined;
    const rows = [...this.touched].map((o) => ({ ...o }));
    this.touched = new Set();
    return rows;
  }

  async write(q: Queryable, batches: unknown[]): Promise<void> {
    const latest = new Map<number, SecondsOrderRow>();
    for (const rows of batches as SecondsOrderRow[][]) for (const o of rows) latest.set(o.id, o);
    await upsertSecondsOrders(q, latest.values());
  }

  private track(o: SecondsOrderRow, sign: 1n | -1n): void {
    const key = `${o.periodId}:${o.direction}`;
    this.exposure.set(key, this.openStake(o.periodId, o.direction) + sign * o.stake);
    this.reservedByAsset.set(o.asset, this.reserved(o.asset) + sign * winOf(o));
    if (sign > 0n) this.open.set(o.id, o);
    else this.open.delete(o.id);
  }

  private rebuild(
    lastId: number,
    open: readonly SecondsOrderRow[],
    keys: ReadonlyArray<[string, number, number]>,
  ): void {
    this.open = new Map();
    this.exposure = new Map();
    this.reservedByAsset = new Map();
    this.touched = new Set();
    for (const o of open) this.track(o, 1n);
    this.keys = new Map(keys.map(([key, id, at]) => [key, { id, at }]));
    this.nextId = lastId + 1;
  }
}
