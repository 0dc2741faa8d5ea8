import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACTS, type Contract } from './contracts.ts';
import { accountRisk, crossLiquidationPrices, type Holding } from './cross-margin.ts';
import {
  bankruptcyPrice,
  bracketFormula,
  formulaPrice,
  headroomAt,
  liquidatableAt,
  liquidationPrice,
  PRICE_MAX,
} from './liquidation-price.ts';
import {
  applyFill,
  FLAT,
  marginRatio,
  notional,
  positionMaintenance,
  unrealisedPnl,
  type Position,
} from './position-math.ts';
import { runs } from '../../tests/support/property.ts';

const BTCUSDT = CONTRACTS.btcusdt_perp!;
const ETHUSDT = CONTRACTS.ethusdt_perp!;
const BTCUSD = CONTRACTS.btcusd_perp!;
const ONE = 10n ** 8n;
const open = (c: Contract, qty: bigint, price: bigint) => applyFill(c, FLAT, qty, price).position;

/** Margin ratio ≥ 100% at the price and < 100% one tick on the safe side: the definition a table row must meet. */
function expectEdge(c: Contract, p: Position, backing: bigint, lp: bigint) {
  const safe = p.qty > 0n ? lp + 1n : lp - 1n;
  expect(liquidatableAt(c, p, backing, lp), `liquidatable at ${lp}`).toBe(true);
  expect(liquidatableAt(c, p, backing, safe), `safe at ${safe}`).toBe(false);
  const ratio = (price: bigint) => marginRatio(positionMaintenance(c, p, price), backing + unrealisedPnl(c, p, price));
  const atLp = ratio(lp);
  expect(atLp === null || atLp >= ONE).toBe(true);
  expect(ratio(safe)!).toBeLessThan(ONE);
}

