import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger, balanceOf, post } from '../../ledger/ledger.ts';
import { writeRows } from '../../storage/bulk.ts';
import { Exchange } from '../exchange.ts';
import { findOrder } from '../order.repo.ts';
import { seedMarkets } from '../seed.ts';
import { encodeFacts, type BatchFacts } from './facts.ts';

describe.each(DIALECTS)('the matching journal on %s', (_name, open) => {
  let t: TestDatabase;
  afterEach(() => t.drop());

  async function userWithBtc(): Promise<number> {
    await seedMarkets(t.db);
    const row = await t.db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES ('51000000', 'journal_1', '!', 'J1', 0, 0) RETURNING id");
    const user = Number(row!.id);
    await t.db.tx((q) => post(q, [
      { owner: null, type: ACCOUNT.external, asset: 'BTC', available: -100_000_000n },
      { owner: user, type: ACCOUNT.spot, asset: 'BTC', available: 100_000_000n },
    ], { billType: 'dev_credit', refType: 'test', refId: 1 }));
    return user;
  }

  it('writes a batch that was journaled but not yet written when the process died, once', async () => {
    t = await open();
    const user = await userWithBtc();
    // What a runner commits for a resting sell of 0.5 BTC, as the crash left it: in the journal only.
    const at = Date.now();
    const facts: BatchFacts = {
      symbol: 'btcusdt',
      orders: [{ id: 1, symbol: 'btcusdt', userId: user, side: 'sell', kind: 'limit', tif: 'GTC', price: 9_700_000n, quantity: 50_000n, quoteBudget: 0n, filledQty: 0n, filledQuote: 0n, fee: 0n, frozen: 50_000_000n, status: 'open', doneReason: null, createdAt: at, updatedAt: at }],
      trades: [],
      ledger: [{ txId: 'journal-test-1', billType: 'order_freeze', refType: 'order', refId: 1, at, lines: [{ owner: user, type: ACCOUNT.spot, asset: 'BTC', available: -50_000_000n, frozen: 50_000_000n }] }],
    };
    await writeRows(t.db, { head: 'INSERT INTO journal (symbol, seq, kind, body)' }, encodeFacts(facts).map((r, i) => ['btcusdt', i + 1, r.kind, r.body]));
    await t.db.run("UPDATE id_blocks SET next = 2 WHERE name = 'orders'");

    for (let start = 0; start < 2; start++) {
      const exchange = new Exchange(t.db, pino({ level: 'silent' }));
      await exchange.start();
      expect(await findOrder(t.db, 1)).toMatchObject({ userId: user, status: 'open', frozen: 50_000_000n });
      expect(await balanceOf(t.db, user, ACCOUNT.spot, 'BTC')).toEqual({ available: 50_000_000n, frozen: 50_000_000n });
      expect(exchange.runner('btcusdt').engine.depth(5).asks).toHaveLength(1);
      expect(await t.db.get('SELECT COUNT(*) AS n FROM journal')).toMatchObject({ n: 0n });
      await exchange.stop();
    }
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('acknowledges an order from the journal and shows it to readers once the projector has written it', async () => {
    t = await open();
    const user = await userWithBtc();
    const exchange = new Exchange(t.db, pino({ level: 'silent' }));
    await exchange.start();
    const order = await exchange.place(user, { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.3' });
    // The hold is counted at once, written or not: a second order for the rest of the balance is refused.
    await expect(exchange.place(user, { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.8' })).rejects.toThrow(/insufficientBalance/);
    await exchange.settled();
    expect(await findOrder(t.db, order.id)).toMatchObject({ status: 'open', frozen: 30_000_000n });
    expect(await balanceOf(t.db, user, ACCOUNT.spot, 'BTC')).toEqual({ available: 70_000_000n, frozen: 30_000_000n });
    const ids = await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM ledger_entries WHERE owner_id = ?', [user]);
    expect(Number(ids!.n)).toBe(2);
    await exchange.stop();
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
