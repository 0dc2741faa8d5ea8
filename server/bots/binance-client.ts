import { sign } from '../api-keys/signature.ts';

/**
 * A small client of Binance's spot and USDⓈ-M futures REST APIs (developers.binance.com, "SIGNED (TRADE, USER_DATA,
 * USER_STREAM and MARGIN) Endpoint security"; the futures API signs the same way): parameters go in a form-encoded
 * body, `timestamp` in ms is added, `signature` is the hex HMAC-SHA256 of the body with the key's secret, appended
 * last; the key travels in the `X-MBX-APIKEY` header. The built-in market makers quote through it over HTTP, as an
 * operator's own bots would.
 */

/** A refusal in Binance's `{code, msg}` shape, with the HTTP status it came with. */
export class BinanceApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, msg: string) {
    super(`${status} ${code}: ${msg}`);
    this.status = status;
    this.code = code;
  }
}

/** Binance's "Unknown order sent.": also spot's answer to cancelling the open orders of a symbol that has none. */
export const UNKNOWN_ORDER = -2011;

/** Where each API keeps the calls the client makes: spot `/api/v3`, USDⓈ-M futures `/fapi/v1`. */
const PATHS = {
  spot: { order: '/api/v3/order', openOrders: '/api/v3/openOrders' },
  futures: { order: '/fapi/v1/order', openOrders: '/fapi/v1/allOpenOrders' },
} as const;
export type BinanceApi = keyof typeof PATHS;

export interface LimitOrder {
  symbol: string;
  side: 'BUY' | 'SELL';
  /** Decimal strings, exactly as they go on the wire. */
  price: string;
  quantity: string;
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  newClientOrderId?: string;
}

/** The fields of Binance's order answer (`newOrderRespType=ACK` and wider) that a caller reads. */
export interface OrderAck {
  symbol: string;
  orderId: number;
  clientOrderId: string;
  status?: string;
}

export interface BinanceClientOptions {
  /** Up to the host, without `/api/v3`: `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Spot unless told. */
  api?: BinanceApi;
  apiKey: string;
  secret: string;
  /** The clock the timestamps are read from (the server checks them against its own). */
  now?: () => number;
  /** Binance's default is 5,000 ms, its maximum 60,000. */
  recvWindow?: number;
}

export class BinanceClient {
  private readonly opts: BinanceClientOptions;
  private readonly secret: string;
  constructor(opts: BinanceClientOptions) {
    // The secret is kept apart from the options so logging the client's options never prints it.
    const { secret, ...rest } = opts;
    this.secret = secret;
    this.opts = { ...rest, secret: '' };
  }

  /** The signed form of a call: the parameters, `timestamp` and `recvWindow` added, `signature` last. */
  signedBody(params: Record<string, string>): string {
    const form = new URLSearchParams(params);
    form.set('timestamp', String((this.opts.now ?? Date.now)()));
    if (this.opts.recvWindow !== undefined) form.set('recvWindow', String(this.opts.recvWindow));
    const payload = form.toString();
    return `${payload}&signature=${sign(this.secret, payload)}`;
  }

  private get paths() {
    return PATHS[this.opts.api ?? 'spot'];
  }

  /** POST /api/v3/order (or /fapi/v1/order), a LIMIT order (GTC unless told). */
  newLimitOrder(o: LimitOrder): Promise<OrderAck> {
    return this.signed<OrderAck>('POST', this.paths.order, {
      symbol: o.symbol,
      side: o.side,
      type: 'LIMIT',
      timeInForce: o.timeInForce ?? 'GTC',
      price: o.price,
      quantity: o.quantity,
      newOrderRespType: 'ACK',
      ...(o.newClientOrderId ? { newClientOrderId: o.newClientOrderId } : {}),
    });
  }

  /** A MARKET order of `quantity` (the base asset on spot, contracts' quantity on futures). */
  newMarketOrder(o: { symbol: string; side: 'BUY' | 'SELL'; quantity: string }): Promise<OrderAck> {
    return this.signed<OrderAck>('POST', this.paths.order, { ...o, type: 'MARKET', newOrderRespType: 'ACK' });
  }

  /** DELETE /api/v3/order (or /fapi/v1/order), by Binance's order id or by the client order id it was placed with. */
  cancelOrder(symbol: string, id: { orderId: number } | { origClientOrderId: string }): Promise<OrderAck> {
    const by: Record<string, string> =
      'orderId' in id ? { orderId: String(id.orderId) } : { origClientOrderId: id.origClientOrderId };
    return this.signed<OrderAck>('DELETE', this.paths.order, { symbol, ...by });
  }

  /**
   * Every open order of the symbol: spot's DELETE /api/v3/openOrders answers the cancelled orders, and none open
   * with -2011 (answered here as nothing cancelled); futures' DELETE /fapi/v1/allOpenOrders answers `{code: 200}`.
   */
  async cancelOpenOrders(symbol: string): Promise<void> {
    try {
      await this.signed<unknown>('DELETE', this.paths.openOrders, { symbol });
    } catch (err) {
      if (err instanceof BinanceApiError && err.code === UNKNOWN_ORDER) return;
      throw err;
    }
  }

  private async signed<T>(method: 'POST' | 'DELETE', path: string, params: Record<string, string>): Promise<T> {
    // A POST's parameters go in its form body; a DELETE's in the query string, as CCXT sends them (both are signed
    // the same way, and Binance reads either).
    const signed = this.signedBody(params);
    const res = await fetch(`${this.opts.baseUrl}${path}${method === 'DELETE' ? `?${signed}` : ''}`, {
      method,
      headers: {
        'X-MBX-APIKEY': this.opts.apiKey,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { body: signed } : {}),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new BinanceApiError(res.status, -1000, text.slice(0, 200));
    }
    if (!res.ok) {
      const e = body as { code?: unknown; msg?: unknown };
      throw new BinanceApiError(res.status, typeof e.code === 'number' ? e.code : -1000, String(e.msg ?? text));
    }
    return body as T;
  }
}
