import { describe, expect, it } from 'vitest';
import { parseUnits } from '../../isomorphic/money/units.ts';
import {
  bracketOf,
  CONTRACTS,
  contractOf,
  cumFromTiers,
  maintenanceMargin,
  maxLeverage,
  maxNotionalAt,
  type Bracket,
} from './contracts.ts';
import { notional } from './position-math.ts';

const coin = (text: string) => {
  const p = parseUnits(text, 8);
  if (!p.ok) throw new Error(text);
  return p.value;
};
const rate = coin;

describe('contracts', () => {
  it('has the two linear and two inverse contracts with Binance ticks, lots and contract sizes', () => {
    expect(Object.keys(CONTRACTS).sort()).toEqual(['btcusd_perp', 'btcusdt_perp', 'ethusd_perp', 'ethusdt_perp']);
    const view = (s: string) => {
      const c = contractOf(s)!;
      return [c.kind, c.marginAsset, c.priceScale, c.qtyScale, c.contractSize, maxLeverage(c)];
    };
    expect(view('btcusdt_perp')).toEqual(['linear', 'USDT', 1, 3, 0n, 125n]);
    expect(view('ethusdt_perp')).toEqual(['linear', 'USDT', 2, 3, 0n, 125n]);
    expect(view('btcusd_perp')).toEqual(['inverse', 'BTC', 1, 0, 100n, 125n]);
    expect(view('ethusd_perp')).toEqual(['inverse', 'ETH', 2, 0, 10n, 100n]);
    expect(contractOf('DOGEUSDT')).toBeUndefined();
  });

  it('lists each maintenance amount as cum_n = floor_n × (MMR_n − MMR_{n−1}) + cum_{n−1}', () => {
    for (const c of Object.values(CONTRACTS)) {
      expect(cumFromTiers(c.brackets), c.symbol).toEqual(c.brackets.map((b) => b.cum));
      c.brackets.forEach((b, i) => {
        if (i === 0) return expect(b.floor).toBe(0n);
        const before = c.brackets[i - 1]!;
        expect(b.floor, c.symbol).toBe(before.cap);
        expect(b.mmr, c.symbol).toBeGreaterThan(before.mmr);
        expect(b.maxLeverage, c.symbol).toBeLessThan(before.maxLeverage);
      });
    }
  });

  it("reproduces the worked examples of Binance's liquidation FAQs", () => {
    // USDⓈ-M FAQ, on its 2021 BTCUSDT table: "the Maintenance Amount on Level 5 = 250,000 × (1% − 0.5%) + 50 =
    // 1,300 USDT", and a 264,000 USDT position has MMR 1%.
    const rows: [string, string][] = [
      ['50000', '0.004'],
      ['250000', '0.005'],
      ['1000000', '0.01'],
      ['10000000', '0.025'],
    ];
    let floor = 0n;
    const tiers = rows.map(([cap, mmr]) => {
      const t = { floor, cap: coin(cap), mmr: rate(mmr) };
      floor = t.cap;
      return t;
    });
    const cums = cumFromTiers(tiers);
    expect(cums.slice(0, 3)).toEqual([0n, coin('50'), coin('1300')]);
    const table = {
      ...CONTRACTS.btcusdt_perp!,
      brackets: tiers.map((t, i): Bracket => ({ ...t, maxLeverage: 1n, cum: cums[i]! })),
    };
    expect(bracketOf(table, coin('264000')).mmr).toBe(rate('0.01'));
    expect(bracketOf(table, coin('500000')).cum).toBe(coin('1300'));

    // COIN-M FAQ: a 300 BTC BTCUSD position has MMR 12.5% and maintenance amount 11.605 BTC; and 100 contracts at
    // a mark of 25,000 are 100 × 100 / 25,000 = 0.4 BTC, level 1: maintenance margin 0.4 × 0.4% − 0 = 0.0016 BTC.
    const btcusd = CONTRACTS.btcusd_perp!;
    expect(bracketOf(btcusd, coin('300'))).toMatchObject({ mmr: rate('0.125'), cum: coin('11.605') });
    const n = notional(btcusd, 100n, 250_000n);
    expect(n).toBe(coin('0.4'));
    expect(maintenanceMargin(btcusd, n)).toBe(coin('0.0016'));
  });

  it('puts a notional equal to a cap in the lower bracket, and keeps maintenance margin continuous at every floor', () => {
    const c = CONTRACTS.btcusdt_perp!;
    expect(bracketOf(c, coin('50000')).mmr).toBe(rate('0.004'));
    expect(bracketOf(c, coin('50000') + 1n).mmr).toBe(rate('0.005'));
    expect(bracketOf(c, coin('99999999999')).mmr).toBe(rate('0.5'));
    for (const k of Object.values(CONTRACTS)) {
      for (const b of k.brackets.slice(1)) {
        const below = maintenanceMargin(k, b.floor);
        const above = maintenanceMargin(k, b.floor + 1n);
        expect(above - below, `${k.symbol} at ${b.floor}`).toBeLessThanOrEqual(1n);
        expect(above).toBeGreaterThanOrEqual(below);
      }
    }
    // 2,000,000 USDT of BTCUSDT: bracket 3, 2,000,000 × 0.65% − 950 = 12,050 USDT.
    expect(maintenanceMargin(c, coin('2000000'))).toBe(coin('12050'));
  });

  it('rounds maintenance margin up', () => {
    const c = CONTRACTS.btcusdt_perp!;
    // 0.00000001 USDT × 0.4% is a fraction of a unit: the platform asks for one.
    expect(maintenanceMargin(c, 1n)).toBe(1n);
    expect(maintenanceMargin(c, 250n)).toBe(1n);
    expect(maintenanceMargin(c, 251n)).toBe(2n);
  });

  it('allows a leverage up to the cap of the last bracket that still offers it', () => {
    const c = CONTRACTS.btcusdt_perp!;
    expect(maxNotionalAt(c, 125n)).toBe(coin('50000'));
    expect(maxNotionalAt(c, 100n)).toBe(coin('600000'));
    expect(maxNotionalAt(c, 20n)).toBe(coin('100000000'));
    expect(maxNotionalAt(c, 21n)).toBe(coin('70000000'));
    expect(maxNotionalAt(c, 1n)).toBe(coin('1800000000'));
    expect(maxNotionalAt(c, 126n)).toBe(0n);
    expect(maxNotionalAt(CONTRACTS.btcusd_perp!, 2n)).toBe(coin('1500'));
  });
});
