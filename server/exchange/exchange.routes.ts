import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depthQuery, klineQuery, optionalSymbolQuery, orderIdQuery, orderListQuery, spotGoodsBody, submitOrderBody, symbolQuery } from '../../src/lib/contract/spot.ts';
import { parseUnits } from '../../src/lib/money/units.ts';
import { requireOperator, requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { fail } from '../http/errors.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { balancesOf, post } from '../ledger/ledger.ts';
import { findUserBy } from '../user/user.repo.ts';
import type { Db } from '../storage/db.ts';
import type { Exchange } from './exchange.ts';
import { toOrder } from './order.repo.ts';
import { groupedDepth, kline, marketEntry, priceInfo, publicTrade, spotOrder } from './views.ts';
import { formatUnits } from '../../src/lib/money/units.ts';
import { ASSET_SCALE } from './market.ts';

/**
 * Spot trading and market data (spec §7 "Market and trading"). The `{apiRequestHead}` of the spec's coin family
 * is `app`: `/api/app/coin/…`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Order entry: goes through a market runner, so it does not wait for the projector (server/app.ts). */
    orderEntry?: boolean;
  }
}

export async function exchangeRoutes(app: FastifyInstance, db: Db, exchange: Exchange): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authed = { preHandler: requireUser(db) };
  const tags = ['spot'];

  const watchlistOf = async (userId: number | undefined) =>
    new Set(userId ? (await db.all<{ symbol: string }>('SELECT symbol FROM watchlist WHERE user_id = ?', [userId])).map((w) => w.symbol) : []);
  const entries = async (userId: number | undefined, filter: (symbol: string) => boolean = () => true) => {
    const optional = await watchlistOf(userId);
    return [...exchange.markets.values()].filter((m) => m.status === 'active' && filter(m.symbol)).map((m) => marketEntry(m, exchange.ticker(m.symbol), optional.has(m.symbol)));
  };
  /** The signed-in user when a token is sent, without requiring one (public lists mark the watchlist). */
  const viewer = async (req: Parameters<ReturnType<typeof requireUser>>[0]) => {
    try {
      await requireUser(db)(req);
      return req.user?.id;
    } catch {
      return undefined;
    }
  };

  r.post('/api/common/getCoinList', { schema: { tags, summary: 'Markets by product: coinList (second contracts), currencyList (spot), contractList (perpetuals)' } }, async (req) => {
    const all = await entries(await viewer(req));
    // Second contracts and perpetuals list their markets once those products exist.
    return ok({ coinList: [], currencyList: all.filter((e) => e.market === 'spot'), contractList: [], mt5List: all.filter((e) => e.market === 'mt5') });
  });

  r.post('/api/common/getMt5Amount', { schema: { tags, summary: 'Latest quote of a foreign-exchange or metal instrument (coinType 3)', querystring: z.object({ coin: z.string().min(2).max(20) }) } }, async (req) => {
    const m = exchange.market(req.query.coin);
    if (m.market !== 'mt5') fail('unknownMarket');
    return ok(priceInfo(m, exchange.ticker(m.symbol)));
  });

  r.post('/api/app/coin/open/getSpotGoods', { schema: { tags, summary: 'Market entries with tickers, optionally for a list of symbols', body: spotGoodsBody } }, async (req) => {
    const wanted = new Set(req.body.symbolNameList);
    return ok(await entries(await viewer(req), (s) => !wanted.size || wanted.has(s)));
  });

  r.get('/api/app/coin/market/initData', { schema: { tags, summary: 'Everything a trade screen starts with', querystring: z.object({ type: z.enum(['spot', 'sec', 'usta']).default('spot'), symbol: z.string().max(20).optional() }) } }, async (req) => {
    const list = (await entries(await viewer(req))).filter((e) => e.market === 'spot');
    const symbol = req.query.symbol && exchange.markets.has(req.query.symbol.toLowerCase()) ? req.query.symbol.toLowerCase() : list[0]?.symbol;
    return ok({ markets: list, symbol, ticker: symbol ? priceInfo(exchange.market(symbol), exchange.ticker(symbol)) : null });
  });

  r.get('/api/app/coin/market/ticker', { schema: { tags, summary: '24-hour price info (spec §3)', querystring: symbolQuery } }, async (req) =>
    ok(priceInfo(exchange.market(req.query.symbol), exchange.ticker(req.query.symbol))),
  );

  r.get('/api/app/coin/market/kline', { schema: { tags, summary: 'Candles: [openTime, open, high, low, close, volume, quoteVolume, trades]', querystring: klineQuery } }, async (req) => {
    const m = exchange.market(req.query.symbol);
    return ok(exchange.series(m.symbol).candles(req.query.interval, req.query.limit).map((c) => kline(m, c)));
  });

  r.get('/api/app/coin/market/depth', { schema: { tags, summary: 'Order book grouped by a price step', querystring: depthQuery } }, async (req) => {
    const m = exchange.market(req.query.symbol);
    let step = m.tick;
    if (req.query.step) {
      const parsed = parseUnits(req.query.step, m.priceScale);
      if (!parsed.ok || parsed.value <= 0n || parsed.value % m.tick !== 0n) fail('offTick');
      step = parsed.value;
    }
    const book = exchange.runner(m.symbol).engine.depth(1000);
    return ok(groupedDepth(m, book.bids, book.asks, step, req.query.limit));
  });

  r.get('/api/app/coin/market/trades', { schema: { tags, summary: 'The latest trades of a market, newest first', querystring: symbolQuery } }, async (req) => {
    const m = exchange.market(req.query.symbol);
    return ok(exchange.recentTrades(m.symbol).map((t) => publicTrade(m, t)).reverse());
  });

  r.post('/api/currency/order/submit', { ...authed, config: { orderEntry: true }, schema: { tags, summary: 'Place a spot order', body: submitOrderBody } }, async (req) => {
    const order = await exchange.place(userOf(req).id, req.body);
    return ok(spotOrder(exchange.market(order.symbol), order));
  });

  r.post('/api/currency/order/cancelOrder', { ...authed, config: { orderEntry: true }, schema: { tags, summary: 'Cancel one of your open orders', querystring: orderIdQuery } }, async (req) => {
    const order = await exchange.cancel(userOf(req).id, req.query.id);
    return ok(spotOrder(exchange.market(order.symbol), order));
  });

  r.post('/api/currency/order/cancelAll', { ...authed, config: { orderEntry: true }, schema: { tags, summary: 'Cancel all your open orders (in one market, or everywhere)', querystring: optionalSymbolQuery } }, async (req) =>
    ok({ cancelled: await exchange.cancelAll(userOf(req).id, req.query.symbol) }),
  );

  const listOrders = async (userId: number, q: z.output<typeof orderListQuery>) => {
    const states = q.state === 'open' ? "('open', 'partial')" : "('filled', 'cancelled', 'rejected')";
    const where = `user_id = ? AND status IN ${states}${q.symbol ? ' AND symbol = ?' : ''}`;
    const params = q.symbol ? [userId, q.symbol] : [userId];
    const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM orders WHERE ${where}`, params))!.n);
    const rows = await db.all(`SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, q.size, (q.page - 1) * q.size]);
    return { total, page: q.page, size: q.size, records: rows.map(toOrder).map((o) => spotOrder(exchange.market(o.symbol), o)) };
  };
  r.post('/api/currency/order/orderList', { ...authed, schema: { tags, summary: 'Your open orders or order history', querystring: orderListQuery } }, async (req) => ok(await listOrders(userOf(req).id, req.query)));
  r.post('/api/app/coin/entrust/entrustlog', { ...authed, schema: { tags, summary: 'Order history (alias of orderList with state=history)', querystring: orderListQuery } }, async (req) =>
    ok(await listOrders(userOf(req).id, { ...req.query, state: 'history' })),
  );

  r.post('/api/app/coin/entrust/myExchangeLog', { ...authed, schema: { tags, summary: 'Your fills (trades), newest first', querystring: orderListQuery } }, async (req) => {
    const q = req.query;
    const me = userOf(req).id;
    const where = `(maker_user_id = ? OR taker_user_id = ?)${q.symbol ? ' AND symbol = ?' : ''}`;
    const params = q.symbol ? [me, me, q.symbol] : [me, me];
    const total = Number((await db.get<{ n: bigint }>(`SELECT COUNT(*) AS n FROM trades WHERE ${where}`, params))!.n);
    const rows = await db.all<Record<string, bigint | string>>(`SELECT * FROM trades WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, q.size, (q.page - 1) * q.size]);
    const records = rows.map((t) => {
      const m = exchange.market(String(t.symbol));
      const maker = Number(t.maker_user_id) === me;
      const takerSide = t.taker_side as 'buy' | 'sell';
      const side = maker ? (takerSide === 'buy' ? 'sell' : 'buy') : takerSide;
      return {
        id: Number(t.id),
        symbol: m.symbol,
        symbol_name: `${m.base}/${m.quote}`,
        orderId: Number(maker ? t.maker_order_id : t.taker_order_id),
        side,
        role: maker ? 'maker' : 'taker',
        price: formatUnits(BigInt(t.price!), m.priceScale),
        quantity: formatUnits(BigInt(t.quantity!), m.qtyScale),
        amount: formatUnits(BigInt(t.quote_qty!), ASSET_SCALE),
        fee: formatUnits(BigInt(maker ? t.maker_fee! : t.taker_fee!), ASSET_SCALE),
        feeAsset: side === 'buy' ? m.base : m.quote,
        time: Number(t.created_at),
      };
    });
    return ok({ total, page: q.page, size: q.size, records });
  });

  r.get('/api/app/coin/quotes/getOptional', { ...authed, schema: { tags, summary: 'Your watchlist' } }, async (req) => ok([...(await watchlistOf(userOf(req).id))]));
  r.post('/api/app/coin/quotes/addOptional', { ...authed, schema: { tags, summary: 'Add a market to your watchlist', querystring: symbolQuery } }, async (req) => {
    const m = exchange.market(req.query.symbol);
    await db.run('INSERT INTO watchlist (user_id, symbol, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [userOf(req).id, m.symbol, Date.now()]);
    return ok(null);
  });
  r.post('/api/app/coin/quotes/cancelOptional', { ...authed, schema: { tags, summary: 'Remove a market from your watchlist', querystring: symbolQuery } }, async (req) => {
    await db.run('DELETE FROM watchlist WHERE user_id = ? AND symbol = ?', [userOf(req).id, exchange.market(req.query.symbol).symbol]);
    return ok(null);
  });

  r.get('/api/asset/getMyBalance', { ...authed, schema: { tags: ['wallet'], summary: 'Your balances in one account type (1 spot)', querystring: z.object({ type: z.coerce.number().int().min(0).max(8).default(1) }) } }, async (req) => {
    const rows = (await balancesOf(db, userOf(req).id)).filter((b) => req.query.type === 0 || b.type === req.query.type);
    return ok(rows.map((b) => ({ type: b.type, coin: b.asset, available: formatUnits(b.available, ASSET_SCALE), frozen: formatUnits(b.frozen, ASSET_SCALE) })));
  });

  // Test funds for a development install, until deposits arrive with the wallet: operators only, and every credit
  // is a ledger transaction against the external account like a deposit.
  r.post('/api/admin/credit', { preHandler: requireOperator(db), schema: { tags: ['admin'], summary: 'Credit test funds to a user (operators)', body: z.object({ username: z.string().min(1).max(254), asset: z.string().min(2).max(10), amount: z.string().max(40) }) } }, async (req) => {
    const { username, asset, amount } = req.body;
    const user = (await findUserBy(db, 'username', username)) ?? (await findUserBy(db, 'email', username.toLowerCase()));
    if (!user) fail('notFound');
    const code = asset.toUpperCase();
    if (!(await db.get('SELECT code FROM assets WHERE code = ?', [code]))) fail('unknownAsset');
    const parsed = parseUnits(amount, ASSET_SCALE, 10n ** 17n);
    if (!parsed.ok || parsed.value <= 0n) fail('invalidNumber', { field: 'amount', decimals: ASSET_SCALE });
    await db.tx((q) => post(q, [
      { owner: null, type: ACCOUNT.external, asset: code, available: -parsed.value },
      { owner: user.id, type: ACCOUNT.spot, asset: code, available: parsed.value },
    ], { billType: 'dev_credit', refType: 'operator', refId: userOf(req).id }));
    return ok(null);
  });
}
