import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../isomorphic/contract/spot.endpoints.ts';
import { optionalUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { router } from '../http/route.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { offeredSymbols } from '../seconds/seconds.service.ts';
import type { MarketData } from './market-data.ts';
import { depthStep } from '../spot/market.ts';
import { marketOfPair, marketTransactions } from '../spot/spot-queries.service.ts';
import { groupedDepth, kline, priceInfo, publicTrade } from '../spot/views.ts';
import { marketEntries } from './market-data.service.ts';

interface MarketDataDeps {
  db: Db;
  /** The core's markets in one process; an edge's copy that follows the journal in a cluster. */
  marketData: MarketData;
}

/**
 * The public market reads of docs/requirements.md §7 (markets, tickers, candles, depth, trades). They read the books
 * and series in memory and the database, never the core's decisions, so an edge answers them from its copy of the
 * markets (server/cluster/edge.ts) without a trip to the core; a single process serves them from the core itself, as a
 * feature of the list (server/features.ts).
 */
export async function marketDataRoutes(app: FastifyInstance, { db, marketData }: MarketDataDeps): Promise<void> {
  const route = router(app, db);
  // A signed-in viewer gets their watchlist marked; a missing or dead token is simply no viewer.
  const viewer = optionalUser(db);
  const entries = async (req: FastifyRequest, filter: (symbol: string) => boolean = () => true) => {
    await viewer(req);
    return marketEntries(db, marketData, req.user ? req.user.id : null, filter);
  };

  route(api.coinList, async (req) => {
    const all = await entries(req);
    // coinList: the markets second contracts are offered on (their active periods); contractList: the perpetuals.
    const speed = await offeredSymbols(db);
    return ok({
      coinList: all.filter((e) => speed.has(e.symbol)),
      currencyList: all.filter((e) => e.market === 'spot'),
      contractList: marketData.contracts.entries(),
      mt5List: all.filter((e) => e.market === 'mt5'),
    });
  });

  route(api.mt5Amount, async (req) => {
    const m = marketData.markets.market(req.query.coin);
    if (m.market !== 'mt5') fail('unknownMarket');
    return ok(priceInfo(m, marketData.ticker(m.symbol)));
  });

  route(api.spotGoods, async (req) => {
    const wanted = new Set(req.body.symbolNameList);
    return ok(await entries(req, (s) => !wanted.size || wanted.has(s)));
  });

  route(api.initData, async (req) => {
    const list = (await entries(req)).filter((e) => e.market === 'spot');
    const symbol =
      req.query.symbol && marketData.markets.has(req.query.symbol.toLowerCase())
        ? req.query.symbol.toLowerCase()
        : list[0]?.symbol;
    return ok({
      markets: list,
      symbol,
      ticker: symbol ? priceInfo(marketData.markets.market(symbol), marketData.ticker(symbol)) : null,
    });
  });

  route(api.ticker, async (req) =>
    ok(priceInfo(marketData.markets.market(req.query.symbol), marketData.ticker(req.query.symbol))),
  );

  route(api.kline, async (req) => {
    const m = marketData.markets.market(req.query.symbol);
    return ok(
      marketData
        .series(m.symbol)
        .candles(req.query.interval, req.query.limit)
        .map((c) => kline(m, c)),
    );
  });

  route(api.depth, async (req) => {
    const m = marketData.markets.market(req.query.symbol);
    const step = depthStep(m, req.query.step);
    if (step === undefined) fail('offTick');
    const book = marketData.depth(m.symbol, 1000);
    return ok(groupedDepth(m, book.bids, book.asks, step, req.query.limit));
  });

  route(api.trades, async (req) => {
    const m = marketData.markets.market(req.query.symbol);
    return ok(
      marketData
        .recentTrades(m.symbol)
        .map((t) => publicTrade(m, t))
        .reverse(),
    );
  });

  route(api.transaction, async (req) =>
    ok(marketTransactions(marketData, marketData.markets.market(req.body.symbol), req.body.limit)),
  );
  route(api.pairTransaction, async (req) =>
    ok(marketTransactions(marketData, marketOfPair(marketData, req.params.coin, req.params.currency), req.query.limit)),
  );
}
