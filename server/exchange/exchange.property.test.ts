import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf, post } from '../ledger/ledger.ts';
import { Exchange } from './exchange.ts';
import { seedMarkets } from './seed.ts';

const order = fc.record({
  user: fc.integer({ min: 0, max: 3 }),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const),
  ticks: fc.integer({ min: -8, max: 8 }),
  lots: fc.integer({ min: 1, max: 400 }),
  tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const, 'POST_ONLY' as const),
  cancel: fc.boolean(),
});

describe.each(DIALECTS)('random order flow through the service on %s', (_name, open) => {
  it('never loses or invents money, charges fees with 10% to the safety fund, and rebuilds the same book', async () => {
    let tradesSeen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(order, { minLength: 10, maxLength: 60 }), async (orders) => {
        const t = await open();
        try {
          await seedMarkets(t.db);
          const users: number[] = [];
          for (let u = 0; u < 4; u++) {
            const row = await t.db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES (?, ?, '!', ?, 0, 0) RETURNING id", [`6${u}000000`, `prop_${u}`, `Q${u}`]);
            users.push(Number(row!.id));
            await t.db.tx((q) => post(q, [
              { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -5_000_000_000_000n },
              { owner: users[u]!, type: ACCOUNT.spot, asset: 'USDT', available: 5_000_000_000_000n },
              { owner: null, type: ACCOUNT.external, asset: 'ETH', available: -2_000_000_000n },
              { owner: users[u]!, type: ACCOUNT.spot, asset: 'ETH', available: 2_000_000_000n },
            ], { billType: 'dev_credit', refType: 'prop', refId: u }));
          }
          const exchange = new Exchange(t.db, pino({ level: 'silent' }));
          await exchange.start();
          const placed: number[] = [];
          // Sent together, so the runner batches them like a busy market.
          await Promise.allSettled(
            orders.map(async (o) => {
              const price = (3450 + o.ticks * 0.5).toFixed(2);
              const quantity = (o.lots / 10_000).toFixed(4);
              const body = o.type === 'limit'
                ? { symbol: 'ethusdt', side: o.side, type: 'limit' as const, price, quantity, timeInForce: o.tif }
                : o.side === 'buy'
                  ? { symbol: 'ethusdt', side: o.side, type: 'market' as const, quoteAmount: (Number(price) * Number(quantity) + 5).toFixed(2) }
                  : { symbol: 'ethusdt', side: o.side, type: 'market' as const, quantity };
              const res = await exchange.place(users[o.user]!, body);
              placed.push(res.id);
              if (o.cancel && (res.status === 'open' || res.status === 'partial')) await exchange.cancel(users[o.user]!, res.id).catch(() => undefined);
            }),
          );
          await exchange.settled();
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
          const held = await t.db.get<{ n: bigint | null }>("SELECT SUM(frozen) AS n FROM orders WHERE status IN ('open', 'partial')");
          const frozen = await t.db.get<{ n: bigint | null }>('SELECT SUM(frozen) AS n FROM accounts WHERE type = 1');
          expect(BigInt(frozen?.n ?? 0)).toBe(BigInt(held?.n ?? 0));
          const runner = exchange.runner('ethusdt');
          runner.engine.validate();
          const before = runner.engine.hash();
          await runner.rebuild();
          expect(runner.engine.hash()).toBe(before);
          await exchange.stop();
        } finally {
          await t.drop();
        }
      }),
      { numRuns: 60 },
    );
    // The flow must actually trade, or the fee checks above prove nothing.
    expect(tradesSeen).toBeGreaterThan(100);
  }, 120_000);
});
