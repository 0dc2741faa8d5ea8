import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import { credit, tradingOn } from '../../tests/support/trading.ts';
import { seedMarkets } from './seed.ts';
import { runs } from '../../tests/support/property.ts';
import { spotBooksOf } from './spot-books.ts';

const order = fc.record({
  user: fc.integer({ min: 0, max: 3 }),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const),
  ticks: fc.integer({ min: -8, max: 8 }),
  lots: fc.integer({ min: 1, max: 400 }),
  tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const, 'POST_ONLY' as const),
  cancel: fc.boolean(),
});

describe.each(DIALECTS)('random order flow through the service on %s', (name, open) => {
  const options = runs(name === 'postgres' ? 10 : 60);
  it('never loses or invents money, charges fees with 10% to the safety fund, and rebuilds the same book', async () => {
    let tradesSeen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 10, maxLength: 60 }), async (orders) => {
        const t = await open();
        try {
          await seedMarkets(t.db);
          const users: number[] = [];
          const { core, spot } = await tradingOn(t.db);
          for (let u = 0; u < 4; u++) {
            const row = await t.db.get<{ id: bigint }>(
              "INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id",
              [`6${u}000000`, `prop_${u}`, `Q${u}`],
            );
            users.push(Number(row!.id));
            await credit(core, users[u]!, 'USDT', 5_000_000_000_000n);
            await credit(core, users[u]!, 'ETH', 2_000_000_000n);
          }
          const placed: number[] = [];
          // Every run trades at least once, whatever the random orders do, so the fee checks always have a fee.
          await spot.place(users[0]!, {
            symbol: 'ethusdt',
            side: 'sell',
            type: 'limit',
            price: '3450.00',
            quantity: '0.0100',
          });
          await spot.place(users[1]!, {
            symbol: 'ethusdt',
            side: 'buy',
            type: 'limit',
            price: '3450.00',
            quantity: '0.0100',
          });
          // Sent together, so the core batches them like a busy market.
          await Promise.allSettled(
            orders.map(async (o) => {
              const price = (3450 + o.ticks * 0.5).toFixed(2);
              const quantity = (o.lots / 10_000).toFixed(4);
              const body =
                o.type === 'limit'
                  ? { symbol: 'ethusdt', side: o.side, type: 'limit' as const, price, quantity, timeInForce: o.tif }
                  : o.side === 'buy'
                    ? {
                        symbol: 'ethusdt',
                        side: o.side,
                        type: 'market' as const,
                        quoteAmount: (Number(price) * Number(quantity) + 5).toFixed(2),
                      }
                    : { symbol: 'ethusdt', side: o.side, type: 'market' as const, quantity };
              const res = await spot.place(users[o.user]!, body);
              placed.push(res.id);
              if (o.cancel && (res.status === 'open' || res.status === 'partial'))
                await spot.cancel(users[o.user]!, res.id).catch(() => undefined);
            }),
          );
          await core.settled();
          expect(await auditLedger(t.db)).toEqual([]);
          const trades = Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM trades'))!.n);
          tradesSeen += trades;
          for (const asset of ['USDT', 'ETH']) {
            const fees = await t.db.get<{ maker: bigint | null; taker: bigint | null }>(
              `SELECT SUM(CASE WHEN (taker_side = 'buy') = (? = 'ETH') THEN taker_fee ELSE 0 END) AS taker,
                      SUM(CASE WHEN (taker_side = 'sell') = (? = 'ETH') THEN maker_fee ELSE 0 END) AS maker FROM trades`,
              [asset, asset],
            );
            const charged = BigInt(fees?.maker ?? 0) + BigInt(fees?.taker ?? 0);
            const income = (await balanceOf(t.db, null, ACCOUNT.feeIncome, asset)).available;
            const fund = (await balanceOf(t.db, null, ACCOUNT.safetyFund, asset)).available;
            expect(income + fund).toBe(charged);
            // Each trade's fee sends floor(fee / 10) to the fund: at most 9 units per trade short of a tenth.
            expect(fund * 10n <= charged).toBe(true);
            expect(charged - fund * 10n <= 9n * BigInt(trades)).toBe(true);
          }
          // Frozen funds are exactly what the open orders hold.
          const held = await t.db.get<{ n: bigint | null }>(
            "SELECT SUM(frozen) AS n FROM orders WHERE status IN ('open', 'partial')",
          );
          const frozen = await t.db.get<{ n: bigint | null }>('SELECT SUM(frozen) AS n FROM accounts WHERE type = 1');
          expect(BigInt(frozen?.n ?? 0)).toBe(BigInt(held?.n ?? 0));
          const book = spotBooksOf(core).engine('ethusdt');
          book.validate();
          const before = book.hash();
          // A restart rebuilds the same book from the tables.
          await core.stop();
          const again = await tradingOn(t.db);
          expect(spotBooksOf(again.core).engine('ethusdt').hash()).toBe(before);
          await again.core.stop();
        } finally {
          await t.drop();
        }
      }),
      options,
    );
    // One sure trade a run, plus whatever the random orders crossed.
    expect(tradesSeen).toBeGreaterThanOrEqual(options.numRuns);
  }, 300_000);
});
