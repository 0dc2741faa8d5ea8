import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../tests/support/databases.ts';
import { priceFeed } from '../../tests/support/price-feed.ts';
import {
  expectRestartsReproduce,
  insertTestUser,
  partEssence,
  stopTrading,
  tradingOn,
} from '../../tests/support/trading.ts';
import { ManualClock } from '../clock/clock.ts';
import { postFunds } from '../core/funds.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger } from '../ledger/ledger.ts';
import { upsertPayment } from '../identity/payment.repo.ts';
import { AppError } from '../outcome.ts';
import { PriceIndex } from '../prices/price-index.ts';
import { coinText, fiatOf, fiatText } from './fiat.ts';
import type { OtcBook } from './otc-book.ts';
import * as cmd from './otc-commands.ts';
import { priceNow, saveAd, take, type OtcDeps } from './otc.service.ts';
import { runs } from '../../tests/support/property.ts';

const T0 = Date.UTC(2026, 5, 1);
const ONE = 100_000_000n;
const ASSETS = ['USDT', 'BTC'] as const;
/** Cents per coin of each asset's fixed-price ads. */
const PRICE = { USDT: 725n, BTC: 70_000_00n } as const;
/** The CNY display rate (wallet defaults) in hundredths, and BTC's index in cents at the start of a run. */
const CNY_RATE = 725n;
const BTC_START = 70_000_00n;
/** How long an index stays fresh without its feed (the price index's default). */
const FRESH_MS = 60_000;

const actor = fc.integer({ min: 0, max: 4 });
const step = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ad' as const),
      merchant: fc.integer({ min: 0, max: 1 }),
      sell: fc.boolean(),
      asset: fc.integer({ min: 0, max: 1 }),
      total: fc.integer({ min: 1, max: 400 }),
      floatBps: fc.option(fc.integer({ min: -2000, max: 2000 }), { nil: null }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('take' as const),
      user: actor,
      ad: fc.nat(),
      share: fc.integer({ min: 1, max: 120 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('paid' as const), user: actor, order: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user: actor, order: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('release' as const), user: actor, order: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('appeal' as const), user: actor, order: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rule' as const), order: fc.nat(), release: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      merchant: fc.integer({ min: 0, max: 1 }),
      ad: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const), minutes: fc.integer({ min: 1, max: 40 }) }) },
  // BTC's feed answers a moved price, or falls silent for 65 s (its index goes stale).
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('feed' as const),
      move: fc.integer({ min: -3000_00, max: 3000_00 }),
      stall: fc.boolean(),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
/**
 * Every run starts with one order of each ending (released, cancelled, expired, ruled), so the checks below never
 * hold vacuously however the random steps fall; the random steps then mix with what is left.
 */
const PRELUDE: Step[] = [
  { kind: 'ad', merchant: 0, sell: true, asset: 0, total: 400, floatBps: null },
  { kind: 'take', user: 2, ad: 0, share: 50 },
  { kind: 'paid', user: 2, order: 0 },
  { kind: 'release', user: 0, order: 0 },
  { kind: 'take', user: 3, ad: 0, share: 10 },
  { kind: 'cancel', user: 3, order: 0 },
  { kind: 'take', user: 4, ad: 0, share: 10 },
  { kind: 'time', minutes: 40 },
  { kind: 'take', user: 2, ad: 0, share: 10 },
  { kind: 'paid', user: 2, order: 0 },
  { kind: 'appeal', user: 2, order: 0 },
  { kind: 'rule', order: 0, release: true },
  // A floating BTC ad refused on a stalled feed, posted once it answers, taken, then not taken while it stalls again.
  { kind: 'feed', move: 0, stall: true },
  { kind: 'ad', merchant: 1, sell: false, asset: 1, total: 400, floatBps: 150 },
  { kind: 'feed', move: 0, stall: false },
  { kind: 'ad', merchant: 1, sell: false, asset: 1, total: 400, floatBps: 150 },
  { kind: 'take', user: 3, ad: 1, share: 10 },
  { kind: 'feed', move: 0, stall: true },
  { kind: 'take', user: 4, ad: 1, share: 10 },
];

const REFUSALS = new Set([
  'otcAdUnavailable',
  'otcOwnAd',
  'otcOutsideLimits',
  'otcActiveCap',
  'otcPaymentRequired',
  'insufficientBalance',
  'otcOrderUnknown',
  'otcOrderState',
  'otcNotBuyer',
  'otcNotSeller',
  'otcAppealExists',
  'otcPaymentUnknown',
  'otcAdUnknown',
]);
const refused = (err: unknown) => {
  if (!(err instanceof AppError) || !REFUSALS.has(err.errorName)) throw err;
};

