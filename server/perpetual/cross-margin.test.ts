import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from './contracts.ts';
import { accountRisk, crossAvailable, crossLiquidationPrices, crossTriggers, type Holding } from './cross-margin.ts';
import { liquidationPrice } from './liquidation-price.ts';
import { applyFill, FLAT } from './position-math.ts';
import { runs } from '../../tests/support/property.ts';

const BTCUSDT = CONTRACTS.btcusdt_perp!;
const ETHUSDT = CONTRACTS.ethusdt_perp!;
const USDT = 10n ** 8n;

const holding = (contract = BTCUSDT, qty: bigint, entry: bigint, mark = entry, leverage = 10n): Holding => ({
  contract,
  position: applyFill(contract, FLAT, qty, entry).position,
  mark,
  leverage,
});

describe('cross-margin account', () => {
  it('adds up margin balance and maintenance over its positions', () => {
    // Long 1 BTC at 60,000 marked 59,000 (−1,000; MM 59,000 × 0.5% − 50 = 245); short 10 ETH at 3,000 marked
    // 2,900 (+1,000; MM 29,000 × 0.4% = 116).
    const hs = [holding(BTCUSDT, 1_000n, 600_000n, 590_000n), holding(ETHUSDT, -10_000n, 300_000n, 290_000n)];
    expect(accountRisk(5_000n * USDT, hs)).toEqual({
      equity: 5_000n * USDT,
      maintenance: 361n * USDT,
      ratio: 7_220_000n,
      liquidatable: false,
    });
    expect(accountRisk(361n * USDT, hs).liquidatable).toBe(true);
    expect(accountRisk(362n * USDT, hs).liquidatable).toBe(false);
    expect(accountRisk(0n, []).liquidatable).toBe(false);
    // Available: 5,000 + 0 − (5,900 + 2,900) at 10x − 100 held by orders: nothing (negative).
    expect(crossAvailable(5_000n * USDT, hs, 100n * USDT)).toBe((5_000n - 5_900n - 2_900n - 100n) * USDT);
    expect(crossAvailable(20_000n * USDT, hs, 0n)).toBe((20_000n - 8_800n) * USDT);
  });

  it('gives a single position its liquidation price as trigger', () => {
    const h = holding(BTCUSDT, 1_000n, 600_000n, 590_000n);
    const lp = liquidationPrice(BTCUSDT, h.position, 3_000n * USDT);
    expect(crossLiquidationPrices(3_000n * USDT, [h])).toEqual([lp]);
    expect(crossTriggers(3_000n * USDT, [h])).toEqual([lp]);
    expect(crossTriggers(3_000n * USDT, [])).toEqual([]);
  });

  it('reaches a trigger at once when the account is already liquidatable', () => {
    const hs = [holding(BTCUSDT, 1_000n, 600_000n, 590_000n), holding(ETHUSDT, -10_000n, 300_000n, 310_000n)];
    expect(accountRisk(1_000n * USDT, hs).liquidatable).toBe(true);
    const [btc, eth] = crossTriggers(1_000n * USDT, hs);
    expect(btc!).toBeGreaterThanOrEqual(590_000n);
    expect(eth!).toBeLessThanOrEqual(310_000n);
  });

  it('triggers are safe: marks that reach no trigger never leave the account liquidatable', () => {
    const move = fc.bigInt(-400n, 400n); // per mille of the mark
    fc.assert(
      fc.property(
        fc.bigInt(1n, 5_000n),
        fc.boolean(),
        fc.bigInt(1n, 50_000n),
        fc.boolean(),
        fc.bigInt(200n, 20_000n),
        move,
        move,
        (btcQty, btcLong, ethQty, ethLong, wallet, dBtc, dEth) => {
          const hs = [
            holding(BTCUSDT, btcLong ? btcQty : -btcQty, 600_000n),
            holding(ETHUSDT, ethLong ? ethQty : -ethQty, 300_000n),
          ];
          const walletUnits = wallet * USDT;
          if (accountRisk(walletUnits, hs).liquidatable) return;
          const triggers = crossTriggers(walletUnits, hs);
          const marks = [600_000n + (600_000n * dBtc) / 1_000n, 300_000n + (300_000n * dEth) / 1_000n];
          const reached = hs.some((h, i) => {
            const t = triggers[i];
            if (t === null || t === undefined) return false;
            return h.position.qty > 0n ? marks[i]! <= t : marks[i]! >= t;
          });
          const moved = hs.map((h, i) => ({ ...h, mark: marks[i]! }));
          if (!reached) expect(accountRisk(walletUnits, moved).liquidatable).toBe(false);
        },
      ),
      runs(500),
    );
  });
});
