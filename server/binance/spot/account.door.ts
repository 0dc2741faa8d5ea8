import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import { levelOf, rateText, ratesOn, wholeBps } from '../../fees/fees.service.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { userFills } from '../../spot/orders.repo.ts';
import type { Door } from '../door.ts';
import { intParam, need, spotMarket } from './params.ts';
import * as e from './spot.endpoints.ts';
import { binanceMyTrade } from './views.ts';

/** Binance's four commission rates: maker and taker as charged, no extra buyer's or seller's commission. */
const commissionRates = (maker: bigint | number, taker: bigint | number) => ({
  maker: rateText(maker),
  taker: rateText(taker),
  buyer: rateText(0),
  seller: rateText(0),
});

/**
 * The account calls (developers.binance.com, "Account endpoints"): the spot balances, the user's fee rates (their
 * VIP level's, docs/products/fees.md) and fills.
 */
export function accountDoor({ route, ctx }: Door): void {
  route(e.account, async ({ signed }) => {
    const { user, permissions } = signed!;
    // Without a symbol: the level's rates, which a market's own lower rate may undercut (account/commission tells).
    const level = levelOf(ctx.core, user.id);
    const balances = (await balancesOf(ctx.db, user.id))
      .filter((b) => b.type === ACCOUNT.spot)
      .map((b) => ({
        asset: b.asset,
        free: formatUnits(b.available, ASSET_SCALE),
        locked: formatUnits(b.frozen, ASSET_SCALE),
      }));
    return {
      makerCommission: wholeBps(level.spotMakerRate),
      takerCommission: wholeBps(level.spotTakerRate),
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: commissionRates(level.spotMakerRate, level.spotTakerRate),
      canTrade: permissions.includes('trade'),
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: ctx.clock.now(),
      accountType: 'SPOT',
      balances,
      permissions: ['SPOT'],
      uid: user.id,
    };
  });

  /** What the user's fills on one market pay: no tax, no discount asset (`discount` says it is off). */
  route(e.commission, async ({ params, signed }) => {
    const m = spotMarket(ctx, need(params, 'symbol'));
    const r = ratesOn(ctx.core, signed!.user.id, 'spot', m);
    return {
      symbol: need(params, 'symbol'),
      standardCommission: commissionRates(r.maker, r.taker),
      taxCommission: commissionRates(0, 0),
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: '', discount: rateText(0) },
    };
  });

  /**
   * The user's fills on a market, oldest first: the newest `limit` of them, from `fromId` or inside the time range
   * given (a range or fromId reaching past the newest 1000 fills answers only what lies within them).
   */
  route(e.myTrades, async ({ params, signed }) => {
    const userId = signed!.user.id;
    const m = spotMarket(ctx, need(params, 'symbol'));
    const orderId = intParam(params, 'orderId', 1, Number.MAX_SAFE_INTEGER);
    const fromId = intParam(params, 'fromId', 0, Number.MAX_SAFE_INTEGER);
    const start = intParam(params, 'startTime', 0, Number.MAX_SAFE_INTEGER);
    const end = intParam(params, 'endTime', 0, Number.MAX_SAFE_INTEGER);
    const limit = intParam(params, 'limit', 1, 1000, 500)!;
    const { rows } = await userFills(ctx.db, userId, {
      symbol: m.symbol,
      ...(orderId === undefined ? {} : { orderId }),
      newestFirst: true,
      page: 1,
      size: 1000,
    });
    const picked = rows
      .reverse()
      .filter(
        (t) =>
          (fromId === undefined || t.id >= fromId) &&
          (start === undefined || t.createdAt >= start) &&
          (end === undefined || t.createdAt <= end),
      );
    const page = fromId !== undefined || start !== undefined ? picked.slice(0, limit) : picked.slice(-limit);
    return page.map((t) => binanceMyTrade(m, t, userId));
  });
}
