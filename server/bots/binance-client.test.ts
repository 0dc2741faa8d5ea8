import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigned, signatureMatches } from '../api-keys/signature.ts';
import { BinanceApiError, BinanceClient } from './binance-client.ts';

const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';

interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  contentType: string | undefined;
  params: Record<string, string>;
  signedOk: boolean;
  /** The query string and body exactly as they came. */
  rawQuery: string;
  rawBody: string;
}

async function read(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

/**
 * A tiny Binance stand-in: it checks each call's signature the way the door does (readSigned, signatureMatches)
 * and answers with Binance's documented shapes, or with the `{code, msg}` refusal the test asks for.
 */
describe('the Binance REST client', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let refuse: { status: number; code: number; msg: string } | undefined;
  beforeAll(async () => {
    server = createServer((req, res) => {
      void read(req).then((rawBody) => {
        const [path, rawQuery = ''] = (req.url ?? '').split('?');
        const signed = readSigned(rawQuery, rawBody);
        const signedOk =
          signed.signatures.length === 1 && signatureMatches(SECRET, signed.payload, signed.signatures[0]!);
        seen.push({
          method: req.method ?? '',
          path: path!,
          key: req.headers['x-mbx-apikey'] as string | undefined,
          contentType: req.headers['content-type'],
          params: signed.params,
          signedOk,
          rawQuery,
          rawBody,
        });
        res.setHeader('content-type', 'application/json');
        if (!signedOk)
          refuse = {
            status: 400,
            code: -1022,
            msg: 'Signature for this request is not valid.',
          };
        if (refuse) {
          res.statusCode = refuse.status;
          res.end(JSON.stringify({ code: refuse.code, msg: refuse.msg }));
          return;
        }
        const p = signed.params;
        if (path!.endsWith('/order') && req.method === 'POST')
          res.end(
            JSON.stringify({
              symbol: p.symbol,
              orderId: 28,
              clientOrderId: p.newClientOrderId,
              status: 'NEW',
            }),
          );
        else if (path!.endsWith('/order'))
          res.end(
            JSON.stringify({
              symbol: p.symbol,
              orderId: Number(p.orderId),
              clientOrderId: 'c',
              status: 'CANCELED',
            }),
          );
        else
          res.end(
            JSON.stringify([
              {
                symbol: p.symbol,
                orderId: 28,
                clientOrderId: 'c',
                status: 'CANCELED',
              },
            ]),
          );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const client = (secret = SECRET) =>
    new BinanceClient({
      baseUrl: base,
      apiKey: KEY,
      secret,
      now: () => 1_700_000_000_000,
    });

  it("signs a LIMIT order's form body with HMAC-SHA256, the key in X-MBX-APIKEY, and reads the order id", async () => {
    seen.length = 0;
    refuse = undefined;
    const ack = await client().newLimitOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '64000.10',
      quantity: '0.00150000',
      newClientOrderId: 'mm_1',
    });
    expect(ack).toEqual({
      symbol: 'BTCUSDT',
      orderId: 28,
      clientOrderId: 'mm_1',
      status: 'NEW',
    });
    const [call] = seen;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/v3/order',
      key: KEY,
      contentType: 'application/x-www-form-urlencoded',
      signedOk: true,
      rawQuery: '',
      params: {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        price: '64000.10',
        quantity: '0.00150000',
        newClientOrderId: 'mm_1',
        timestamp: '1700000000000',
      },
    });
    // The signature is the last pair, over everything before it.
    expect(call!.rawBody).toMatch(/&timestamp=1700000000000&signature=[0-9a-f]{64}$/);
  });

  it("signs a cancel's query string and reads Binance's cancel answer", async () => {
    seen.length = 0;
    refuse = undefined;
    const ack = await client().cancelOrder('BTCUSDT', { orderId: 28 });
    expect(ack).toMatchObject({ orderId: 28, status: 'CANCELED' });
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      signedOk: true,
      rawBody: '',
      params: { orderId: '28' },
    });
    await client().cancelOpenOrders('ETHUSDT');
    expect(seen[1]).toMatchObject({
      path: '/api/v3/openOrders',
      signedOk: true,
      params: { symbol: 'ETHUSDT' },
    });
  });

  it("turns Binance's {code, msg} refusal into an error with its code and status", async () => {
    refuse = {
      status: 400,
      code: -2010,
      msg: 'Account has insufficient balance for requested action.',
    };
    const err = await client()
      .newLimitOrder({
        symbol: 'BTCUSDT',
        side: 'SELL',
        price: '1',
        quantity: '1',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BinanceApiError);
    expect(err).toMatchObject({ status: 400, code: -2010 });
  });

  it("answers no open orders to cancel (Binance's -2011) as an empty list", async () => {
    refuse = { status: 400, code: -2011, msg: 'Unknown order sent.' };
    await expect(client().cancelOpenOrders('BTCUSDT')).resolves.toBeUndefined();
  });

  it("calls USDⓈ-M futures' /fapi/v1 paths, signed the same way, when made for futures", async () => {
    seen.length = 0;
    refuse = undefined;
    const futures = new BinanceClient({
      baseUrl: base,
      api: 'futures',
      apiKey: KEY,
      secret: SECRET,
      now: () => 1_700_000_000_000,
    });
    await futures.newLimitOrder({ symbol: 'BTCUSDT', side: 'SELL', price: '64000.1', quantity: '0.002' });
    await futures.newMarketOrder({ symbol: 'BTCUSDT', side: 'BUY', quantity: '0.001' });
    await futures.cancelOpenOrders('BTCUSDT');
    expect(seen.map((c) => [c.method, c.path, c.signedOk, c.params.type])).toEqual([
      ['POST', '/fapi/v1/order', true, 'LIMIT'],
      ['POST', '/fapi/v1/order', true, 'MARKET'],
      ['DELETE', '/fapi/v1/allOpenOrders', true, undefined],
    ]);
  });

  it('is refused by the signature check when it signs with another secret', async () => {
    refuse = undefined;
    const err = await client(SECRET.replace(/^N/, 'M'))
      .cancelOrder('BTCUSDT', { origClientOrderId: 'mm_1' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: -1022 });
    expect(seen.at(-1)!.signedOk).toBe(false);
  });
});
