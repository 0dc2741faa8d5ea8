import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyReached, LevelIndex, levelTriggers } from './level-index.ts';
import {
  atOrBelow,
  LIQUIDATION_LEVEL,
  MARGIN_CALL_LEVEL,
  valuation,
  type Line,
  type MarginAccount,
} from './margin-account.ts';
import { runs } from '../../tests/support/property.ts';

const U = 10n ** 8n;
const line = (balance: bigint, principal = 0n, interest = 0n): Line => ({ balance, principal, interest });
const pricesOf = (p: Record<string, bigint>) => (a: string) => p[a]!;
const liquidatable = (a: MarginAccount, p: Record<string, bigint>, threshold = LIQUIDATION_LEVEL) =>
  atOrBelow(valuation(a, pricesOf(p)), threshold);

describe('level triggers', () => {
  it('gives a one-asset account its liquidation price, one unit early at most', () => {
    // 1 BTC held, 40,000 USDT owed: liquidation at 44,000 (the level rounded down is 1.1 below 44,000.0004).
    const a: MarginAccount = { mode: 'cross', lines: { BTC: line(U), USDT: line(0n, 40_000n * U) } };
    const t = levelTriggers(a, pricesOf({ BTC: 60_000n * U }));
    expect(t).toEqual({ watch: false, triggers: [{ asset: 'BTC', direction: 'falls', price: 4_400_000_040_000n }] });
    expect(liquidatable(a, { BTC: 4_400_000_040_000n })).toBe(false);
    expect(liquidatable(a, { BTC: 4_400_000_039_999n })).toBe(true);
    // The margin call threshold, 1.3: 52,000.
    expect(levelTriggers(a, pricesOf({ BTC: 60_000n * U }), MARGIN_CALL_LEVEL).triggers[0]!.price).toBe(
      5_200_000_040_000n,
    );
  });

  it('gives a short (owing the coin) a rising trigger and splits headroom over two coins', () => {
    // 10,000 USDT held against 0.1 BTC owed at 60,000 (level 1.666…); liquidation when BTC > 90,909.09; the rounding
    // slack puts the trigger up to 10 units (10⁻⁷ USDT) early.
    const short: MarginAccount = { mode: 'cross', lines: { USDT: line(10_000n * U), BTC: line(0n, U / 10n) } };
    const [t] = levelTriggers(short, pricesOf({ BTC: 60_000n * U })).triggers;
    expect(t!.direction).toBe('rises');
    expect(liquidatable(short, { BTC: t!.price - 1n })).toBe(false);
    expect(liquidatable(short, { BTC: t!.price + 10n })).toBe(true);
    // Long BTC, short ETH: each coin gets half the headroom, so each trigger is nearer than its own liquidation price.
    const both: MarginAccount = {
      mode: 'cross',
      lines: { BTC: line(U), ETH: line(0n, 10n * U), USDT: line(0n, 10_000n * U) },
    };
    const p = { BTC: 60_000n * U, ETH: 3_000n * U };
    const ts = levelTriggers(both, pricesOf(p)).triggers;
    expect(ts.map((x) => [x.asset, x.direction])).toEqual([
      ['BTC', 'falls'],
      ['ETH', 'rises'],
    ]);
    expect(liquidatable(both, { ...p, BTC: ts[0]!.price })).toBe(false);
  });

  it('watches an account too near the threshold, and gives none to one without volatile exposure', () => {
    // Level 1.10000000x: 1 BTC at 60,000 against 54,545.45404958 USDT owed.
    const near: MarginAccount = { mode: 'cross', lines: { BTC: line(U), USDT: line(0n, 5_454_545_404_958n) } };
    const p = { BTC: 60_000n * U };
    expect(liquidatable(near, p)).toBe(false);
    expect(levelTriggers(near, pricesOf(p))).toEqual({ watch: true, triggers: [] });
    expect(levelTriggers({ mode: 'cross', lines: { USDT: line(5n * U, U) } }, pricesOf(p))).toEqual({
      watch: false,
      triggers: [],
    });
    const ix = new LevelIndex();
    ix.set(1, levelTriggers(near, pricesOf(p)));
    ix.set(2, levelTriggers({ mode: 'cross', lines: { BTC: line(U), USDT: line(0n, 40_000n * U) } }, pricesOf(p)));
    expect(ix.reached('ETH', 1n)).toEqual([1]);
    expect(ix.reached('BTC', 4_400_000_040_000n).sort()).toEqual([1, 2]);
    ix.delete(1);
    ix.delete(2);
    expect(ix.size).toBe(0);
    expect(ix.reached('BTC', 0n)).toEqual([]);
  });

  const amount = fc.bigInt(0n, 20n * U);
  const accountArb = fc
    .record({
      isolated: fc.boolean(),
      usdt: fc.tuple(fc.bigInt(0n, 50_000n * U), fc.bigInt(0n, 50_000n * U)),
      btc: fc.tuple(fc.bigInt(0n, 2n * U), fc.bigInt(0n, U)),
      eth: fc.tuple(amount, amount),
      interest: fc.bigInt(0n, 10n * U),
    })
    .map(({ isolated, usdt, btc, eth, interest }): MarginAccount => {
      const lines = {
        USDT: line(usdt[0], usdt[1], usdt[1] > 0n ? interest : 0n),
        BTC: line(btc[0], btc[1]),
        ETH: line(eth[0], eth[1]),
      };
      return isolated ? { mode: 'isolated', base: 'BTC', quote: 'USDT', lines } : { mode: 'cross', lines };
    });
  const tickArb = fc.record({ asset: fc.constantFrom('BTC', 'ETH'), permille: fc.integer({ min: -300, max: 300 }) });

  it('never misses an account a full scan finds, through any ticks', () => {
    fc.assert(
      fc.property(
        fc.array(accountArb, { minLength: 1, maxLength: 25 }),
        fc.array(tickArb, { maxLength: 40 }),
        fc.constantFrom(LIQUIDATION_LEVEL, MARGIN_CALL_LEVEL),
        (accounts, ticks, threshold) => {
          const prices: Record<string, bigint> = { BTC: 60_000n * U, ETH: 3_000n * U };
          const priceOf = pricesOf(prices);
          const ix = new LevelIndex();
          const done = new Set<number>();
          accounts.forEach((a, id) => {
            if (liquidatable(a, prices, threshold)) done.add(id);
            else ix.set(id, levelTriggers(a, priceOf, threshold));
          });
          for (const { asset, permille } of ticks) {
            prices[asset] = prices[asset]! + (prices[asset]! * BigInt(permille)) / 1_000n;
            const found = new Set<number>();
            for (const id of ix.reached(asset, prices[asset]!)) {
              if (liquidatable(accounts[id]!, prices, threshold)) {
                found.add(id);
                ix.delete(id);
              } else ix.set(id, levelTriggers(accounts[id]!, priceOf, threshold));
            }
            const scan = accounts
              .map((a, id) => id)
              .filter((id) => !done.has(id) && liquidatable(accounts[id]!, prices, threshold));
            expect([...found].sort((a, b) => a - b)).toEqual(scan);
            for (const id of scan) done.add(id);
          }
        },
      ),
      runs(300),
    );
  });

  it('triggers are safe: prices that reach none leave the account above the threshold', () => {
    fc.assert(
      fc.property(
        accountArb,
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: -500, max: 500 }),
        (a, dBtc, dEth) => {
          const p0 = { BTC: 60_000n * U, ETH: 3_000n * U };
          if (liquidatable(a, p0)) return;
          const t = levelTriggers(a, pricesOf(p0));
          const p = { BTC: p0.BTC + (p0.BTC * BigInt(dBtc)) / 1_000n, ETH: p0.ETH + (p0.ETH * BigInt(dEth)) / 1_000n };
          if (!anyReached(t, pricesOf(p))) expect(liquidatable(a, p)).toBe(false);
        },
      ),
      runs(2_000),
    );
  });
});
