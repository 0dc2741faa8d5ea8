import type { Contract } from '../../perpetual/contracts.ts';
import type { PerpBook } from '../../perpetual/perp-book.ts';
import type { TradingCore } from '../../core/core.ts';
import type { PerpOrderRow } from '../../perpetual/perp-state.ts';
import { BinanceError } from '../binance-error.ts';

/** The USDⓈ-M door lists our USDT-margined (linear) contracts only; coin-margined ones belong to dapi. */
export const bookOf = (core: TradingCore) => core.part<PerpBook>('perpetual');

/** A contract's name as Binance spells it: `btcusdt_perp` is `BTCUSDT`. */
export const binanceSymbol = (c: Contract) => `${c.base}${c.quote}`;

export function linearContracts(core: TradingCore): Contract[] {
  return [...bookOf(core).contracts.values()].filter((c) => c.kind === 'linear');
}

/** The contract a Binance symbol names; any other is Binance's -1121 "Invalid symbol." (CCXT's BadSymbol). */
export function contractFor(core: TradingCore, symbol: string): Contract {
  const c = linearContracts(core).find((x) => binanceSymbol(x) === symbol);
  if (!c) throw new BinanceError(400, -1121, 'Invalid symbol.');
  return c;
}

/** One contract when `symbol` is sent, otherwise every one (the calls whose symbol is optional). */
export function contractsFor(core: TradingCore, symbol: string | undefined): Contract[] {
  return symbol === undefined ? linearContracts(core) : [contractFor(core, symbol)];
}

/** The client id a user gave an order, while the book still keeps it (it forgets keys after their window). */
export function clientIdOfOrder(core: TradingCore, o: PerpOrderRow): string {
  const prefix = `${o.userId}:`;
  for (const [key, seen] of bookOf(core).clientKeys)
    if (seen.orderId === o.id && key.startsWith(prefix)) return key.slice(prefix.length);
  return '';
}
