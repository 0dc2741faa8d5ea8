import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { userFills } from '../../spot/orders.repo.ts';
import type { Door } from '../door.ts';
import { intParam, need, spotMarket } from './params.ts';
import * as e from './spot.endpoints.ts';
import { binanceMyTrade } from './views.ts';

/** The account calls (developers.binance.com, "Account endpoints"): the spot balances and the user's fills. */
export function accountDoor({ route, ctx }: Door): void {
  route(e.account, async ({ signed }) => {
    const { user, permissions } = signed!;
    const balances = (await balancesOf(ctx.db, user.id))
      .filter((b) => b.type === ACCOUNT.spot)
      .map((b) => ({
        asset: b.asset,
        free: formatUnits(b.available, ASSET_SCALE),
        locked: formatUnits(b.frozen, ASSET_SCALE),
      }));
    return {
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
