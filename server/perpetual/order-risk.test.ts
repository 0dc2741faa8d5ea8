import { describe, expect, it } from 'vitest';
import { CONTRACTS } from './contracts.ts';
import { checkOrder, heldFeeBps, maxOrderQty, type OrderContext } from './order-risk.ts';
import { applyFill, FLAT } from './position-math.ts';

const BTCUSDT = CONTRACTS.btcusdt_perp!;
const BTCUSD = CONTRACTS.btcusd_perp!;
const USDT = 10n ** 8n;
const BTC = 10n ** 8n;

const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({
  contract: BTCUSDT,
  leverage: 20n,
  position: FLAT,
  pending: 0n,
  mark: 600_000n,
  available: 10_000n * USDT,
  feeBps: 0n,
  ...over,
});
const long1 = applyFill(BTCUSDT, FLAT, 1_000n, 600_000n).position;

describe('order risk check', () => {
  it('asks initial margin at the order price, plus the open loss of an order priced worse than the mark', () => {
    expect(checkOrder(ctx(), { qty: 1_000n, price: 600_000n })).toEqual({
      ok: true,
      margin: 3_000n * USDT,
      opening: 1_000n,
    });
    expect(checkOrder(ctx(), { qty: 1_000n, price: 601_000n })).toEqual({
      ok: true,
      margin: (3_005n + 100n) * USDT,
      opening: 1_000n,
    });
    expect(checkOrder(ctx(), { qty: -1_000n, price: 599_000n })).toEqual({
      ok: true,
      margin: (2_995n + 100n) * USDT,
      opening: 1_000n,
    });
    expect(checkOrder(ctx(), { qty: 1_000n, price: 590_000n })).toEqual({
      ok: true,
      margin: 2_950n * USDT,
      opening: 1_000n,
    });
    // COIN-M: 100 contracts at 50,000 are 0.2 BTC; at 10x 0.02 BTC.
    expect(
      checkOrder(ctx({ contract: BTCUSD, leverage: 10n, mark: 500_000n, available: BTC }), {
        qty: 100n,
        price: 500_000n,
      }),
    ).toEqual({ ok: true, margin: BTC / 50n, opening: 100n });
  });

  it('refuses a leverage outside 1…max and an empty order', () => {
    expect(checkOrder(ctx({ leverage: 126n }), { qty: 1n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'leverageOutOfRange',
    });
    expect(checkOrder(ctx({ leverage: 0n }), { qty: 1n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'leverageOutOfRange',
    });
    expect(checkOrder(ctx(), { qty: 0n, price: 600_000n })).toEqual({ ok: false, reason: 'badQuantity' });
    expect(checkOrder(ctx(), { qty: 1n, price: 0n })).toEqual({ ok: false, reason: 'badQuantity' });
  });

  it("refuses a position beyond the leverage's brackets, counting resting orders", () => {
    // 125x allows 50,000 USDT: 1 BTC at 60,000 is over.
    expect(checkOrder(ctx({ leverage: 125n }), { qty: 1_000n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'sizeOverBracket',
    });
    expect(checkOrder(ctx({ leverage: 125n }), { qty: 833n, price: 600_000n }).ok).toBe(true);
    // 100x allows 600,000: 9 BTC resting plus 1.001 is over; plus 1 is not.
    const big = ctx({ leverage: 100n, pending: 9_000n, available: 10n ** 6n * USDT });
    expect(checkOrder(big, { qty: 1_001n, price: 600_000n })).toEqual({ ok: false, reason: 'sizeOverBracket' });
    expect(checkOrder(big, { qty: 1_000n, price: 600_000n }).ok).toBe(true);
    // The mark above the order price values the position higher.
    expect(checkOrder(ctx({ leverage: 125n, mark: 601_000n }), { qty: 831n, price: 600_000n }).ok).toBe(true);
    expect(checkOrder(ctx({ leverage: 125n, mark: 602_000n }), { qty: 831n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'sizeOverBracket',
    });
  });

  it('refuses an order the available margin does not cover', () => {
    expect(checkOrder(ctx({ available: 2_999n * USDT }), { qty: 1_000n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'insufficientMargin',
    });
  });

  it('holds the taker fee of an isolated order’s opening part, so its fills can pay it', () => {
    const isolated = ctx({ feeBps: heldFeeBps(BTCUSDT, 'isolated') });
    expect(heldFeeBps(BTCUSDT, 'cross')).toBe(0n);
    // 1 BTC at 60,000 and 20×: 3,000 of margin and 0.05% of 60,000 = 30 of fee.
    expect(checkOrder(isolated, { qty: 1_000n, price: 600_000n })).toEqual({
      ok: true,
      margin: 3_030n * USDT,
      opening: 1_000n,
    });
    // Reversing a 1 BTC long with 1.5 BTC opens 0.5: the fee held is that part's, 0.05% of 30,000.
    expect(checkOrder({ ...isolated, position: long1 }, { qty: -1_500n, price: 600_000n })).toEqual({
      ok: true,
      margin: 1_515n * USDT,
      opening: 500n,
    });
    expect(checkOrder({ ...isolated, available: 3_029n * USDT }, { qty: 1_000n, price: 600_000n })).toEqual({
      ok: false,
      reason: 'insufficientMargin',
    });
  });

  it('lets closing orders through free and charges a reversal only for its new side', () => {
    const held = ctx({ position: long1, available: 0n });
    expect(checkOrder(held, { qty: -1_000n, price: 600_000n, reduceOnly: true })).toEqual({
      ok: true,
      margin: 0n,
      opening: 0n,
    });
    expect(checkOrder(held, { qty: -400n, price: 600_000n })).toEqual({ ok: true, margin: 0n, opening: 0n });
    expect(checkOrder(held, { qty: -1_500n, price: 600_000n })).toEqual({ ok: false, reason: 'insufficientMargin' });
    expect(checkOrder(ctx({ position: long1 }), { qty: -1_500n, price: 600_000n })).toEqual({
      ok: true,
      margin: 1_500n * USDT,
      opening: 500n,
    });
    expect(checkOrder(ctx({ position: long1 }), { qty: -1_500n, price: 600_000n, reduceOnly: true })).toEqual({
      ok: false,
      reason: 'reduceOnlyWouldIncrease',
    });
    expect(checkOrder(ctx({ position: long1 }), { qty: 1n, price: 600_000n, reduceOnly: true })).toEqual({
      ok: false,
      reason: 'reduceOnlyWouldIncrease',
    });
    expect(checkOrder(ctx(), { qty: 1n, price: 600_000n, reduceOnly: true })).toEqual({
      ok: false,
      reason: 'reduceOnlyWouldIncrease',
    });
  });

  it('finds the largest order the check allows', () => {
    expect(maxOrderQty(ctx({ available: 3_000n * USDT }), 1n, 600_000n)).toBe(1_000n);
    expect(maxOrderQty(ctx({ available: 3_000n * USDT, position: long1 }), -1n, 600_000n)).toBe(2_000n);
    expect(maxOrderQty(ctx({ leverage: 125n, available: 10n ** 6n * USDT }), 1n, 600_000n)).toBe(833n);
    expect(maxOrderQty(ctx({ available: 0n }), 1n, 600_000n)).toBe(0n);
    // COIN-M at 10x with 0.02 BTC: 100 contracts at 50,000.
    expect(
      maxOrderQty(ctx({ contract: BTCUSD, leverage: 10n, mark: 500_000n, available: BTC / 50n }), 1n, 500_000n),
    ).toBe(100n);
  });
});