describe("Binance's published liquidation prices", () => {
  it('COIN-M, cross: wallet 101 BTC, long 100,000 BTCUSD contracts at 45,000 → 33,599.40 (Binance calculator)', () => {
    // From Binance's developer forum: the calculator shows 33,599.40. The position is worth 10,000,000 / 33,599.4
    // = 297.6 BTC there, bracket 7 (MMR 12.5%, cum 11.605 BTC):
    // (10,000,000 × 0.125 + 10,000,000) / (101 + 11.605 + 10,000,000 / 45,000) = 33,599.4186…
    const p = open(BTCUSD, 100_000n, 450_000n);
    const wallet = 101n * ONE;
    expect(bracketFormula(BTCUSD, p, wallet, BTCUSD.brackets[6]!)).toBe(335_994n);
    expect(formulaPrice(BTCUSD, p, wallet)).toBe(335_994n);
    expect(liquidationPrice(BTCUSD, p, wallet)).toBe(335_994n);
    expectEdge(BTCUSD, p, wallet, 335_994n);
  });

  // USDⓈ-M: Binance's FAQ examples are images; these rows follow its formula and its rule that a result in
  // another bracket is recomputed with that bracket, each checked by the definition (margin ratio 100%).
  it('USDⓈ-M, isolated long 1 BTC at 60,000 with 600 USDT (100x): bracket 2 → 59,648.2', () => {
    const p = open(BTCUSDT, 1_000n, 600_000n);
    // (600 + 50 − 60,000) / (1 × 0.5% − 1) = 59,648.24…
    expect(bracketFormula(BTCUSDT, p, 600n * ONE, BTCUSDT.brackets[1]!)).toBe(596_482n);
    expect(liquidationPrice(BTCUSDT, p, 600n * ONE)).toBe(596_482n);
    expectEdge(BTCUSDT, p, 600n * ONE, 596_482n);
  });

  it('USDⓈ-M, isolated short 0.8 BTC at 62,000 with 2,480 USDT (20x): entry in bracket 1, the result in bracket 2 → 64,838.4', () => {
    const p = open(BTCUSDT, -800n, 620_000n);
    const backing = 2_480n * ONE;
    // Bracket 1 gives (2,480 + 0 + 49,600) / (0.8 × 1.004) = 64,840.6, where 0.8 BTC is 51,872 USDT: bracket 2.
    expect(bracketFormula(BTCUSDT, p, backing, BTCUSDT.brackets[0]!)).toBe(648_406n);
    expect(notional(BTCUSDT, p.qty, 648_406n)).toBeGreaterThan(BTCUSDT.brackets[0]!.cap);
    // Bracket 2: (2,480 + 50 + 49,600) / (0.8 × 1.005) = 64,838.31…; the short's edge is the tick above.
    expect(formulaPrice(BTCUSDT, p, backing)).toBe(648_383n);
    expect(liquidationPrice(BTCUSDT, p, backing)).toBe(648_384n);
    expectEdge(BTCUSDT, p, backing, 648_384n);
  });

  it('USDⓈ-M, isolated long 1 BTC at 60,000 with 12,000 USDT: entry in bracket 2, the result in bracket 1 → 48,192.7', () => {
    const p = open(BTCUSDT, 1_000n, 600_000n);
    const backing = 12_000n * ONE;
    // Bracket 2 gives (60,000 − 12,000 − 50) / 0.995 = 48,190.95, under 50,000 USDT: bracket 1 gives 48,192.77.
    expect(bracketFormula(BTCUSDT, p, backing, BTCUSDT.brackets[1]!)).toBe(481_910n);
    expect(liquidationPrice(BTCUSDT, p, backing)).toBe(481_927n);
    expectEdge(BTCUSDT, p, backing, 481_927n);
  });

  it('USDⓈ-M, cross: BTCUSDT long beside an ETHUSDT short, with TMM1 and UPNL1 from the short at its mark', () => {
    const btc = open(BTCUSDT, 1_000n, 600_000n);
    const eth = open(ETHUSDT, -10_000n, 300_000n);
    const wallet = 10_000n * ONE;
    const holdings: Holding[] = [
      { contract: BTCUSDT, position: btc, mark: 600_000n, leverage: 20n },
      { contract: ETHUSDT, position: eth, mark: 310_000n, leverage: 20n },
    ];
    // ETH at 3,100: UPNL1 = −1,000, TMM1 = 31,000 × 0.4% = 124, so WB − TMM1 + UPNL1 = 8,876 and
    // LP = (8,876 + 50 − 60,000) / (0.5% − 1) = 51,330.65 (bracket 2).
    expect(unrealisedPnl(ETHUSDT, eth, 310_000n)).toBe(-1_000n * ONE);
    expect(positionMaintenance(ETHUSDT, eth, 310_000n)).toBe(124n * ONE);
    const [btcLp, ethLp] = crossLiquidationPrices(wallet, holdings);
    expect(btcLp).toBe(513_306n);
    expectEdge(BTCUSDT, btc, 8_876n * ONE, 513_306n);
    // The whole account, by the definition: liquidatable with BTC at the price, not a tick above.
    expect(accountRisk(wallet, [{ ...holdings[0]!, mark: 513_306n }, holdings[1]!]).liquidatable).toBe(true);
    expect(accountRisk(wallet, [{ ...holdings[0]!, mark: 513_307n }, holdings[1]!]).liquidatable).toBe(false);
    // And the short's price with the long at 60,000 (UPNL1 = 0, TMM1 = 60,000 × 0.5% − 50 = 250).
    expect(ethLp).toBe(liquidationPrice(ETHUSDT, eth, wallet - 250n * ONE));
    expect(accountRisk(wallet, [holdings[0]!, { ...holdings[1]!, mark: ethLp! }]).liquidatable).toBe(true);
    expect(accountRisk(wallet, [holdings[0]!, { ...holdings[1]!, mark: ethLp! - 1n }]).liquidatable).toBe(false);
  });

  it('COIN-M, isolated short: liquidated when backed by less than its value, never when backed by all of it', () => {
    const p = open(BTCUSD, -100n, 500_000n); // 0.2 BTC
    expect(liquidationPrice(BTCUSD, p, p.cost)).toBeNull();
    // 2x: 10,000 × (1 − 0.4%) / (0.1 + 0 − 0.2) → 99,600.0.
    const lp = liquidationPrice(BTCUSD, p, p.cost / 2n)!;
    expect(lp).toBe(996_000n);
    expectEdge(BTCUSD, p, p.cost / 2n, lp);
  });

  it('USDⓈ-M: a long backed beyond its size has no liquidation price', () => {
    const p = open(BTCUSDT, 1n, 600_000n); // 60 USDT
    expect(liquidationPrice(BTCUSDT, p, 1_000n * ONE)).toBeNull();
    expect(liquidationPrice(BTCUSDT, FLAT, 0n)).toBeNull();
  });
});