/**
 * Whether a floating price is BTC's index × the CNY rate × (1 + bps), half a cent rounded up, worked out from the
 * definition.
 */
function isFloatingPrice(price: bigint, indexCents: bigint, bps: number): boolean {
  // The exact price in cents is num / den; rounding half up puts price × den within [num − den/2, num + den/2).
  const num = indexCents * CNY_RATE * BigInt(10_000 + bps);
  const den = 100n * 10_000n;
  const twice = 2n * price * den - 2n * num;
  return price > 0n && twice >= -den && twice < den;
}

describe.each(DIALECTS)(
  'OTC under random ads, takes, payments, cancels, releases, appeals, rulings, expiries and a stalling feed, on %s',
  (name, open) => {
    const seen = {
      released: 0,
      cancelled: 0,
      ruled: 0,
      expired: 0,
      floatingTaken: 0,
      staleAdRefused: 0,
      staleTakeRefused: 0,
    };
    const feedPrices: Record<string, string> = {};
    let feed: Awaited<ReturnType<typeof priceFeed>>;
    beforeAll(async () => void (feed = await priceFeed(feedPrices)));
    afterAll(() => feed.close());
    it('never spends escrow twice, ends every order exactly once, prices nothing from a stale index, and keeps the ledger whole across restarts', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 20, maxLength: 70 }).map((random) => [...PRELUDE, ...random]),
          async (steps) => {
            const t = await open();
            const clock = new ManualClock(T0);
            try {
              // Users 0 and 1 are merchants, 2–4 users; each holds coins in their OTC account (and merchants in their
              // merchant account).
              await seedMarkets(t.db);
              const users: number[] = [];
              for (let i = 0; i < 5; i++) users.push(await insertTestUser(t.db, `5700000${i}`, `otc_${i}`));
              let trading = await tradingOn(t.db, { clock, snapshotEvery: 11 });
              const core = () => trading.core;
              const book = () => core().part<OtcBook>('otc');
              // Floating ads are posted and taken at the edge, which prices them from BTC's index on the feed.
              let btcCents = BTC_START;
              let fedAt = clock.now();
              feedPrices.BTCUSDT = fiatText(btcCents);
              const prices = new PriceIndex({ feedUrls: [feed.url], now: () => clock.now() });
              prices.track({
                symbol: 'btcusdt',
                priceScale: trading.markets.get('btcusdt')!.priceScale,
                start: btcCents,
                volatility: 0,
              });
              await prices.advance();
              const deps = (): OtcDeps => ({
                db: t.db,
                core: core(),
                markets: trading.markets,
                prices,
                now: () => clock.now(),
              });
              const fresh = () => clock.now() - fedAt <= FRESH_MS;
              const funded = new Map<string, bigint>();
              for (const [i, u] of users.entries()) {
                for (const asset of ASSETS) {
                  const amount = (asset === 'USDT' ? 5_000n : 2n) * ONE;
                  const types = i < 2 ? [ACCOUNT.otc, ACCOUNT.merchant] : [ACCOUNT.otc];
                  for (const type of types) {
                    await core().submit(postFunds, {
                      lines: [
                        { owner: null, type: ACCOUNT.external, asset, available: -amount },
                        { owner: u, type, asset, available: amount },
                      ],
                      meta: { billType: 'dev_credit', refType: 'test', refId: 0 },
                    });
                    funded.set(asset, (funded.get(asset) ?? 0n) + amount);
                  }
                }
              }
              for (const m of users.slice(0, 2)) {
                await core().submit(cmd.applyMerchant, { userId: m });
                await core().submit(cmd.reviewMerchant, { userId: m, approve: true, note: '' });
              }
              const payment: number[] = [];
              for (const u of users)
                payment.push(
                  Number(
                    (await upsertPayment(
                      t.db,
                      u,
                      { kind: 'alipay', name: `n${u}`, account: `a${u}`, bank: null, branch: null, qrUpload: null },
                      0,
                    ))!.id,
                  ),
                );
              /** A refusal the model expects, which must leave the core as it was. */
              const refusedAs = async (names: string[], p: Promise<unknown>) => {
                const before = core().stateHash();
                const err = await p.then(
                  () => undefined,
                  (e: unknown) => e,
                );
                expect(err instanceof AppError && names.includes(err.errorName), String(err)).toBe(true);
                expect(core().stateHash()).toBe(before);
              };
              const ended = new Set<number>();
              const pick = <T>(xs: readonly T[], n: number): T | undefined =>
                xs.length ? xs[n % xs.length] : undefined;
              /**
               * Every coin of the users' OTC and merchant accounts stays theirs: escrow only moves, never copies or
               * vanishes.
               */
              const conserved = () => {
                for (const asset of ASSETS) {
                  let sum = 0n;
                  for (const u of users)
                    for (const type of [ACCOUNT.otc, ACCOUNT.merchant]) {
                      const b = core().risk.balance(u, type, asset);
                      sum += b.available + b.held;
                    }
                  expect(sum, asset).toBe(funded.get(asset));
                }
                for (const o of book().orders.values()) expect(core().risk.heldBy(`otc:${o.id}`)).toBe(o.amount);
                for (const a of book().ads.values())
                  expect(core().risk.heldBy(`otc-ad:${a.id}`)).toBe(a.side === 'sell' ? a.remaining : 0n);
                for (const m of book().merchants.values())
                  expect(core().risk.heldBy(`otc-dep:${m.userId}`)).toBe(m.deposit);
                // An order that ended never comes back.
                for (const id of ended) expect(book().orders.has(id)).toBe(false);
              };
              const track = async (p: Promise<unknown>) => {
                const before = new Set(book().orders.keys());
                await p.catch(refused);
                for (const id of before) if (!book().orders.has(id)) ended.add(id);
              };
              for (const s of steps) {
                const orders = [...book().orders.values()];
                const o = 'order' in s ? pick(orders, s.order) : undefined;
                const who = 'user' in s ? users[s.user]! : 0;
                if (s.kind === 'ad' && s.floatBps !== null) {
                  const asset = ASSETS[s.asset]!;
                  const total = asset === 'USDT' ? BigInt(s.total) * ONE : (BigInt(s.total) * ONE) / 400n;
                  const merchantId = users[s.merchant]!;
                  const posting = saveAd(deps(), merchantId, {
                    side: s.sell ? 'sell' : 'buy',
                    coin: asset,
                    fiat: 'CNY',
                    priceType: 'floating',
                    floatPct: (s.floatBps / 100).toFixed(2),
                    total: coinText(total),
                    minFiat: '1.00',
                    maxFiat: fiatText(fiatOf(total, 2n * BTC_START * CNY_RATE)),
                    payWindow: 15,
                    payments: [payment[s.merchant]!],
                    terms: '',
                    online: true,
                  });
                  if (asset === 'BTC' && !fresh()) {
                    await refusedAs(['otcFloatingNoIndex'], posting);
                    seen.staleAdRefused++;
                  } else await posting.catch(refused);
                } else if (s.kind === 'ad') {
                  const asset = ASSETS[s.asset]!;
                  const total = asset === 'USDT' ? BigInt(s.total) * ONE : (BigInt(s.total) * ONE) / 400n;
                  const fiat = fiatOf(total, PRICE[asset]);
                  await core()
                    .submit(cmd.saveAd, {
                      merchantId: users[s.merchant]!,
                      side: s.sell ? 'sell' : 'buy',
                      asset,
                      fiat: 'CNY',
                      priceType: 'fixed',
                      price: PRICE[asset],
                      floatBps: 0,
                      total,
                      minFiat: 100n,
                      maxFiat: fiat,
                      payWindow: 15,
                      payments: [1],
                      terms: '',
                      online: true,
                    })
                    .catch(refused);
                } else if (s.kind === 'take' && pick([...book().ads.values()], s.ad)?.priceType === 'floating') {
                  const ad = pick([...book().ads.values()], s.ad)!;
                  const amount = (ad.remaining * BigInt(s.share)) / 100n + 1n;
                  const priced = ad.asset === 'USDT' || fresh();
                  // Taken at the price the user was shown now; while stale there is none, and whatever an old page
                  // showed is refused.
                  const shown = priced ? await priceNow(deps(), ad) : 1n;
                  if (priced)
                    expect(isFloatingPrice(shown, ad.asset === 'USDT' ? 100n : btcCents, ad.floatBps), `${shown}`).toBe(
                      true,
                    );
                  const taking = take(deps(), who, {
                    adId: ad.id,
                    amount: coinText(amount),
                    price: fiatText(shown),
                    ...(ad.side === 'buy' ? { payment: payment[s.user] } : {}),
                  });
                  if (!priced) {
                    await refusedAs(['otcNoPrice', 'otcOwnAd'], taking);
                    seen.staleTakeRefused++;
                  } else {
                    const before = new Set(book().orders.keys());
                    await track(taking);
                    for (const o of book().orders.values())
                      if (!before.has(o.id)) {
                        expect(o.price).toBe(shown);
                        seen.floatingTaken++;
                      }
                  }
                } else if (s.kind === 'take') {
                  const ad = pick([...book().ads.values()], s.ad);
                  if (!ad) continue;
                  const amount = (ad.remaining * BigInt(s.share)) / 100n + 1n;
                  await track(
                    core().submit(cmd.takeAd, {
                      userId: who,
                      adId: ad.id,
                      amount,
                      price: ad.price,
                      fiatAmount: fiatOf(amount, ad.price),
                      payment: ad.side === 'buy' ? 7 : null,
                    }),
                  );
                } else if (s.kind === 'paid' && o) {
                  await track(
                    core().submit(cmd.markPaid, { userId: who, id: o.id, payment: o.payments[0]!, proof: null }),
                  );
                } else if (s.kind === 'cancel' && o) {
                  await track(core().submit(cmd.cancelOrder, { userId: who, id: o.id }));
                } else if (s.kind === 'release' && o) {
                  await track(core().submit(cmd.releaseOrder, { userId: who, id: o.id }));
                } else if (s.kind === 'appeal' && o) {
                  await track(core().submit(cmd.appealOrder, { userId: who, id: o.id, reason: 'r', proof: null }));
                } else if (s.kind === 'rule' && o) {
                  await track(
                    core().submit(cmd.ruleAppeal, {
                      operatorId: 99,
                      id: o.id,
                      ruling: s.release ? 'release' : 'refund',
                      note: 'n',
                    }),
                  );
                } else if (s.kind === 'close') {
                  const ad = pick(
                    [...book().ads.values()].filter((a) => a.merchantId === users[s.merchant]),
                    s.ad,
                  );
                  if (ad) await core().submit(cmd.closeAd, { merchantId: ad.merchantId, id: ad.id });
                } else if (s.kind === 'time') {
                  await clock.jump(s.minutes * 60_000);
                  await track(core().submit(cmd.expireOrders, {}));
                  // Nothing is due twice.
                  expect(await core().submit(cmd.expireOrders, {})).toBe(0);
                } else if (s.kind === 'feed' && s.stall) {
                  delete feedPrices.BTCUSDT;
                  await clock.jump(65_000);
                  await prices.advance();
                } else if (s.kind === 'feed') {
                  btcCents = btcCents + BigInt(s.move) > 1_000_00n ? btcCents + BigInt(s.move) : btcCents;
                  feedPrices.BTCUSDT = fiatText(btcCents);
                  await prices.advance();
                  fedAt = clock.now();
                }
                conserved();
                // No order holds a price of nothing.
                for (const o of book().orders.values()) expect(o.price > 0n).toBe(true);
              }
              await core().settled();
              // In the tables, each order is open (and in memory) or ended with a reason; a released order paid its
              // buyer once, a cancelled one never.
              const rows = await t.db.all<{
                id: bigint;
                state: string;
                end_reason: string | null;
                amount: bigint;
                credits: bigint | null;
                n: bigint;
              }>(
                `SELECT o.id, o.state, o.end_reason, o.amount, SUM(e.delta_available) AS credits, COUNT(e.id) AS n
               FROM otc_orders o LEFT JOIN ledger_entries e ON e.ref_type = 'otc_order' AND e.ref_id = CAST(o.id AS TEXT) AND e.bill_type = 'otc_release' AND e.delta_available > 0
              GROUP BY o.id, o.state, o.end_reason, o.amount`,
              );
              for (const r of rows) {
                const id = Number(r.id);
                if (r.state === 'released')
                  expect([Number(r.n), BigInt(r.credits ?? 0)]).toEqual([1, BigInt(r.amount)]);
                else expect(Number(r.n)).toBe(0);
                expect(['released', 'cancelled'].includes(r.state)).toBe(!book().orders.has(id));
                if (!book().orders.has(id)) expect(r.end_reason).not.toBeNull();
                if (r.state === 'released') seen.released++;
                if (r.state === 'cancelled') seen.cancelled++;
                if (r.end_reason === 'expired') seen.expired++;
                if (r.end_reason?.startsWith('ruled')) seen.ruled++;
              }
              expect(await auditLedger(t.db)).toEqual([]);
              // A restart replays the journal after the last snapshot into the same state; without a snapshot, the
              // tables give it.
              trading = await expectRestartsReproduce(t.db, trading, { clock, snapshotEvery: 11 }, (c) =>
                partEssence(c, 'otc'),
              );
              conserved();
              await stopTrading(trading);
            } finally {
              await t.drop();
            }
          },
        ),
        // PostgreSQL's round trips make each run ten times slower: fewer runs there, the same properties.
        runs(name === 'postgres' ? 6 : 30),
      );
      // The prelude's endings reached the tables (the checks above would hold vacuously otherwise).
      expect(seen.released).toBeGreaterThan(0);
      expect(seen.cancelled).toBeGreaterThan(0);
      expect(seen.expired).toBeGreaterThan(0);
      expect(seen.ruled).toBeGreaterThan(0);
      expect(seen.floatingTaken).toBeGreaterThan(0);
      expect(seen.staleAdRefused).toBeGreaterThan(0);
      expect(seen.staleTakeRefused).toBeGreaterThan(0);
    }, 300_000);
  },
);
