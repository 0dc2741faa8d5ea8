import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from './contracts.ts';
import {
  applyFill,
  entryPrice,
  fillValue,
  FLAT,
  initialMargin,
  isLiquidatable,
  marginRatio,
  notional,
  positionMaintenance,
  unrealisedPnl,
  type Position,
} from './position-math.ts';

const BTCUSDT = CONTRACTS.btcusdt_perp!;
const BTCUSD = CONTRACTS.btcusd_perp!;
const USDT = 10n ** 8n;
const BTC = 10n ** 8n;

/** Fills in order from flat. */
const fills = (c = BTCUSDT, ...list: [bigint, bigint][]) => {
  let p: Position = FLAT;
  let realised = 0n;
  for (const [q, price] of list) {
    const r = applyFill(c, p, q, price);
    p = r.position;
    realised += r.realised;
  }
  return { p, realised };
};

describe('linear (USDⓈ-M) positions', () => {
  it('values a position at size × price, exactly, and its PnL as size × (mark − entry)', () => {
    // 0.5 BTC at 60,000.0: qty 500 (0.001 BTC lots), price 600,000 (0.1 ticks).
    const { p } = fills(BTCUSDT, [500n, 600_000n]);
    expect(p).toEqual({ qty: 500n, cost: 30_000n * USDT });
    expect(notional(BTCUSDT, p.qty, 610_000n)).toBe(30_500n * USDT);
    expect(unrealisedPnl(BTCUSDT, p, 610_000n)).toBe(500n * USDT);
    expect(unrealisedPnl(BTCUSDT, { qty: -500n, cost: p.cost }, 610_000n)).toBe(-500n * USDT);
    expect(entryPrice(BTCUSDT, p)).toBe(600_000n);
    // 20x: 1,500 USDT initial margin; maintenance 30,500 × 0.4% = 122 USDT at the mark.
    expect(initialMargin(BTCUSDT, p.qty, 600_000n, 20n)).toBe(1_500n * USDT);
    expect(positionMaintenance(BTCUSDT, p, 610_000n)).toBe(122n * USDT);
  });

  it('averages the entry by notional on increase', () => {
    // 0.001 BTC at 100.0 and 0.003 BTC at 200.0: (100 + 600) / 4 = 175.0.
    const { p } = fills(BTCUSDT, [1n, 1_000n], [3n, 2_000n]);
    expect(entryPrice(BTCUSDT, p)).toBe(1_750n);
  });

  it('realises size × (exit − entry) on reduce and keeps the rest at its entry', () => {
    const { p, realised } = fills(BTCUSDT, [3n, 1_000n], [-1n, 1_300n]);
    // 0.001 BTC closed 30.0 above entry: 0.03 USDT.
    expect(realised).toBe(3_000_000n);
    expect(p).toEqual({ qty: 2n, cost: fillValue(BTCUSDT, 2n, 1_000n) });
    const short = fills(BTCUSDT, [-3n, 1_000n], [1n, 1_300n]);
    expect(short.realised).toBe(-3_000_000n);
  });

  it('closes and opens the other side in one fill, paying for the new side with the rest of the fill', () => {
    const r = applyFill(BTCUSDT, { qty: 2n, cost: fillValue(BTCUSDT, 2n, 1_000n) }, -5n, 1_100n);
    expect(r).toMatchObject({ closed: 2n, opened: 3n, realised: 2n * 100n * 10n ** 4n });
    expect(r.position).toEqual({ qty: -3n, cost: fillValue(BTCUSDT, 3n, 1_100n) });
    expect(applyFill(BTCUSDT, { qty: 2n, cost: 1n }, -2n, 1_100n).position).toEqual(FLAT);
  });

  it('takes a partial close’s share of the cost against the holder, and the last close takes exactly the rest', () => {
    // Cost 1,800,001 × 10⁴ for 3 lots does not divide by 3: a long closing one lot books 1 unit less profit.
    const { p } = fills(BTCUSDT, [1n, 600_001n], [2n, 600_000n]);
    expect(p.cost % 3n).not.toBe(0n);
    const first = applyFill(BTCUSDT, p, -1n, 600_000n);
    expect(first.realised).toBe(fillValue(BTCUSDT, 1n, 600_000n) - (p.cost / 3n + 1n));
    const second = applyFill(BTCUSDT, first.position, -2n, 600_000n);
    expect(first.realised + second.realised).toBe(fillValue(BTCUSDT, 3n, 600_000n) - p.cost);
  });
});

