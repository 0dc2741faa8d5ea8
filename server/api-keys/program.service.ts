/** The reads of a program's signed calls (`/api/v1/…`), as the key's owner; orders go through the exchange. */
import type { ApiPermission, ProgramAccount } from '../../isomorphic/contract/api-keys.ts';
import type { SpotOrder } from '../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { balancesOf } from '../ledger/ledger.ts';
import type { SpotMarkets } from '../spot/markets.ts';
import { userOrders } from '../spot/orders.repo.ts';
import { spotOrder } from '../spot/views.ts';
import type { Db } from '../storage/db.ts';

/** The owner's spot balances and the key's permissions. */
export async function programAccount(db: Db, userId: number, permissions: ApiPermission[]): Promise<ProgramAccount> {
  const balances = (await balancesOf(db, userId)).filter((b) => b.type === ACCOUNT.spot);
  return {
    permissions,
    balances: balances.map((b) => ({
      asset: b.asset,
      free: formatUnits(b.available, ASSET_SCALE),
      locked: formatUnits(b.frozen, ASSET_SCALE),
    })),
  };
}

/** The owner's open spot orders, of one market when `symbol` names one (an unknown market is refused). */
export async function programOpenOrders(
  db: Db,
  markets: SpotMarkets,
  userId: number,
  symbol: string | undefined,
): Promise<SpotOrder[]> {
  if (symbol) markets.market(symbol);
  const { rows } = await userOrders(db, userId, 'open', { page: 1, size: 500 }, symbol);
  return rows.map((o) => spotOrder(markets.market(o.symbol), o));
}
