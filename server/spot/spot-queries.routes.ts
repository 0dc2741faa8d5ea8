import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/spot.endpoints.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { orderDetails, orderSymbols, priceComparisons } from './spot-queries.service.ts';

/**
 * The coin family's spot reads (docs/requirements.md §7, `/api/app/coin/…`); its public `open/transaction` calls are
 * market data (market-data.routes.ts).
 */
export async function spotQueryRoutes(app: FastifyInstance, { db, marketData, prices }: FeatureContext): Promise<void> {
  const route = router(app, db);

  route(api.orderDetails, async (req) =>
    ok(await orderDetails(db, marketData, userOf(req).id, req.query.id, req.query.page, req.query.size)),
  );
  route(api.priceComparison, async (req) => ok(priceComparisons(marketData, prices, req.body.symbolNameList)));
  route(api.entrustLogCurrency, async (req) => ok(await orderSymbols(db, marketData, userOf(req).id)));
}
