import pino from 'pino';
import { expect } from 'vitest';
import type { Clock } from '../../server/clock/clock.ts';
import type { TradingCore } from '../../server/core/core.ts';
import type { CorePart } from '../../server/core/command.ts';
import { postFunds } from '../../server/core/funds.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import type { Db } from '../../server/storage/db.ts';
import { startTrading, type Trading, type TradingOptions } from '../../server/trading.ts';

/** The trading core and the spot exchange on a test database, logging nothing. */
export function tradingOn(db: Db, opts: Partial<TradingOptions> & { clock?: Clock } = {}): Promise<Trading> {
  return startTrading({ db, log: pino({ level: 'silent' }), ...opts });
}

/** Credits a user's spot account from outside, as an approved deposit does: through the core. */
export function credit(core: TradingCore, userId: number, asset: string, amount: bigint): Promise<void> {
  return core.submit(postFunds, {
    lines: [
      { owner: null, type: ACCOUNT.external, asset, available: -amount },
      { owner: userId, type: ACCOUNT.spot, asset, available: amount },
    ],
    meta: { billType: 'dev_credit', refType: 'test', refId: userId },
  });
}

/** A bare user row, for tests below the HTTP layer. */
export async function insertTestUser(db: Db, uid: string, username: string): Promise<number> {
  const row = await db.get<{ id: bigint }>(
    "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
    [uid, username, `I${uid}`],
  );
  return Number(row!.id);
}

/** Stops the spot exchange and the core. */
export async function stopTrading(trading: Trading): Promise<void> {
  await trading.marketData.flush();
  await trading.core.stop();
}

/** A part's state and every balance: what the projected tables must give back after a restart without snapshots. */
export function partEssence(core: TradingCore, part: string): string {
  const balances = [...core.risk.balances].map(([k, v]) => [k, `${v.available}`, `${v.held}`]).sort();
  return JSON.stringify({ [part]: core.part<CorePart>(part).snapshot(), balances });
}

/**
 * The restart check of the property tests. The running state must come back twice: replaying the journal after
 * the last snapshot (the same state hash), then with every snapshot deleted, from the projected tables (the same
 * `essence`: the whole state hash where the tables hold all of it, else the part they hold). Returns the core
 * started the second time, still running.
 */
export async function expectRestartsReproduce(
  db: Db,
  trading: Trading,
  opts: Partial<TradingOptions> & { clock?: Clock },
  essence: (core: TradingCore) => string = (core) => core.stateHash(),
): Promise<Trading> {
  const hash = trading.core.stateHash();
  await stopTrading(trading);
  const replayed = await tradingOn(db, opts);
  expect(replayed.core.stateHash()).toBe(hash);
  // Taken from the restarted core: a running one also keeps emptied balances, which neither restart brings back.
  const before = essence(replayed.core);
  await stopTrading(replayed);
  await db.run('DELETE FROM core_snapshots');
  const fromTables = await tradingOn(db, opts);
  expect(essence(fromTables.core)).toBe(before);
  return fromTables;
}
