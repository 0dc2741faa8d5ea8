import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../tests/support/app.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { reviewRecharge, reviewWithdrawal } from './review.service.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { seedOperator } from '../seed/operator.ts';
import { hashPassword } from '../user/password.ts';
import { findUserBy, type UserRow } from '../user/user.repo.ts';
import { saveUpload } from './uploads.ts';
import * as swap from './swap.service.ts';
import { usdtPricesOf } from './amounts.ts';
import * as wallet from './wallet.service.ts';
import { PNG } from '../../tests/support/wallet-fixtures.ts';
import type { DailyLimit } from '../identity/withdraw-limit.ts';
import { runs } from '../../tests/support/property.ts';
import { manualAddressesFor } from '../../tests/support/manual-addresses.ts';
import { chainSettings } from '../chain/chain-config.ts';
import type { Custody } from '../chain/custody.ts';

const COINS = ['USDT', 'BTC', 'LTC'] as const;
const NETWORK: Record<string, string> = { USDT: 'TRC20', BTC: 'BTC', LTC: 'LTC' };
const ADDRESS: Record<string, string> = {
  USDT: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  LTC: 'ltc1qxtm55gultqzhqzl2p3ks50hg2478y3hehuj6dz',
};
/** No chain is watched and no key configured: deposits take the manual flow to the operator's entered addresses. */
const CUSTODY: Custody = { chains: [], settings: chainSettings({ DEMO_CHAIN: '0' }) };
/** A fresh nonce, as each sealed body the browser sends carries one. */
const nonce = () => randomBytes(16).toString('base64url');
/**
 * The daily limit has its own tests (server/identity/withdraw-limit.api.test.ts); here it must not cut the random runs
 * short.
 */
const UNLIMITED: DailyLimit = { charge: async () => {} };
const sum = (rows: Array<{ v: bigint | null }>) => rows.reduce((a, r) => a + BigInt(r.v ?? 0), 0n);

