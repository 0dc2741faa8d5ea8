import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { credit, insertTestUser, tradingOn } from '../../tests/support/trading.ts';
import { AppError } from '../outcome.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { seedMarkets } from '../spot/seed.ts';
import { postFunds } from './funds.ts';
import { runs } from '../../tests/support/property.ts';
import { spotBooksOf } from '../spot/spot-books.ts';

const step = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    user: fc.integer({ min: 0, max: 2 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    ticks: fc.integer({ min: -4, max: 4 }),
    lots: fc.integer({ min: 5, max: 60 }),
    market: fc.boolean(),
    cancel: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    user: fc.integer({ min: 0, max: 2 }),
    asset: fc.constantFrom('ETH', 'USDT'),
    amount: fc.integer({ min: 1, max: 400 }),
    out: fc.boolean(),
  }),
);

const refused = (err: unknown) => {
  if (!(err instanceof AppError) || !['insufficientBalance', 'orderNotOpen'].includes(err.errorName)) throw err;
};

describe.each(DIALECTS)('the trading core under random orders, cancels and transfers on %s', (name, open) => {
  const options = runs(name === 'postgres' ? 6 : 20);
  it('keeps the ledger invariants, spends no hold twice, and replaying the journal gives the same state hash', async () => {
    let trades = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 50 }), async (steps) => {
        const t = await open();
        try {
          await seedMarkets(t.db);
          const users = [
            await insertTestUser(t.db, '53000000', 'core_a'),
            await insertTestUser(t.db, '53000001', 'core_b'),
            await insertTestUser(t.db, '53000002', 'core_c'),
          ];
          const first = await tradingOn(t.db, { snapshotEvery: 1_000_000 });
          // The state before any command: the replay below starts here and runs the whole journal.
          await first.core.saveSnapshot();
          for (const u of users) {
            await credit(first.core, u, 'ETH', 50_000_000n);
            await credit(first.core, u, 'USDT', 200_000_000_000n);
          }
          // Every run trades at least once, whatever the random steps do, so the replay always covers settlement.
          await first.spot.place(users[0]!, {
            symbol: 'ethusdt',
            side: 'sell',
            type: 'limit',
            price: '3450.00',
            quantity: '0.010',
          });
          await first.spot.place(users[1]!, {
            symbol: 'ethusdt',
            side: 'buy',
            type: 'limit',
            price: '3450.00',
            quantity: '0.010',
          });
          // Sent together, so the core batches orders, cancels and transfers of the same balances.
          await Promise.all(
            steps.map(async (s) => {
              const user = users[s.user]!;
              try {
                if (s.kind === 'order') {
                  const price = (3450 + s.ticks * 0.5).toFixed(2);
                  const quantity = (s.lots / 1000).toFixed(3);
                  const o = s.market
                    ? await first.spot.place(
                        user,
                        s.side === 'buy'
                          ? { symbol: 'ethusdt', side: 'buy', type: 'market', quoteAmount: '50' }
                          : { symbol: 'ethusdt', side: 'sell', type: 'market', quantity },
                      )
                    : await first.spot.place(user, { symbol: 'ethusdt', side: s.side, type: 'limit', price, quantity });
                  if (s.cancel && (o.status === 'open' || o.status === 'partial')) await first.spot.cancel(user, o.id);
                } else {
                  const amount = BigInt(s.amount) * (s.asset === 'ETH' ? 100_000n : 100_000_000n);
                  const [from, to] = s.out ? [ACCOUNT.spot, ACCOUNT.otc] : [ACCOUNT.otc, ACCOUNT.spot];
                  await first.core.submit(postFunds, {
                    lines: [
                      { owner: user, type: from, asset: s.asset, available: -amount },
                      { owner: user, type: to, asset: s.asset, available: amount },
                    ],
                    meta: { billType: 'transfer', refType: 'test', refId: 1 },
                  });
                }
              } catch (err) {
                refused(err);
              }
            }),
          );
          await first.core.settled();
          expect(await auditLedger(t.db)).toEqual([]);
          // What the core holds is what the tables show, and every held amount belongs to an open order.
          for (const u of users) {
            for (const asset of ['ETH', 'USDT']) {
              const b = first.core.risk.balance(u, ACCOUNT.spot, asset);
              expect(await balanceOf(t.db, u, ACCOUNT.spot, asset)).toEqual({ available: b.available, frozen: b.held });
            }
          }
          const held = await t.db.get<{ n: bigint | null }>(
            "SELECT SUM(frozen) AS n FROM orders WHERE status IN ('open', 'partial')",
          );
          const frozen = await t.db.get<{ n: bigint | null }>('SELECT SUM(frozen) AS n FROM accounts WHERE type = 1');
          expect(BigInt(frozen?.n ?? 0)).toBe(BigInt(held?.n ?? 0));
          trades += Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades'))!.n);
          const hash = first.core.stateHash();

          // A second core on the same database (the first one abandoned, as after a kill): it starts from the
          // snapshot taken before any command and replays every journaled batch.
          const replayed = await tradingOn(t.db);
          expect(replayed.core.stateHash()).toBe(hash);
          // Without any snapshot it starts from the tables the projector wrote: the same state again.
          await t.db.run('DELETE FROM core_snapshots');
          const fromTables = await tradingOn(t.db);
          expect(fromTables.core.stateHash()).toBe(hash);
          spotBooksOf(fromTables.core).engine('ethusdt').validate();
          await fromTables.core.stop();
        } finally {
          await t.drop();
        }
      }),
      options,
    );
    // One sure trade a run, plus whatever the random steps crossed.
    expect(trades).toBeGreaterThanOrEqual(options.numRuns);
  }, 180_000);
});
