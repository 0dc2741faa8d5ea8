import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/prices.endpoints.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { priceRecords } from './price-records.ts';

/** Recorded prices (public): what a settlement names as its price, for anyone to check. */
export async function priceRoutes(app: FastifyInstance, { db, markets }: FeatureContext): Promise<void> {
  const route = router(app, db);
  route(api.priceRecords, async (req) => {
    const { symbol, ...range } = req.query;
    return ok(await priceRecords(db, markets.market(symbol), range));
  });
}
