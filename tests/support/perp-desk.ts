/**
 * A perpetual desk on the trading core with its tables, for the tests of what waits in the perpetual book for a price
 * (trailing stops, conditional orders): a fresh database and core per test (its ledger audited after), funded users
 * with their USDT in the contract account, mark ticks and plain orders on BTCUSDT (tick 0.1, lot 0.001).
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { ManualClock } from '../../server/clock/clock.ts';
import type { TradingCore } from '../../server/core/core.ts';
import { postFunds } from '../../server/core/funds.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { auditLedger } from '../../server/ledger/ledger.ts';
import { AppError } from '../../server/outcome.ts';
import type { PerpBook } from '../../server/perpetual/perp-book.ts';
import { placePerpOrder, type PlacePerp } from '../../server/perpetual/perp-orders.ts';
import { markTick } from '../../server/perpetual/perp-ticks.ts';
import { seedMarkets } from '../../server/spot/seed.ts';
import type { Db } from '../../server/storage/db.ts';
import type { Trading } from '../../server/trading.ts';
import type { Opener, TestDatabase } from './databases.ts';
import { credit, expectRestartsReproduce, insertTestUser, stopTrading, tradingOn } from './trading.ts';

export const T0 = Date.UTC(2026, 5, 1);
export const SYMBOL = 'btcusdt_perp';
export const U = 100_000_000n;
export const WALLET = 100_000n * U;
/** A price at the tick of 0.1. */
export const px = (n: number) => BigInt(Math.round(n * 10));
/** A quantity at the lot of 0.001. */
export const lots = (n: number) => BigInt(Math.round(n * 1000));

/** The error name a submit was refused with, or 'accepted'. */
export const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof AppError ? e.errorName : String(e)),
  );

/** Credits a user `amount` USDT and moves it into their contract account. */
export async function fundContract(core: TradingCore, userId: number, amount: bigint): Promise<void> {
  await credit(core, userId, 'USDT', amount);
  await core.submit(postFunds, {
    lines: [
      { owner: userId, type: ACCOUNT.spot, asset: 'USDT', available: -amount },
      { owner: userId, type: ACCOUNT.contract, asset: 'USDT', available: amount },
    ],
    meta: { billType: 'transfer', refType: 'test', refId: userId },
  });
}

/** Sets the desk up around each test of the enclosing describe; `uid` prefixes its users' uids, `name` their names. */
export function perpDesk(open: Opener, o: { uid: string; name: string }) {
  let t: TestDatabase;
  let trading: Trading;
  let clock: ManualClock;
  let nextUser = 0;
  const core = (): TradingCore => trading.core;

  beforeEach(async () => {
    t = await open();
    clock = new ManualClock(T0);
    await seedMarkets(t.db);
    trading = await tradingOn(t.db, { clock });
  });
  afterEach(async () => {
    await core().settled();
    expect(await auditLedger(t.db)).toEqual([]);
    await stopTrading(trading);
    await t.drop();
  });

  return {
    core,
    db: (): Db => t.db,
    clock: () => clock,
    book: () => core().part<PerpBook>('perpetual'),
    /** A user with `wallet` USDT in the contract account. */
    async user(wallet = WALLET): Promise<number> {
      const i = nextUser++;
      const id = await insertTestUser(t.db, `${o.uid}${String(i).padStart(4, '0')}`, `${o.name}_${i}`);
      await fundContract(core(), id, wallet);
      return id;
    },
    mark: (price: bigint) =>
      core().submit(markTick, { symbol: SYMBOL, index: price, mark: price, basisEma: 0n, premium: null }),
    order: (userId: number, side: 'buy' | 'sell', kind: 'limit' | 'market', price: bigint, quantity: bigint) =>
      core().submit(placePerpOrder, {
        symbol: SYMBOL,
        userId,
        side,
        kind,
        tif: 'GTC',
        price: kind === 'market' ? 0n : price,
        quantity,
        reduceOnly: false,
        closePosition: false,
        source: 'user',
      } satisfies PlacePerp),
    /** Restarts the core twice (replaying, then from a snapshot) and checks both reproduce the state. */
    async restartsReproduce(essence: (core: TradingCore) => string): Promise<void> {
      trading = await expectRestartsReproduce(t.db, trading, { clock, snapshotEvery: 5 }, essence);
    },
  };
}