describe('inverse (COIN-M) positions', () => {
  it('values contracts × size / price in the coin and its PnL as contracts × size × (1/entry − 1/mark)', () => {
    // 100 BTCUSD contracts (10,000 USD) at 50,000.0: 0.2 BTC.
    const { p } = fills(BTCUSD, [100n, 500_000n]);
    expect(p).toEqual({ qty: 100n, cost: BTC / 5n });
    // At 40,000: 10,000 × (1/50,000 − 1/40,000) = −0.05 BTC; the short gains it.
    expect(unrealisedPnl(BTCUSD, p, 400_000n)).toBe(-BTC / 20n);
    expect(unrealisedPnl(BTCUSD, { qty: -100n, cost: p.cost }, 400_000n)).toBe(BTC / 20n);
    // At 30,000 the value 0.333333333… BTC does not divide: both sides' PnL round down.
    expect(unrealisedPnl(BTCUSD, p, 300_000n)).toBe(20_000_000n - 33_333_334n);
    expect(unrealisedPnl(BTCUSD, { qty: -100n, cost: p.cost }, 300_000n)).toBe(33_333_333n - 20_000_000n);
    expect(notional(BTCUSD, 100n, 300_000n)).toBe(33_333_334n);
    expect(entryPrice(BTCUSD, p)).toBe(500_000n);
  });

  it('averages the entry harmonically on increase', () => {
    // 100 contracts at 40,000 and 100 at 60,000: 2 / (1/40,000 + 1/60,000) = 48,000.
    const { p } = fills(BTCUSD, [100n, 400_000n], [100n, 600_000n]);
    expect(entryPrice(BTCUSD, p)).toBe(480_000n);
  });

  it('realises contracts × size × (1/entry − 1/exit) in the coin', () => {
    // Long 100 at 50,000 closed at 40,000: 10,000 × (1/50,000 − 1/40,000) = −0.05 BTC.
    expect(fills(BTCUSD, [100n, 500_000n], [-100n, 400_000n]).realised).toBe(-BTC / 20n);
    expect(fills(BTCUSD, [-100n, 500_000n], [100n, 400_000n]).realised).toBe(BTC / 20n);
  });
});

describe('margin ratio', () => {
  it('is maintenance / margin balance, rounded up, with liquidation at 100%', () => {
    expect(marginRatio(50n, 200n)).toBe(25_000_000n);
    expect(marginRatio(1n, 3n)).toBe(33_333_334n);
    expect(marginRatio(5n, 0n)).toBeNull();
    expect([isLiquidatable(100n, 100n), isLiquidatable(101n, 100n), isLiquidatable(-1n, 0n)]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('PnL is zero-sum across users', () => {
  const trade = fc.record({
    buyer: fc.nat(4),
    seller: fc.nat(4),
    qty: fc.bigInt(1n, 500n),
    price: fc.bigInt(1n, 2_000_000n),
  });
  for (const c of [BTCUSDT, BTCUSD]) {
    it(`${c.symbol}: every trade moves as much PnL to one side as from the other`, () => {
      fc.assert(
        fc.property(fc.array(trade, { minLength: 1, maxLength: 80 }), (trades) => {
          const pos: Position[] = Array.from({ length: 5 }, () => FLAT);
          let realised = 0n;
          for (const t of trades) {
            if (t.buyer === t.seller) continue;
            for (const [who, q] of [
              [t.buyer, t.qty],
              [t.seller, -t.qty],
            ] as const) {
              const r = applyFill(c, pos[who]!, q, t.price);
              pos[who] = r.position;
              realised += r.realised;
            }
          }
          // Σ realised = Σ side × remaining cost (linear), − that (inverse): 0 once every position is closed.
          const open = pos.reduce((s, p) => s + (p.qty > 0n ? p.cost : p.qty < 0n ? -p.cost : 0n), 0n);
          expect(realised).toBe(c.kind === 'linear' ? open : -open);
          expect(pos.reduce((s, p) => s + p.qty, 0n)).toBe(0n);
        }),
      );
    });
  }
});
