import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { credit, insertTestUser, stopTrading, tradingOn } from '../../tests/support/trading.ts';
import { ManualClock } from '../clock/clock.ts';
import { postFunds } from '../core/funds.ts';
import { seedMarkets } from '../spot/seed.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { auditLedger, balanceOf } from '../ledger/ledger.ts';
import type { Trading } from '../trading.ts';
import { liquidationPrice } from './liquidation-price.ts';
import type { PerpBook } from './perp-book.ts';
import { placePerpOrder, type PlacePerp } from './perp-orders.ts';
import { setLeverage } from './perp-positions.ts';
import { fundingRun, markTick } from './perp-ticks.ts';

/**
 * What fills cost and pay, on the trading core with its tables: amounts are worked out here from the contract's
 * published rules (BTCUSDT: tick 0.1, lot 0.001, maker 0.02%, taker 0.05%, first bracket 0.4% maintenance), not
 * read back from the code under test. Every test ends with the ledger audit and the insurance fund untouched.
 */
const T0 = Date.UTC(2026, 2, 1);
const EIGHT_HOURS = 8 * 3_600_000;
const SYMBOL = 'btcusdt_perp';
/** 10⁻⁸ of USDT, the ledger's unit. */
const U = 100_000_000n;
/** USDT amounts as decimal strings, so each expectation reads as the sum it is. */
const usdt = (text: string) => {
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const v = BigInt(whole!) * U + BigInt(frac.padEnd(8, '0'));
  return text.startsWith('-') ? -v : v;
};
/** A price at the contract's tick of 0.1. */
const px = (text: string) => BigInt(Math.round(Number(text) * 10));
/** A quantity at the lot of 0.001. */
const qty = (text: string) => BigInt(Math.round(Number(text) * 1000));
const WALLET = usdt('10000');
const FUND = usdt('1000000');

