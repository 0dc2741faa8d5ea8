import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/seconds.endpoints.ts';
import type { SecondsPool } from '../../isomorphic/contract/seconds.ts';
import { audit } from '../audit/audit.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { money } from '../wallet/amounts.ts';
import { findPeriod, insertPeriod, listPeriods, updatePeriod } from './periods.repo.ts';
import { fundSecondsPool } from './seconds.feature.ts';
import type { SecondsBook } from './seconds-book.ts';
import { openOrder } from './seconds.service.ts';
import { settledSecondsOrders, userSecondsOrders } from './seconds.repo.ts';
import { STAKE_ASSET, fromWhole, periodAdminView, periodView, secondsOrderView, settledView } from './views.ts';

/** Second contracts (spec §7): periods, orders, the public settled list, and the operators' periods and pool. */
export async function secondsRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, exchange, prices, clock, config } = ctx;
  const route = router(app, db);
  const scaleOf = (symbol: string) => exchange.markets.get(symbol)?.priceScale ?? 8;
  const pool = (): SecondsPool => ({
    coin: STAKE_ASSET,
    balance: money(core.risk.available(null, ACCOUNT.secondsPool, STAKE_ASSET)),
    reserved: money(core.part<SecondsBook>('seconds').reserved(STAKE_ASSET)),
  });

  route(api.periodList, async (req) => ok((await listPeriods(db, { symbol: req.body.symbol })).map(periodView)));

  route(api.createSecondsOrder, async (req) => {
    const { order, priceScale } = await openOrder({ db, core, exchange, prices, maxPriceAgeMs: config.secondsPriceAgeMs }, userOf(req).id, req.body);
    return ok(secondsOrderView(order, priceScale));
  }, { config: { orderEntry: true } });

  route(api.secondsOrders, async (req) => {
    const { state, symbol, page, size } = req.body;
    const { total, rows } = await userSecondsOrders(db, userOf(req).id, state, symbol, { page, size });
    return ok({ total, page, size, records: rows.map((o) => secondsOrderView(o, scaleOf(o.symbol))) });
  });

  route(api.settledSeconds, async (req) => {
    const rows = await settledSecondsOrders(db, req.body.symbol, req.body.before, req.body.size);
    return ok(rows.map((o) => settledView(o, scaleOf(o.symbol))));
  });

  route(api.adminPeriods, async () => ok({ periods: (await listPeriods(db, { all: true })).map(periodAdminView), pool: pool() }));

  route(api.savePeriod, async (req) => {
    const b = req.body;
    exchange.market(b.symbol);
    if (b.minStake > b.maxStake) fail('secondsPeriodInvalid');
    const params = { profitBps: b.profitBps, lossBps: b.lossBps, minStake: fromWhole(b.minStake), maxStake: fromWhole(b.maxStake), exposureCap: fromWhole(b.exposureCap), active: b.active };
    const saved = await db.tx(async (q) => {
      const before = b.id === undefined ? undefined : await findPeriod(q, b.id);
      if (b.id !== undefined && (!before || before.symbol !== b.symbol || before.seconds !== b.seconds)) fail('secondsPeriodUnknown');
      const row = before ? await updatePeriod(q, before.id, params, clock.now()) : await insertPeriod(q, { symbol: b.symbol, seconds: b.seconds, ...params }, clock.now());
      if (!row) fail('secondsPeriodInvalid');
      await audit(q, userOf(req).id, before ? 'seconds.period.update' : 'seconds.period.create', 'seconds_period', row.id, {
        symbol: b.symbol, seconds: b.seconds, profitBps: b.profitBps, lossBps: b.lossBps, minStake: b.minStake, maxStake: b.maxStake, exposureCap: b.exposureCap, active: b.active,
        ...(before ? { before: periodAdminView(before) } : {}),
      });
      return row;
    });
    return ok(periodAdminView(saved));
  });

  route(api.fundPool, async (req) => {
    const units = fromWhole(req.body.amount);
    await fundSecondsPool(core, units, userOf(req).id, (q) => audit(q, userOf(req).id, 'seconds.pool.fund', 'seconds_pool', STAKE_ASSET, { coin: STAKE_ASSET, amount: String(units) }));
    return ok(pool());
  });
}
