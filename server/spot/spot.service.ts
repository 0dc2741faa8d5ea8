import type { SubmitOrderBody } from '../../isomorphic/contract/spot.ts';
import type { TradingCore } from '../core/core.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import type { SpotMarkets } from './markets.ts';
import { checkOrder } from './order-checks.ts';
import { findOrder, type OrderRow } from './orders.repo.ts';
import { cancelAllOrders, cancelOrder, placeOrder } from './spot.commands.ts';
import { spotBooksOf, type SpotBooks } from './spot-books.ts';

/**
 * Spot order entry, between the routes and the core: an order comes in from a route (spot.routes.ts, the API keys'
 * programs, the market makers), is checked against its market here and goes on as a command to the trading core
 * (server/core/core.ts), which sequences, journals and matches it (spot.commands.ts). Nothing comes back through
 * here: fills reach market data and the feeds from the core's durable batches.
 */
export class SpotService {
  readonly markets: SpotMarkets;
  private readonly books: SpotBooks;
  private readonly db: Db;
  private readonly core: TradingCore;
  /** The index price a limit order's band is measured against (server/prices); none until the app sets it. */
  reference: (symbol: string) => bigint | undefined = () => undefined;

  constructor(db: Db, core: TradingCore) {
    this.db = db;
    this.core = core;
    this.books = spotBooksOf(core);
    this.markets = this.books.markets;
  }

  place(userId: number, body: SubmitOrderBody): Promise<OrderRow> {
    const m = this.markets.market(body.symbol);
    const request = checkOrder(m, userId, body, this.reference(m.symbol));
    this.books.engine(m.symbol);
    return this.core.submit(placeOrder, request);
  }

  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    if (this.books.live.has(orderId)) return this.core.submit(cancelOrder, { userId, orderId });
    // Not on any book: it has ended, or it is not this user's, or it never was.
    await this.core.settled();
    const row = await findOrder(this.db, orderId);
    fail(row && row.userId === userId ? 'orderNotOpen' : 'orderNotFound');
  }

  /** Cancels the user's open orders in one market, or in all of them. */
  async cancelAll(userId: number, symbol?: string): Promise<number> {
    const symbols = symbol ? [this.markets.market(symbol).symbol] : [...this.books.engines.keys()];
    if (symbol) this.books.engine(symbols[0]!);
    const counts = await Promise.all(symbols.map((s) => this.core.submit(cancelAllOrders, { userId, symbol: s })));
    return counts.reduce((a, b) => a + b, 0);
  }
}
