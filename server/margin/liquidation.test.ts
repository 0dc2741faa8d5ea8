import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Market } from '../spot/market.ts';
import { planLiquidation, settle } from './liquidation.ts';
import { valuation, type Line, type MarginAccount } from './margin-account.ts';
import { runs } from '../../tests/support/property.ts';

const U = 10n ** 8n;
const line = (balance: bigint, principal = 0n, interest = 0n): Line => ({ balance, principal, interest });
const spot = (base: string, priceScale: number, qtyScale: number): Market => ({
  symbol: `${base.toLowerCase()}usdt`,
  market: 'spot',
  coinType: 1,
  base,
  quote: 'USDT',
  priceScale,
  qtyScale,
  tick: 1n,
  lot: 1n,
  minQty: 1n,
  minNotional: 5n * U,
  makerFeeBps: 10n,
  takerFeeBps: 10n,
  refPrice: '0',
  priceBandBps: 500n,
  plate: 'main',
  sort: 0,
  status: 'on',
});
// As seeded: BTC 2 price and 5 quantity decimals, ETH 2 and 4.
const MARKETS: Record<string, Market> = { BTC: spot('BTC', 2, 5), ETH: spot('ETH', 2, 4) };
const marketOf = (a: string) => MARKETS[a];

describe('liquidation plan', () => {
  it('sells the coin within 2% of the index and repays interest before principal; the rest is the shortfall', () => {
    // 1 BTC against 50,000 USDT owed and 10 of interest, BTC at 50,000: level 0.9998.
    const account: MarginAccount = { mode: 'cross', lines: { BTC: line(U), USDT: line(0n, 50_000n * U, 10n * U) } };
    const plan = planLiquidation({ account, priceOf: () => 50_000n * U, marketOf });
    expect(plan.repayInKind).toEqual([]);
    // 100,000 lots of 0.00001 BTC no lower than 49,000.00; proceeds 49,000 − 0.1% fee = 48,951.
    expect(plan.sells).toEqual([
      { symbol: 'btcusdt', asset: 'BTC', qty: 100_000n, minPrice: 4_900_000n, worstProceeds: 48_951n * U },
    ]);
    expect(plan.repayAfter).toEqual([{ asset: 'USDT', interest: 10n * U, principal: 48_941n * U }]);
    expect(plan.shortfall).toEqual([{ asset: 'USDT', interest: 0n, principal: 1_059n * U, value: 1_059n * U }]);
    expect(plan.shortfallValue).toBe(1_059n * U);
    expect(plan.remaining).toEqual({});
  });

  it('buys the owed coin within 2% of the index with the USDT there is', () => {
    // 10,000 USDT held against 0.2 BTC owed at 60,000 (12,000): level 0.83.
    const account: MarginAccount = {
      mode: 'isolated',
      base: 'BTC',
      quote: 'USDT',
      lines: { USDT: line(10_000n * U), BTC: line(0n, (2n * U) / 10n) },
    };
    const plan = planLiquidation({ account, priceOf: () => 60_000n * U, marketOf });
    // At most 61,200.00 a BTC: 16,339 lots (9,999.468 USDT); 0.16339 BTC less the 0.1% fee.
    expect(plan.buys).toEqual([
      {
        symbol: 'btcusdt',
        asset: 'BTC',
        qty: 16_339n,
        maxPrice: 6_120_000n,
        worstCost: 999_946_800_000n,
        receives: 16_322_661n,
      },
    ]);
    expect(plan.repayAfter).toEqual([{ asset: 'BTC', interest: 0n, principal: 16_322_661n }]);
    expect(plan.shortfall).toEqual([{ asset: 'BTC', interest: 0n, principal: 3_677_339n, value: 220_640_340_000n }]);
    expect(plan.remaining).toEqual({ USDT: 53_200_000n });
  });

  it('repays in kind first and buys just enough lots for the debt after the fee', () => {
    // 2 ETH held with 0.5 ETH owed (+0.01 interest); 5,000 USDT held against 1,000 owed: ETH at 3,000.
    const account: MarginAccount = {
      mode: 'cross',
      lines: { ETH: line(2n * U, U / 2n, U / 100n), USDT: line(5_000n * U, 1_000n * U), BTC: line(0n, U / 100n) },
    };
    const plan = planLiquidation({ account, priceOf: (a) => (a === 'ETH' ? 3_000n * U : 60_000n * U), marketOf });
    expect(plan.repayInKind).toEqual([
      { asset: 'ETH', interest: U / 100n, principal: U / 2n },
      { asset: 'USDT', interest: 0n, principal: 1_000n * U },
    ]);
    expect(plan.sells.map((s) => [s.asset, s.qty, s.minPrice])).toEqual([['ETH', 14_900n, 294_000n]]);
    // 0.01 BTC after a 0.1% fee: 1,002 lots of 0.00001 (1,002,000 − 1,002 = 1,000,998 ≥ 1,000,000).
    expect(plan.buys.map((b) => [b.asset, b.qty, b.receives])).toEqual([['BTC', 1_002n, 1_000_998n]]);
    expect(plan.shortfall).toEqual([]);
    expect(plan.remaining.BTC).toBe(998n);
  });

  it('books the actual result: balances repay their own debts, the rest is the shortfall', () => {
    const r = settle({ USDT: line(100n, 150n, 20n), BTC: line(5n, 3n) }, () => 60_000n * U);
    expect(r.repayments).toEqual([
      { asset: 'USDT', interest: 20n, principal: 80n },
      { asset: 'BTC', interest: 0n, principal: 3n },
    ]);
    expect(r.shortfall).toEqual([{ asset: 'USDT', interest: 0n, principal: 70n, value: 70n }]);
    expect(r.lines.BTC).toEqual(line(2n, 0n, 0n));
  });

  it('accounts for every debt unit, takes interest before principal, and leaves no shortfall above 1.1', () => {
    const amt = (max: bigint) => fc.bigInt(0n, max);
    fc.assert(
      fc.property(
        amt(100_000n * U),
        amt(2n * U),
        amt(20n * U),
        amt(100_000n * U),
        amt(U),
        amt(20n * U),
        amt(100n * U),
        fc.bigInt(1_000n, 100_000n),
        (usdt, btc, eth, usdtDebt, btcDebt, ethDebt, interest, btcPrice) => {
          const account: MarginAccount = {
            mode: 'cross',
            lines: { USDT: line(usdt, usdtDebt, interest), BTC: line(btc, btcDebt), ETH: line(eth, 0n, ethDebt) },
          };
          const prices: Record<string, bigint> = { BTC: btcPrice * U, ETH: 3_000n * U };
          const plan = planLiquidation({ account, priceOf: (a) => prices[a]!, marketOf });
          for (const asset of ['USDT', 'BTC', 'ETH']) {
            const l = account.lines[asset]!;
            const paid = [...plan.repayInKind, ...plan.repayAfter].filter((r) => r.asset === asset);
            const left = plan.shortfall.find((s) => s.asset === asset) ?? { interest: 0n, principal: 0n };
            expect(paid.reduce((s, r) => s + r.interest, 0n) + left.interest).toBe(l.interest);
            expect(paid.reduce((s, r) => s + r.principal, 0n) + left.principal).toBe(l.principal);
            if (left.interest > 0n) expect(left.principal).toBe(l.principal);
          }
          const v = valuation(account, (a) => prices[a]!);
          // Worst fills lose at most 2% on each side, the fees and some lots: a level of 1.1 covers them.
          if (v.liabilities > 0n && v.assets * 10n >= v.liabilities * 11n + 100n * U)
            expect(plan.shortfallValue).toBe(0n);
        },
      ),
      runs(500),
    );
  });
});
