import type { FastifyInstance } from 'fastify';
import * as api from '../../isomorphic/contract/perpetual.endpoints.ts';
import type { ContractKindName } from '../../isomorphic/contract/perpetual.ts';
import type { FeatureContext } from '../feature.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { maxNotionalAt, type Contract } from './contracts.ts';
import { percentChange } from '../spot/views.ts';
import { averagePremium, fundingRate, nextFundingTime, samplesPerInterval } from './funding.ts';
import { DEFAULT_LEVERAGE, type PerpBook } from './perp-book.ts';
import { perpMarkets } from './perpetual.feature.ts';
import * as service from './perp.service.ts';
import * as trailing from './trailing.service.ts';
import * as conditional from './perp-conditional.service.ts';
import { insuranceFund } from './insurance.service.ts';
import {
  accountView,
  bracketViews,
  contractView,
  kindOf,
  orderView,
  positionView,
  price,
  qty,
  rate,
  stopView,
} from './views.ts';
import { LIQUIDATION_FEE_BPS } from './liquidation.ts';
import { PRICE_BAND_BPS } from './perp-orders.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';

/**
 * Perpetual futures (docs/requirements.md §7): contracts and funding (public), orders, positions, TP/SL, leverage,
 * accounts.
 */
export async function perpRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, core, clock } = ctx;
  const market = perpMarkets.get(core)!;
  const route = router(app, db);
  const deps = { db, core };
  const book = () => core.part<PerpBook>('perpetual');
  const ofKind = (kind: ContractKindName | undefined) =>
    [...book().contracts.values()].filter((c) => !kind || kindOf(c) === kind);
  const contractOf = (symbol: string) => book().contract(symbol);
  const predictedRate = (c: Contract) =>
    fundingRate(
      c,
      averagePremium(book().prices(c.symbol).samples, samplesPerInterval(book().intervalMs)),
      book().intervalMs,
    );
  const view = (c: Contract) => {
    const b = book();
    const t = market.ticker(c.symbol, clock.now());
    let openInterest = 0n;
    for (const p of b.positionsBySymbol.get(c.symbol)!) if (p.qty > 0n) openInterest += p.qty;
    const change = percentChange(t.open, t.close);
    return contractView(b, c, {
      fundingRate: predictedRate(c),
      change,
      volume: t.volume,
      openInterest,
      nextFundingTime: nextFundingTime(clock.now(), b.intervalMs),
    });
  };
  const detail = (c: Contract) => ({
    ...view(c),
    brackets: bracketViews(c),
    liquidationFee: formatUnits(LIQUIDATION_FEE_BPS, 4),
    priceBand: formatUnits(PRICE_BAND_BPS, 4),
  });

  route(api.contracts, async (req) => ok(ofKind(req.query.type).map(view)));

  route(api.contractDetail, async (req) => {
    const kind = req.body.type === 1 ? 'usdt' : req.body.type === 2 ? 'coin' : undefined;
    const listed = req.body.symbolNameList ?? [];
    return ok((listed.length ? listed.map(contractOf) : ofKind(kind)).map(detail));
  });

  route(api.insuranceFund, async (req) => ok(await insuranceFund(db, core, req.query)));

  route(api.maintenanceMargin, async (req) => ok(bracketViews(contractOf(req.query.symbolName))));

  route(api.fundingRate, async (req) => {
    const c = contractOf(req.query.symbolName);
    const st = book().prices(c.symbol);
    const history = await service.fundings(deps, c.symbol);
    return ok({
      symbol: c.symbol,
      lastRate: rate(st.lastRate),
      predictedRate: rate(predictedRate(c)),
      nextFundingTime: nextFundingTime(clock.now(), book().intervalMs),
      intervalMs: book().intervalMs,
      mark: st.mark === undefined ? null : price(c, st.mark),
      index: st.index === undefined ? null : price(c, st.index),
      history: history.map((h) => ({ time: h.time, rate: rate(h.rate), mark: price(c, h.mark) })),
    });
  });

  route(api.perpBook, async (req) => ok(market.bookView(req.query.symbol, req.query.limit)));

  route(api.perpKline, async (req) => {
    const c = contractOf(req.query.symbol);
    return ok(
      market
        .series(c.symbol, req.query.price)
        .candles(req.query.interval, req.query.limit)
        .map((k) => ({
          time: k.openTime,
          open: price(c, k.open),
          high: price(c, k.high),
          low: price(c, k.low),
          close: price(c, k.close),
          volume: qty(c, k.volume),
        })),
    );
  });

  const order = (o: Awaited<ReturnType<typeof service.submitOrder>>) => orderView(contractOf(o.symbol), o);
  route(api.submitPerpOrder, async (req) => ok(order(await service.submitOrder(deps, userOf(req).id, req.body))), {
    config: { orderEntry: true },
  });
  for (const e of [api.openByDirection, api.closeByDirection]) {
    route(e, async (req) => ok(order(await service.directionOrder(deps, userOf(req).id, req.body))), {
      config: { orderEntry: true },
    });
  }
  route(api.cancelPerpOrder, async (req) => ok(order(await service.cancelOrder(deps, userOf(req).id, req.query.id))));

  for (const e of [api.perpOrders, api.entrustlogContract]) {
    route(e, async (req) => {
      const { state, kind, symbol, page, size } = req.query;
      const symbols = symbol ? [contractOf(symbol).symbol] : ofKind(kind).map((c) => c.symbol);
      const { total, rows } = await service.orders(deps, userOf(req).id, state, symbols, { page, size });
      return ok({ total, page, size, records: rows.map(order) });
    });
  }

  for (const e of [api.positions, api.myPosition]) {
    route(e, async (req) => {
      const b = book();
      const kind = req.query.kind;
      return ok(
        b
          .userPositions(userOf(req).id)
          .filter((p) => p.qty !== 0n && (!kind || kindOf(b.contract(p.symbol)) === kind))
          .map((p) => positionView(core.risk, b, p)),
      );
    });
  }

  route(api.closePosition, async (req) => ok(order(await service.closePosition(deps, userOf(req).id, req.query.id))));

  for (const e of [api.adjustMargin, api.updateBond]) {
    route(e, async (req) => {
      const { id, money: amount, flag } = req.query;
      const p = await service.changeMargin(deps, userOf(req).id, id, amount, flag === 1);
      return ok(positionView(core.risk, book(), book().positionsById.get(p.id)!));
    });
  }

  route(api.stopOrders, async (req) => {
    const rows = await service.stops(
      deps,
      userOf(req).id,
      req.query.symbol ? contractOf(req.query.symbol).symbol : undefined,
    );
    return ok(rows.map((s) => stopView(contractOf(s.symbol), s)));
  });
  route(api.setStopOrder, async (req) => {
    const s = await service.setStopOrder(deps, userOf(req).id, req.body);
    return ok(stopView(contractOf(s.symbol), s));
  });
  route(api.cancelStopOrder, async (req) => {
    const s = await service.cancelStopOrder(deps, userOf(req).id, req.query.id);
    return ok(stopView(contractOf(s.symbol), s));
  });

  route(api.closePositionPart, async (req) => ok(order(await trailing.closeFromRow(deps, userOf(req).id, req.body))), {
    config: { orderEntry: true },
  });
  route(api.trailingStops, async (req) => {
    const symbol = req.query.symbol ? contractOf(req.query.symbol).symbol : undefined;
    const rows = await trailing.trailingList(deps, userOf(req).id, symbol);
    return ok(rows.map((t) => trailing.trailingView(contractOf(t.symbol), t)));
  });
  route(api.setTrailingStop, async (req) => {
    const t = await trailing.placeTrailing(deps, userOf(req).id, req.body);
    return ok(trailing.trailingView(contractOf(t.symbol), t));
  });
  route(api.cancelTrailingStop, async (req) => {
    const t = await trailing.cancelTrailingStop(deps, userOf(req).id, req.query.id);
    return ok(trailing.trailingView(contractOf(t.symbol), t));
  });
  route(api.conditionalOrders, async (req) => {
    const symbol = req.query.symbol ? contractOf(req.query.symbol).symbol : undefined;
    const rows = await conditional.conditionalList(deps, userOf(req).id, symbol ? { symbol } : {});
    return ok(rows.map((o) => conditional.conditionalView(contractOf(o.symbol), o)));
  });
  route(api.setConditionalOrder, async (req) => {
    const o = await conditional.placeConditional(deps, userOf(req).id, req.body);
    return ok(conditional.conditionalView(contractOf(o.symbol), o));
  });
  route(api.cancelConditionalOrder, async (req) => {
    const o = await conditional.cancelConditionalOrder(deps, userOf(req).id, req.query.id);
    return ok(conditional.conditionalView(contractOf(o.symbol), o));
  });

  const setting = (p: { symbol: string; leverage: number; mode: 'cross' | 'isolated' }) => {
    const c = contractOf(p.symbol);
    return {
      symbol: p.symbol,
      leverage: p.leverage,
      marginMode: p.mode,
      maxNotional: formatUnits(maxNotionalAt(c, BigInt(p.leverage)), 8),
    };
  };
  route(api.updateLeverage, async (req) => ok(setting(await service.updateLeverage(deps, userOf(req).id, req.body))));
  route(api.leverageSettings, async (req) => {
    const b = book();
    const userId = userOf(req).id;
    return ok(
      ofKind(req.query.type).map((c) =>
        setting(b.position(userId, c.symbol) ?? { symbol: c.symbol, leverage: DEFAULT_LEVERAGE, mode: 'cross' }),
      ),
    );
  });

  route(api.closeAll, async (req) => ok(await service.closeAll(deps, userOf(req).id, req.body)));
  route(api.orderPreview, async (req) => ok(service.preview(deps, userOf(req).id, req.body)));

  route(api.perpAccounts, async (req) => {
    const b = book();
    const assets = new Map<string, ContractKindName>();
    for (const c of ofKind(req.query.kind)) assets.set(c.marginAsset, kindOf(c));
    return ok([...assets].map(([asset, kind]) => accountView(core.risk, b, userOf(req).id, asset, kind)));
  });

  route(api.liquidations, async (req) => {
    const rows = await service.liquidations(
      deps,
      userOf(req).id,
      ofKind(req.query.kind).map((c) => c.symbol),
    );
    return ok(
      rows.map((l) => {
        const c = contractOf(l.symbol);
        return {
          id: l.id,
          symbol: l.symbol,
          side: l.side,
          kind: l.kind,
          quantity: qty(c, l.quantity),
          price: price(c, l.price),
          markPrice: price(c, l.mark),
          fee: formatUnits(l.fee, 8),
          createdAt: l.createdAt,
        };
      }),
    );
  });
}
