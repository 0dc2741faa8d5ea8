import type { SpotConditional } from '../../../isomorphic/contract/spot.ts';
import { ASSET_SCALE, formatUnits } from '../../../isomorphic/money/units.ts';
import type { Market } from '../market.ts';
import type { ConditionalRow } from './conditional.repo.ts';

/** A conditional order as the site's API shows it. */
export function spotConditional(m: Market, c: ConditionalRow): SpotConditional {
  return {
    id: c.id,
    listId: c.listId,
    symbol: m.symbol,
    symbol_name: `${m.base}/${m.quote}`,
    side: c.side,
    type: c.type,
    stopPrice: formatUnits(c.stopPrice, m.priceScale),
    price: formatUnits(c.price, m.priceScale),
    quantity: formatUnits(c.quantity, m.qtyScale),
    quoteAmount: formatUnits(c.quoteBudget, ASSET_SCALE),
    timeInForce: c.tif,
    frozen: formatUnits(c.frozen, ASSET_SCALE),
    status: c.status,
    limitOrderId: c.limitOrderId,
    parentOrderId: c.parentOrderId,
    takeProfitPrice: formatUnits(c.tpPrice, m.priceScale),
    orderId: c.orderId,
    createTime: c.createdAt,
    updateTime: c.updatedAt,
  };
}
