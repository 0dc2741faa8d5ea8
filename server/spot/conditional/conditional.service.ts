import type { SubmitOcoBody, SubmitStopBody, SubmitTpSlBody } from '../../../isomorphic/contract/spot.ts';
import type { TradingCore } from '../../core/core.ts';
import { fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { notional, priceBand, type Market } from '../market.ts';
import { checkOrder, positiveUnits } from '../order-checks.ts';
import type { SpotService } from '../spot.service.ts';
import { CONDITIONAL_PART, type ConditionalBook } from './conditional-book.ts';
import {
  cancelAllStops,
  cancelList,
  cancelStop,
  placeOco,
  placeStop,
  placeTpSl,
  type PlacedOco,
  type PlacedTpSl,
} from './conditional.commands.ts';
import type { PageRequest } from '../../storage/paging.ts';
import { findConditional, listConditionals, userConditionals, type ConditionalRow } from './conditional.repo.ts';

/** A price field of a conditional order, on the tick, refused naming the form's label (an i18n key). */
function priceUnits(m: Market, value: string | undefined, field: string): bigint {
  const p = positiveUnits(value, m.priceScale, field);
  if (p % m.tick !== 0n) fail('offTick');
  return p;
}

const STOP_FIELD = 'trade.field.stopPrice';

/**
 * Conditional order entry (docs/products/spot.md, "Conditional orders"), between the routes (the site's, the bots'
 * door) and the core: each order is checked here as the order it will become (checkOrder, with the price band
 * measured around its trigger, where it will be placed) and goes on as a command (conditional.commands.ts), which
 * checks the trigger against the last price and holds the funds.
 */
export class ConditionalService {
  private readonly core: TradingCore;
  private readonly spot: SpotService;
  private readonly db: Db;
  private readonly book: ConditionalBook;

  constructor(db: Db, core: TradingCore, spot: SpotService) {
    this.db = db;
    this.core = core;
    this.spot = spot;
    this.book = core.part<ConditionalBook>(CONDITIONAL_PART);
  }

  async placeStop(userId: number, body: SubmitStopBody): Promise<ConditionalRow> {
    const m = this.spot.markets.market(body.symbol);
    const stopPrice = priceUnits(m, body.stopPrice, STOP_FIELD);
    const limit = body.type === 'STOP_LOSS_LIMIT' || body.type === 'TAKE_PROFIT_LIMIT';
    const tif = body.timeInForce ?? 'GTC';
    const r = limit
      ? checkOrder(m, userId, { ...body, type: 'limit', timeInForce: tif }, stopPrice)
      : checkOrder(m, userId, { symbol: body.symbol, side: body.side, type: 'market', ...amounts(body) }, stopPrice);
    return this.core.submit(placeStop, {
      symbol: m.symbol,
      userId,
      side: body.side,
      type: body.type,
      stopPrice,
      price: r.price,
      quantity: r.quantity,
      quoteBudget: r.quoteBudget,
      tif: limit ? tif : 'IOC',
    });
  }

  async placeOco(userId: number, body: SubmitOcoBody): Promise<PlacedOco> {
    const m = this.spot.markets.market(body.symbol);
    const limit = checkOrder(
      m,
      userId,
      { symbol: body.symbol, side: body.side, type: 'limit', price: body.price, quantity: body.quantity },
      this.spot.reference(m.symbol),
    );
    const stopPrice = priceUnits(m, body.stopPrice, STOP_FIELD);
    let stopLimitPrice = 0n;
    let quoteBudget = 0n;
    if (body.stopLimitPrice !== undefined && body.stopLimitPrice !== '') {
      // The stop leg as the limit order it becomes, banded around its trigger.
      stopLimitPrice = checkOrder(
        m,
        userId,
        { symbol: body.symbol, side: body.side, type: 'limit', price: body.stopLimitPrice, quantity: body.quantity },
        stopPrice,
      ).price;
    } else if (body.side === 'buy') {
      // A stop-market buy of a quantity holds what it could cost at the top of the band around its trigger.
      quoteBudget = notional(m, priceBand(m, stopPrice).max, limit.quantity);
    }
    return this.core.submit(placeOco, {
      symbol: m.symbol,
      userId,
      side: body.side,
      quantity: limit.quantity,
      limitPrice: limit.price,
      stopPrice,
      stopLimitPrice,
      quoteBudget,
      stopTif: body.stopLimitTimeInForce ?? 'GTC',
    });
  }

  async placeTpSl(userId: number, body: SubmitTpSlBody): Promise<PlacedTpSl> {
    const m = this.spot.markets.market(body.symbol);
    const buy = checkOrder(
      m,
      userId,
      {
        symbol: body.symbol,
        side: 'buy',
        type: 'limit',
        price: body.price,
        quantity: body.quantity,
        timeInForce: body.timeInForce,
      },
      this.spot.reference(m.symbol),
    );
    const tpPrice = priceUnits(m, body.takeProfitPrice, 'trade.field.takeProfit');
    const slStop = priceUnits(m, body.stopLossStopPrice, 'trade.field.stopLoss');
    const slPrice =
      body.stopLossPrice === undefined || body.stopLossPrice === ''
        ? 0n
        : priceUnits(m, body.stopLossPrice, 'trade.field.stopLossLimit');
    // The sell OCO it becomes needs its take-profit above the buy and its stop-loss below it.
    if (!(tpPrice > buy.price && buy.price > slStop)) fail('tpslPriceOrder');
    return this.core.submit(placeTpSl, {
      symbol: m.symbol,
      userId,
      price: buy.price,
      quantity: buy.quantity,
      tif: buy.tif,
      tpPrice,
      slStop,
      slPrice,
    });
  }

  async cancel(userId: number, id: number): Promise<ConditionalRow> {
    if (this.book.open.has(id)) return this.core.submit(cancelStop, { userId, id });
    await this.core.settled();
    const row = await findConditional(this.db, id);
    fail(row && row.userId === userId ? 'orderNotOpen' : 'orderNotFound');
  }

  async cancelList(userId: number, listId: number): Promise<ConditionalRow> {
    if ([...this.book.open.values()].some((c) => c.listId === listId))
      return this.core.submit(cancelList, { userId, listId });
    await this.core.settled();
    const rows = await listConditionals(this.db, listId);
    fail(rows[0] && rows[0].userId === userId ? 'orderNotOpen' : 'orderNotFound');
  }

  /** A page of the user's conditional orders, newest first, as the projector has written them. */
  async list(userId: number, state: 'open' | 'history', page: PageRequest, symbol?: string) {
    return userConditionals(this.db, userId, state, page, symbol);
  }

  /** Cancels the user's open conditional orders in one market; answers how many. */
  async cancelAll(userId: number, symbol: string): Promise<number> {
    return this.core.submit(cancelAllStops, { userId, symbol: this.spot.markets.market(symbol).symbol });
  }
}

/** A stop-market order's amounts: a buy by quantity or by quote, a sell by quantity. */
function amounts(body: SubmitStopBody): { quantity?: string; quoteAmount?: string } {
  if (body.side === 'buy' && body.quoteAmount !== undefined && body.quoteAmount !== '')
    return { quoteAmount: body.quoteAmount };
  return { quantity: body.quantity };
}
