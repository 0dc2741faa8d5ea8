import { type BotKeys, clientOrderIds, OrderPacer } from './bot-keys.ts';
import type { Clock } from '../clock/clock.ts';
import type { Market } from '../spot/market.ts';
import type { QuoteTransport } from '../spot/market-maker/market-maker.ts';

/**
 * The spot maker quotes through the Binance door's `/api/v3` over HTTP like any operator's bot, with its account's
 * own trade key (server/bots/bot-keys.ts), placing and cancelling with signed calls.
 */
export async function spotDoorQuotes(keys: BotKeys, clock: Clock, makerId: number): Promise<QuoteTransport> {
  const client = await keys.client(makerId, 'spot');
  // The door counts new orders per account, 100 in any 10 s (server/binance/spot/order-count.ts); 90 leaves room.
  const pacer = new OrderPacer(clock, 10_000, 90);
  const nextId = clientOrderIds(clock, 'mm');
  // Binance's symbols are the market's in capitals (developers.binance.com, "General API Information").
  const symbolOf = (m: Market) => m.symbol.toUpperCase();
  return {
    cancelAll: (m) => client.cancelOpenOrders(symbolOf(m)),
    cancel: async (m, handles) => {
      // One already filled answers -2011 (unknown order): nothing left to cancel.
      await Promise.all(
        handles.map((h) => client.cancelOrder(symbolOf(m), { origClientOrderId: h }).catch(() => undefined)),
      );
    },
    room: () => pacer.room(),
    placeLimit: async (m, q) => {
      pacer.count();
      const newClientOrderId = nextId();
      await client.newLimitOrder({
        symbol: symbolOf(m),
        side: q.side === 'buy' ? 'BUY' : 'SELL',
        price: q.price,
        quantity: q.quantity,
        newClientOrderId,
      });
      return newClientOrderId;
    },
  };
}