describe.each(DIALECTS)('wallet invariants over random operations on %s', (name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let operatorId: number;
  const users: UserRow[] = [];
  const shots: string[] = [];

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: `/tmp/lumex-wallet-prop-${process.pid}` }));
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    operatorId = (await findUserBy(t.db, 'email', 'ops@example.com'))!.id;
    await manualAddressesFor(t.db, ...COINS.map((c) => `${c}/${NETWORK[c]}`));
    const fundHash = await hashPassword('fund123');
    for (let i = 0; i < 3; i++) {
      const now = Date.now();
      await t.db.run(
        "INSERT INTO users (uid, username, password_hash, fund_password_hash, invite_code, created_at, updated_at) VALUES (?, ?, 'x', ?, ?, ?, ?)",
        [`7700000${i}`, `prop_${i}`, fundHash, `PROP${i}`, now, now],
      );
      const u = (await findUserBy(t.db, 'username', `prop_${i}`))!;
      users.push(u);
      shots.push((await saveUpload(t.db, `/tmp/lumex-wallet-prop-${process.pid}`, u.id, PNG)).id);
    }
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  /** Per coin: what users hold equals what the records say they should, and the platform's books balance. */
  async function checkInvariants() {
    // The tables are the core's projection: read them once it has caught up.
    await app.core.settled();
    expect(await auditLedger(t.db)).toEqual([]);
    for (const coin of COINS) {
      const held = sum(
        await t.db.all<{ v: bigint }>(
          'SELECT SUM(available + frozen) AS v FROM accounts WHERE owner_id IS NOT NULL AND asset = ?',
          [coin],
        ),
      );
      const deposits = sum(
        await t.db.all<{ v: bigint }>("SELECT SUM(amount) AS v FROM recharges WHERE status = 'passed' AND coin = ?", [
          coin,
        ]),
      );
      const paidOut = sum(
        await t.db.all<{ v: bigint }>(
          "SELECT SUM(amount + fee) AS v FROM withdrawals WHERE status = 'passed' AND coin = ?",
          [coin],
        ),
      );
      const swappedIn = sum(
        await t.db.all<{ v: bigint }>('SELECT SUM(received) AS v FROM swaps WHERE to_coin = ?', [coin]),
      );
      const swappedOut = sum(
        await t.db.all<{ v: bigint }>('SELECT SUM(amount) AS v FROM swaps WHERE from_coin = ?', [coin]),
      );
      // Deposits minus withdrawals minus the fees paid on them, plus what swaps brought in and took out.
      expect(held).toBe(deposits - paidOut + swappedIn - swappedOut);
      // Whatever is frozen is exactly what withdrawals under review hold.
      const frozen = sum(
        await t.db.all<{ v: bigint }>(
          'SELECT SUM(frozen) AS v FROM accounts WHERE owner_id IS NOT NULL AND asset = ?',
          [coin],
        ),
      );
      const pending = sum(
        await t.db.all<{ v: bigint }>(
          "SELECT SUM(amount + fee) AS v FROM withdrawals WHERE status = 'review' AND coin = ?",
          [coin],
        ),
      );
      expect(frozen).toBe(pending);
      // Every account of the platform and every user is non-negative (the external account is the outside world).
      expect(
        await t.db.all('SELECT id FROM accounts WHERE type <> ? AND (available < 0 OR frozen < 0)', [ACCOUNT.external]),
      ).toEqual([]);
    }
  }

  it('keeps balances equal to deposits − withdrawals − fees, nothing negative, under concurrent random sequences', async () => {
    const op = fc.record({
      kind: fc.constantFrom(
        'deposit',
        'rejectDeposit',
        'withdraw',
        'approveWithdrawal',
        'rejectWithdrawal',
        'transfer',
        'swap',
      ),
      user: fc.integer({ min: 0, max: 2 }),
      coin: fc.constantFrom(...COINS),
      to: fc.constantFrom(...COINS),
      from: fc.constantFrom(1, 1, 1, 2, 3, 4),
      dest: fc.constantFrom(1, 2, 3, 4),
      amount: fc.constantFrom('0.5', '1', '3', '12.5', '40', '150'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
        const usdt = usdtPricesOf(app.markets, app.prices);
        // Each run starts by funding one user, so that what follows has something to move.
        const seeded = users[ops.length % users.length]!;
        for (const coin of COINS) {
          const r = await wallet.submitRecharge(t.db, CUSTODY, seeded, {
            coin,
            network: NETWORK[coin]!,
            amount: '200',
            screenshot: shots[users.indexOf(seeded)],
          });
          await reviewRecharge(t.db, app.core, operatorId, r.id, true);
        }
        // …and one withdrawal under review, so that the approvals and rejections below have one to decide.
        await wallet.submitWithdrawal(
          t.db,
          app.core,
          UNLIMITED,
          seeded,
          {
            coin: 'USDT',
            method: 'address',
            network: NETWORK.USDT,
            address: ADDRESS.USDT!,
            amount: '20',
            fundPassword: 'fund123',
          },
          nonce(),
        );
        // All operations of a run are started at once: many touch the same user and coin concurrently.
        await Promise.allSettled(
          ops.map(async (o) => {
            const u = users[o.user]!;
            switch (o.kind) {
              case 'deposit':
              case 'rejectDeposit': {
                const r = await wallet.submitRecharge(t.db, CUSTODY, u, {
                  coin: o.coin,
                  network: NETWORK[o.coin]!,
                  amount: o.amount,
                  screenshot: shots[o.user],
                });
                return reviewRecharge(
                  t.db,
                  app.core,
                  operatorId,
                  r.id,
                  o.kind === 'deposit',
                  o.kind === 'deposit' ? undefined : 'no payment',
                );
              }
              case 'withdraw':
                return wallet.submitWithdrawal(
                  t.db,
                  app.core,
                  UNLIMITED,
                  u,
                  {
                    coin: o.coin,
                    method: 'address',
                    network: NETWORK[o.coin],
                    address: ADDRESS[o.coin]!,
                    amount: o.amount,
                    fundPassword: 'fund123',
                  },
                  nonce(),
                );
              case 'approveWithdrawal':
              case 'rejectWithdrawal': {
                const w = await t.db.get<{ id: bigint }>(
                  "SELECT id FROM withdrawals WHERE status = 'review' AND user_id = ? ORDER BY id LIMIT 1",
                  [u.id],
                );
                if (!w) return;
                return reviewWithdrawal(
                  app.core,
                  operatorId,
                  Number(w.id),
                  o.kind === 'approveWithdrawal',
                  o.kind === 'approveWithdrawal' ? undefined : 'mismatch',
                );
              }
              case 'transfer':
                return wallet.transfer(t.db, app.core, u, { coin: o.coin, from: o.from, to: o.dest, amount: o.amount });
              case 'swap': {
                const q = await swap.quote(t.db, usdt, u, o.coin, o.to, o.amount);
                return swap.execute(t.db, app.core, usdt, u, {
                  from: o.coin,
                  to: o.to,
                  amount: o.amount,
                  quote: q.quote,
                  slippageBps: 50,
                });
              }
            }
          }),
        );
        await checkInvariants();
      }),
      runs(name === 'postgres' ? 6 : 12),
    );
    // The runs did real work, not only refusals.
    for (const [table, where] of [
      ['recharges', "status = 'passed'"],
      ['withdrawals', "status = 'passed'"],
      ['withdrawals', "status = 'failed'"],
      ['swaps', '1 = 1'],
      ['transfers', '1 = 1'],
    ]) {
      expect(
        Number((await t.db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`))!.n),
        table,
      ).toBeGreaterThan(0);
    }
  }, 120_000);

  it('never lets concurrent withdrawals of one user spend the same funds', async () => {
    const u = users[0]!;
    // Empty the user's spot LTC into another account type first, so the race starts from a known balance.
    const before = (await wallet.currencyAccount(t.db, usdtPricesOf(app.markets, app.prices), u, 1, 'en')).find(
      (c) => c.coin === 'LTC',
    )!;
    if (Number(before.available) > 0)
      await wallet.transfer(t.db, app.core, u, { coin: 'LTC', from: 1, to: 3, amount: before.available });
    const r = await wallet.submitRecharge(t.db, CUSTODY, u, {
      coin: 'LTC',
      network: 'LTC',
      amount: '1',
      screenshot: shots[0],
    });
    await reviewRecharge(t.db, app.core, operatorId, r.id, true);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        wallet.submitWithdrawal(
          t.db,
          app.core,
          UNLIMITED,
          u,
          {
            coin: 'LTC',
            method: 'address',
            network: 'LTC',
            address: ADDRESS.LTC!,
            amount: '0.6',
            fundPassword: 'fund123',
          },
          nonce(),
        ),
      ),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    await checkInvariants();
  });
});
