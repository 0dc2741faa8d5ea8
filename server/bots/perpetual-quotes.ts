import { formatUnits } from '../../isomorphic/money/units.ts';
import { binanceSymbol } from '../binance/futures/symbols.ts';
import type { Clock } from '../clock/clock.ts';
import type { PerpQuoteTransport } from '../perpetual/perp-makers.ts';
import { type BotKeys, clientOrderIds, OrderPacer } from './bot-keys.ts';

/**
 * The perpetual maker quotes the USDT-margined books through the Binance door's `/fapi/v1` over HTTP, as an
 * operator's bot on Binance's USDⓈ-M futures would, with its account's own trade key (server/bots/bot-keys.ts).
 */
export async function perpetualDoorQuotes(keys: BotKeys, clock: Clock, makerId: number): Promise<PerpQuoteTransport> {
  const client = await keys.client(makerId, 'futures');
  // Binance's futures allow 300 new orders per 10 s per account (developers.binance.com, USDⓈ-M "LIMITS"); the
  // maker keeps under that as a careful bot does.
  const pacer = new OrderPacer(clock, 10_000, 250);
  const nextId = clientOrderIds(clock, 'pm');
  return {
    cancelAll: (c) => client.cancelOpenOrders(binanceSymbol(c)),
    cancel: async (c, handles) => {
      // One already filled answers -2011 (unknown order): nothing left to cancel.
      await Promise.all(
        handles.map((h) => client.cancelOrder(binanceSymbol(c), { origClientOrderId: h }).catch(() => undefined)),
      );
    },
    room: () => pacer.room(),
    placeLimit: async (c, q) => {
      pacer.count();
      const newClientOrderId = nextId();
      await client.newLimitOrder({
        symbol: binanceSymbol(c),
        side: q.side === 'buy' ? 'BUY' : 'SELL',
        price: formatUnits(q.price, c.priceScale),
        quantity: formatUnits(q.quantity, c.qtyScale),
        newClientOrderId,
      });
      return newClientOrderId;
    },
  };
}