describe.each(FEATURE_DIALECTS)('perpetual fills and their money, on %s', (_name, open) => {
  let t: TestDatabase;
  let trading: Trading;
  let clock: ManualClock;
  const users: Record<string, number> = {};
  const core = () => trading.core;
  const book = () => core().part<PerpBook>('perpetual');

  beforeEach(async () => {
    t = await open();
    clock = new ManualClock(T0);
    await seedMarkets(t.db);
    trading = await tradingOn(t.db, { clock });
    for (const [i, name] of ['alice', 'bob', 'carol', 'maker'].entries()) {
      users[name] = await insertTestUser(t.db, `5600000${i}`, `money_${name}`);
      await credit(core(), users[name]!, 'USDT', WALLET);
      await core().submit(postFunds, {
        lines: [
          { owner: users[name]!, type: ACCOUNT.spot, asset: 'USDT', available: -WALLET },
          { owner: users[name]!, type: ACCOUNT.contract, asset: 'USDT', available: WALLET },
        ],
        meta: { billType: 'transfer', refType: 'test', refId: i },
      });
    }
    await core().submit(postFunds, {
      lines: [
        { owner: null, type: ACCOUNT.external, asset: 'USDT', available: -FUND },
        { owner: null, type: ACCOUNT.insuranceFund, asset: 'USDT', available: FUND },
      ],
      meta: { billType: 'insurance_funding', refType: 'test', refId: 0 },
    });
  });
  afterEach(async () => {
    // Whatever a test did, the books balance and no voluntary trade touched the insurance fund.
    await core().settled();
    expect(await auditLedger(t.db)).toEqual([]);
    expect((await balanceOf(t.db, null, ACCOUNT.insuranceFund, 'USDT')).available).toBe(FUND);
    let realised = 0n;
    for (const p of book().positionsById.values()) realised += p.realised;
    expect((await balanceOf(t.db, null, ACCOUNT.perpClearing, 'USDT')).available).toBe(-realised);
    await stopTrading(trading);
    await t.drop();
  });

  const mark = (price: string) =>
    core().submit(markTick, { symbol: SYMBOL, index: px(price), mark: px(price), basisEma: 0n, premium: null });
  const mode = (user: string, leverage: number, m: 'cross' | 'isolated') =>
    core().submit(setLeverage, { userId: users[user]!, symbol: SYMBOL, leverage, mode: m });
  const order = (
    user: string,
    side: 'buy' | 'sell',
    kind: 'limit' | 'market',
    price: string,
    quantity: string,
    extra: Partial<PlacePerp> = {},
  ) =>
    core().submit(placePerpOrder, {
      symbol: SYMBOL,
      userId: users[user]!,
      side,
      kind,
      tif: 'GTC',
      price: kind === 'market' ? 0n : px(price),
      quantity: qty(quantity),
      reduceOnly: false,
      closePosition: false,
      source: 'user',
      ...extra,
    });
  const contract = async (user: string) => {
    await core().settled();
    return balanceOf(t.db, users[user]!, ACCOUNT.contract, 'USDT');
  };
  const fees = async () => {
    await core().settled();
    return (
      (await balanceOf(t.db, null, ACCOUNT.feeIncome, 'USDT')).available +
      (await balanceOf(t.db, null, ACCOUNT.safetyFund, 'USDT')).available
    );
  };
  /**
   * What a user's bills of one type took from or gave to the account (a hold or its release moves nothing), in order.
   */
  const bills = async (user: string, billType: string) => {
    await core().settled();
    const rows = await t.db.all<{ d: bigint }>(
      'SELECT delta_available + delta_frozen AS d FROM ledger_entries WHERE owner_id = ? AND bill_type = ? ORDER BY id',
      [users[user]!, billType],
    );
    return rows.map((r) => BigInt(r.d)).filter((d) => d !== 0n);
  };
  const position = (user: string) => book().position(users[user]!, SYMBOL)!;

  describe('isolated positions pay the fee on the fills that open them (issue 26, item 1)', () => {
    // 0.1 BTC at 60,000 is worth 6,000: 600 of margin at 10×, a taker fee of 3.00, a maker fee of 1.20.
    it.each([
      ['a limit buy', 'taker', usdt('3')],
      ['a market buy', 'taker', usdt('3')],
      ['a resting bid', 'maker', usdt('1.2')],
    ] as const)('%s pays its fee from the trader’s balance', async (how, role, fee) => {
      await mark('60000');
      await mode('alice', 10, 'isolated');
      await mode('bob', 10, 'cross');
      if (role === 'taker') {
        await order('bob', 'sell', 'limit', '60000', '0.1');
        await order('alice', 'buy', how === 'a market buy' ? 'market' : 'limit', '60000', '0.1');
      } else {
        await order('alice', 'buy', 'limit', '60000', '0.1');
        await order('bob', 'sell', 'market', '0', '0.1');
      }
      expect(position('alice')).toMatchObject({ qty: qty('0.1'), isoMargin: usdt('600') });
      expect(await contract('alice')).toEqual({ available: WALLET - usdt('600') - fee, frozen: usdt('600') });
      expect(await bills('alice', 'perp_fee')).toEqual([-fee]);
      // Both sides' fees reached fee income and the safety fund: 3.00 + 1.20.
      expect(await fees()).toBe(usdt('4.2'));
    });

    it('refuses an isolated order whose margin and fee the balance cannot hold', async () => {
      await mark('60000');
      await mode('alice', 10, 'isolated');
      // 10,000 buys 1.666 BTC of margin at 10× but not its fee as well: 1.666 × 6,000 + 0.05% of 99,960 = 10,045.98.
      await expect(order('alice', 'buy', 'limit', '60000', '1.666')).rejects.toMatchObject({
        errorName: 'perpInsufficientMargin',
      });
      expect(await contract('alice')).toEqual({ available: WALLET, frozen: 0n });
    });
  });

  describe('after a fill an isolated position keeps the margin its leverage says of the fill price (item 3)', () => {
    it.each(['market', 'limit'] as const)('a 10× %s buy of 0.01 BTC filled at 54,100 keeps 54.10', async (kind) => {
      await mark('54100');
      await mode('alice', 10, 'isolated');
      await order('bob', 'sell', 'limit', '54100', '0.01');
      // A market buy may fill up to the band's edge, 56,805: its hold was priced there, and the rest goes back.
      await order('alice', 'buy', kind, '54100', '0.01');
      const p = position('alice');
      // 0.01 × 54,100 = 541: 54.10 of margin at 10×, 0.2705 of taker fee.
      expect(p).toMatchObject({ qty: qty('0.01'), isoMargin: usdt('54.1') });
      expect(await contract('alice')).toEqual({
        available: WALLET - usdt('54.1') - usdt('0.2705'),
        frozen: usdt('54.1'),
      });
      // Liquidated where 54.10 + 0.01 × (P − 54,100) = 0.4% × 0.01 × P: P = 486.9 / 0.00996 = 48,885.54…, the tick at
      // or below it.
      expect(liquidationPrice(book().contract(SYMBOL), p, p.isoMargin)).toBe(px('48885.5'));
    });
  });

  describe('a voluntary close never loses more than what backs it (item 9)', () => {
    /**
     * Alice is long 0.290 BTC at 96,493.1, isolated at 100×: 27,982.999 of notional, 279.82999 of margin. A close
     * pays its loss and a taker fee of 0.05% from that margin, so it may sell no lower than the X where
     * 279.82999 + 0.29 × (X − 96,493.1) − 0.0005 × 0.29 × X = 0: X = 27,703.16901 / 0.289855 = 95,575.96…, the
     * tick above it, 95,576.0. Bob's bid 4.8% under the mark, at 91,861.4, would have lost her 1,343.19.
     */
    const open100x = async (m: 'cross' | 'isolated') => {
      await mark('96493.1');
      await mode('alice', 100, m);
      await order('maker', 'sell', 'limit', '96493.1', '0.29');
      await order('alice', 'buy', 'market', '0', '0.29');
      expect(position('alice')).toMatchObject({
        qty: qty('0.29'),
        isoMargin: m === 'isolated' ? usdt('279.82999') : 0n,
      });
    };

    it('a market close into one’s own bid far under the mark fills nothing past the bound', async () => {
      await open100x('isolated');
      await order('bob', 'buy', 'limit', '91861.4', '0.29');
      // The makers' bids above Bob's are taken by Carol, so Bob's is the best left.
      await order('maker', 'buy', 'limit', '96400', '0.1');
      await order('maker', 'buy', 'limit', '96000', '0.1');
      await order('carol', 'sell', 'market', '0', '0.2');
      const before = await contract('alice');
      const close = await order('alice', 'sell', 'market', '0', '0', { closePosition: true });
      expect(close.order).toMatchObject({ price: px('95576'), filledQty: 0n, status: 'cancelled' });
      expect(position('alice')).toMatchObject({ qty: qty('0.29'), isoMargin: usdt('279.82999') });
      expect(book().position(users.bob!, SYMBOL)?.qty ?? 0n).toBe(0n);
      expect(await contract('alice')).toEqual(before);
    });

    it('refuses a limit close beyond the bound and takes one at it', async () => {
      await open100x('isolated');
      await expect(order('alice', 'sell', 'limit', '91861.4', '0.29')).rejects.toMatchObject({
        errorName: 'perpCloseBeyondBankruptcy',
        params: { price: '95576.0' },
      });
      await expect(order('alice', 'sell', 'limit', '95575.9', '0.1', { reduceOnly: true })).rejects.toMatchObject({
        errorName: 'perpCloseBeyondBankruptcy',
      });
      expect((await order('alice', 'sell', 'limit', '95576', '0.29')).order).toMatchObject({ status: 'open' });
    });

    it('cancels a resting close whose bound moved past it before anyone can meet it', async () => {
      // Cross at 100×: the close is backed by the account's balance, 10,000 less the 13.99149950 taker fee.
      await open100x('cross');
      const ask = await order('alice', 'sell', 'limit', '91861.4', '0.29');
      expect(ask.order).toMatchObject({ status: 'open' });
      // She then moves out all the positions' reserve allows (their initial margin of 279.82999 at the mark): the
      // 1,343.19 the resting ask would lose is no longer there.
      const out = WALLET - usdt('13.9914995') - usdt('279.82999');
      await core().submit(postFunds, {
        lines: [
          { owner: users.alice!, type: ACCOUNT.contract, asset: 'USDT', available: -out },
          { owner: users.alice!, type: ACCOUNT.spot, asset: 'USDT', available: out },
        ],
        meta: { billType: 'transfer', refType: 'test', refId: 99 },
      });
      const buy = await order('bob', 'buy', 'market', '0', '0.29');
      expect(buy.order).toMatchObject({ filledQty: 0n });
      expect(book().live.has(ask.id)).toBe(false);
      expect(position('alice').qty).toBe(qty('0.29'));
      expect(await contract('alice')).toEqual({ available: usdt('279.82999'), frozen: 0n });
    });
  });

  it('bills fee, realised PnL and funding each under its own type (item 2)', async () => {
    await mark('60000');
    await mode('alice', 10, 'cross');
    await order('alice', 'buy', 'limit', '60000', '0.1');
    await order('bob', 'sell', 'market', '0', '0.1');
    // Funding after eight hours at the base rate of 0.01% (no premium sampled): 6,000 × 0.01% = 0.60 from the long.
    await clock.advance(EIGHT_HOURS);
    await core().submit(fundingRun, { symbol: SYMBOL, time: T0 + EIGHT_HOURS });
    await mark('61000');
    await order('carol', 'buy', 'limit', '61000', '0.1');
    await order('alice', 'sell', 'limit', '61000', '0.1');
    // Maker 0.02% of 6,000 opening, taker 0.05% of 6,100 closing; 0.1 × (61,000 − 60,000) realised.
    expect(await bills('alice', 'perp_fee')).toEqual([-usdt('1.2'), -usdt('3.05')]);
    expect(await bills('alice', 'perp_pnl')).toEqual([usdt('100')]);
    expect(await bills('alice', 'perp_funding')).toEqual([-usdt('0.6')]);
    expect(await contract('alice')).toEqual({
      available: WALLET - usdt('1.2') - usdt('0.6') + usdt('100') - usdt('3.05'),
      frozen: 0n,
    });
  });
});
