import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../tests/support/databases.ts';
import { AppError } from '../../http/errors.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { auditLedger, balanceOf, post } from '../../ledger/ledger.ts';
import { Exchange } from '../exchange.ts';
import { seedMarkets } from '../seed.ts';

const step = fc.oneof(
  fc.record({ kind: fc.constant('sell' as const), lots: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('transfer' as const), amount: fc.integer({ min: 1, max: 60 }) }),
);

describe.each(DIALECTS)('orders and transfers racing for the same coins on %s', (_name, open) => {
  it('never spends funds twice: what orders hold and what leaves by transfer never exceed the balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        const t = await open();
        try {
          await seedMarkets(t.db);
          const row = await t.db.get<{ id: bigint }>("INSERT INTO users (uid, username, password_hash, invite_code, created_at, updated_at) VALUES ('52000000', 'racer', '!', 'R1', 0, 0) RETURNING id");
          const user = Number(row!.id);
          // 1 ETH in 0.01 lots: 100 lots to share between resting sells and transfers out.
          await t.db.tx((q) => post(q, [
            { owner: null, type: ACCOUNT.external, asset: 'ETH', available: -100_000_000n },
            { owner: user, type: ACCOUNT.spot, asset: 'ETH', available: 100_000_000n },
          ], { billType: 'dev_credit', refType: 'test', refId: 1 }));
          const exchange = new Exchange(t.db, pino({ level: 'silent' }));
          await exchange.start();
          let held = 0n;
          let moved = 0n;
          // One after another: each transfer starts the moment the order before it is acknowledged, before the
          // projector has written that order's hold, so only the pending hold stands between them.
          for (const s of steps) {
            try {
              if (s.kind === 'sell') {
                await exchange.place(user, { symbol: 'ethusdt', side: 'sell', type: 'limit', price: '9000.00', quantity: (s.lots / 100).toFixed(2) });
                held += BigInt(s.lots) * 1_000_000n;
              } else {
                const amount = BigInt(s.amount) * 1_000_000n;
                await t.db.tx((q) => post(q, [
                  { owner: user, type: ACCOUNT.spot, asset: 'ETH', available: -amount },
                  { owner: user, type: ACCOUNT.otc, asset: 'ETH', available: amount },
                ], { billType: 'transfer', refType: 'test', refId: 2 }));
                moved += amount;
              }
            } catch (err) {
              if (!(err instanceof AppError) || err.errorName !== 'insufficientBalance') throw err;
            }
          }
          await exchange.settled();
          expect(held + moved <= 100_000_000n).toBe(true);
          expect(await balanceOf(t.db, user, ACCOUNT.spot, 'ETH')).toEqual({ available: 100_000_000n - held - moved, frozen: held });
          expect(await auditLedger(t.db)).toEqual([]);
          await exchange.stop();
        } finally {
          await t.drop();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
