import pino from 'pino';
import type { Clock } from '../../server/clock/clock.ts';
import type { TradingCore } from '../../server/core/core.ts';
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
  const row = await db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id", [uid, username, `I${uid}`]);
  return Number(row!.id);
}