describe('bankruptcy price', () => {
  it('is where the margin is used up, rounded so that filling there leaves nothing owed', () => {
    expect(bankruptcyPrice(BTCUSDT, open(BTCUSDT, 1_000n, 600_000n), 600n * ONE)).toBe(594_000n);
    expect(bankruptcyPrice(BTCUSDT, open(BTCUSDT, -800n, 620_000n), 2_480n * ONE)).toBe(651_000n);
    // COIN-M: 101 + 222.22222222 − 10,000,000 / P ≥ 0 from P = 30,938.46…: the first tick is 30,938.5.
    const p = open(BTCUSD, 100_000n, 450_000n);
    const bp = bankruptcyPrice(BTCUSD, p, 101n * ONE)!;
    expect(bp).toBe(309_385n);
    expect(101n * ONE + unrealisedPnl(BTCUSD, p, bp)).toBeGreaterThanOrEqual(0n);
    expect(101n * ONE + unrealisedPnl(BTCUSD, p, bp - 1n)).toBeLessThan(0n);
  });

  it('with a fee rate, leaves the fee of closing there paid too (a voluntary close’s bound)', () => {
    // Long 0.5 at 60,000 on 3,000: 3,000 + 0.5 × (P − 60,000) − 0.05% × 0.5 × P ≥ 0 from P = 27,000 / 0.49975 =
    // 54,027.01…
    expect(bankruptcyPrice(BTCUSDT, open(BTCUSDT, 500n, 600_000n), 3_000n * ONE, 5n)).toBe(540_271n);
    // Short 0.8 at 62,000 on 2,480: 2,480 + 0.8 × (62,000 − P) − 0.0004 × P ≥ 0 up to P = 52,080 / 0.8004 = 65,067.46…
    expect(bankruptcyPrice(BTCUSDT, open(BTCUSDT, -800n, 620_000n), 2_480n * ONE, 5n)).toBe(650_674n);
  });
});

describe('liquidation price, by the definition', () => {
  const contract = fc.constantFrom(...Object.values(CONTRACTS));
  const scenario = contract.chain((c) =>
    fc.record({
      c: fc.constant(c),
      long: fc.boolean(),
      // Linear: up to 300 BTC; inverse: up to 5,000,000 contracts.
      qty: c.kind === 'linear' ? fc.bigInt(1n, 300_000n) : fc.bigInt(1n, 5_000_000n),
      entry: fc.bigInt(10n ** BigInt(c.priceScale), 200_000n * 10n ** BigInt(c.priceScale)),
      // Leverage 1–125 of the entry notional, plus or minus what other cross positions add.
      leverage: fc.bigInt(1n, 125n),
      other: fc.bigInt(-(10n ** 12n), 10n ** 12n),
    }),
  );

  it('puts margin ratio at 100% on the liquidation price, and below it one tick on the safe side', () => {
    fc.assert(
      fc.property(scenario, ({ c, long, qty, entry, leverage, other }) => {
        const p = open(c, long ? qty : -qty, entry);
        const backing = notional(c, p.qty, entry) / leverage + other;
        const lp = liquidationPrice(c, p, backing);
        if (lp === null) {
          // Never liquidated: not even at the far end of prices that way.
          expect(liquidatableAt(c, p, backing, long ? 1n : 10n ** 15n)).toBe(false);
          return;
        }
        // Liquidatable at every price up to the far end: a position already under water.
        if (lp === PRICE_MAX) {
          expect(liquidatableAt(c, p, backing, entry)).toBe(true);
          return;
        }
        const safe = long ? lp + 1n : lp - 1n;
        expect(headroomAt(c, p, backing, lp)).toBeLessThanOrEqual(0n);
        if (safe >= 1n) expect(headroomAt(c, p, backing, safe)).toBeGreaterThan(0n);
      }),
      runs(400),
    );
  });
});
