import type { Door } from '../door.ts';
import { futuresAccount } from './account.ts';
import { futuresAlgoOrders } from './algo-orders.ts';
import { futuresIncome } from './income.ts';
import { futuresOrders } from './orders.ts';
import { futuresPublic } from './public.ts';
import { futuresUserTrades } from './user-trades.ts';

/**
 * Binance's USDⓈ-M futures calls (`/fapi`) over our USDT-margined perpetuals: market data from the perpetual book,
 * orders and settings through the perpetual service, with the same risk checks and journal as the web's.
 */
export function futuresDoor(door: Door): void {
  futuresPublic(door);
  futuresAccount(door);
  futuresOrders(door);
  futuresAlgoOrders(door);
  futuresUserTrades(door);
  futuresIncome(door);
}
