import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { credit, insertTestUser, stopTrading, tradingOn } from '../../tests/support/trading.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { seedMarkets } from '../spot/seed.ts';
import { followTrading } from '../trading.ts';
import { appendBatch, journalOf } from './journal/journal.repo.ts';
import { BatchBody } from './journal/batch-body.ts';
import { postFunds } from './funds.ts';
import { withRequestKey } from './request-keys.ts';
import { spotBooksOf } from '../spot/spot-books.ts';

const quiet = pino({ level: 'silent' });
const sell = { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.1' } as const;

describe.each(DIALECTS)('a forwarded request and a standby core on %s', (_name, open) => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  it('decides each command of a request key once: a second delivery, at once or after a restart, gets the first answer', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '52000001', 'keyed_1');
    const first = await tradingOn(t.db);
    await credit(first.core, user, 'BTC', 100_000_000n);
    // Two deliveries of one request in flight together, then a third after it was answered.
    const [a, b] = await Promise.all([
      withRequestKey('k1', 'u1', () => first.spot.place(user, sell)),
      withRequestKey('k1', 'u1', () => first.spot.place(user, sell)),
    ]);
    const c = await withRequestKey('k1', 'u1', () => first.spot.place(user, sell));
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    // Another key is another order; no key at all is always a new one.
    const other = await withRequestKey('k2', 'u1', () => first.spot.place(user, sell));
    expect(other.id).not.toBe(a.id);
    expect(first.core.risk.balance(user, ACCOUNT.spot, 'BTC')).toEqual({ available: 80_000_000n, held: 20_000_000n });

    // A restart from the journal (the snapshot is deleted below) remembers the keys, and so does one from a snapshot.
    const hash = first.core.stateHash();
    await first.core.settled();
    await first.marketData.flush();
    const replayed = await tradingOn(t.db);
    expect(replayed.core.stateHash()).toBe(hash);
    expect((await withRequestKey('k1', 'u1', () => replayed.spot.place(user, sell))).id).toBe(a.id);
    await stopTrading(replayed);
    const fromSnapshot = await tradingOn(t.db);
    expect((await withRequestKey('k2', 'u1', () => fromSnapshot.spot.place(user, sell))).id).toBe(other.id);
    expect(fromSnapshot.core.risk.balance(user, ACCOUNT.spot, 'BTC')).toEqual({
      available: 80_000_000n,
      held: 20_000_000n,
    });
    await stopTrading(fromSnapshot);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('follows the journal as a standby and takes over in the same state, writing the batches left unprojected once', async () => {
    t = await open();
    await seedMarkets(t.db);
    const user = await insertTestUser(t.db, '52000002', 'standby_1');
    const active = await tradingOn(t.db);
    await credit(active.core, user, 'BTC', 100_000_000n);
    const standby = await followTrading({ db: t.db, log: quiet });
    await active.spot.place(user, sell);
    await withRequestKey('k3', 'u1', () => active.spot.place(user, sell));
    await active.core.settled();
    await standby.catchUp();
    expect(standby.stateHash()).toBe(active.core.stateHash());

    // The active core dies with a deposit journaled and not yet projected.
    const depth = spotBooksOf(active.core).engine('btcusdt').depth(5);
    await active.marketData.flush();
    const seq = active.core.journaled + 1;
    const deposit = new BatchBody();
    deposit.add(
      postFunds,
      {
        lines: [
          { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -5_000n },
          { owner: user, type: ACCOUNT.spot, asset: 'USDT', available: 5_000n },
        ],
        meta: { billType: 'dev_credit', refType: 'test', refId: 1 },
      },
      undefined,
    );
    await appendBatch(journalOf(t.db), { seq, at: Date.now(), body: deposit.toJSON() });

    const next = await tradingOn(t.db, { standby });
    expect(next.core.journaled).toBe(seq);
    expect(next.core.risk.balance(user, ACCOUNT.spot, 'USDT')).toEqual({ available: 5_000n, held: 0n });
    expect(await balanceOf(t.db, user, ACCOUNT.spot, 'USDT')).toEqual({ available: 5_000n, frozen: 0n });
    expect(spotBooksOf(next.core).engine('btcusdt').depth(5)).toEqual(depth);
    // What the old core decided for a request key is still that request's answer.
    await withRequestKey('k3', 'u1', () => next.spot.place(user, sell));
    expect(next.core.risk.balance(user, ACCOUNT.spot, 'BTC')).toEqual({ available: 80_000_000n, held: 20_000_000n });
    await stopTrading(next);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
