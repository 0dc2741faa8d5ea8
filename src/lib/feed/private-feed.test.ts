import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AccountActivity } from './private-feed.ts';
import { accountActivityFolder, PrivateFeedClient } from './private-feed.ts';
import { withOwnCoins } from './own-coins.ts';
import { until } from '../../../tests/support/until.ts';

/** A real WebSocket server on loopback that records what each client sends and can close it. */
const http = createServer();
const wss = new WebSocketServer({ server: http });
const sockets: Array<{ url: string; socket: ServerSocket; received: string[] }> = [];
wss.on('connection', (socket, req) => {
  const entry = { url: req.url ?? '', socket, received: [] as string[] };
  sockets.push(entry);
  socket.on('message', (m) => entry.received.push(String(m)));
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(http.address() as { port: number }).port}`;
});
afterAll(() => {
  wss.close();
  http.close();
});

describe('the private feed client', () => {
  it('connects as the signed-in user with the token as its first message, answers HEARTBEAT with ping, and reconnects after a drop but not after a refused token', async () => {
    const client = new PrivateFeedClient((id) => `${base}/ws/coin/${id}`);
    const got: string[] = [];
    const off = client.listen((m) => got.push(m.event));
    client.signIn({ userId: 7, token: 'tok-7' });
    await until(() => sockets[0]?.received.length === 1);
    expect(sockets[0]!.url).toBe('/ws/coin/7');
    expect(JSON.parse(sockets[0]!.received[0]!)).toEqual({ event: 'auth', token: 'tok-7' });
    sockets[0]!.socket.send(JSON.stringify({ event: 'HEARTBEAT', ts: 1 }));
    await until(() => sockets[0]!.received.length === 2);
    expect(JSON.parse(sockets[0]!.received[1]!)).toEqual({ event: 'ping' });
    expect(got).toEqual(['HEARTBEAT']);

    sockets[0]!.socket.close(1011, 'restarting');
    await until(() => sockets.length === 2 && sockets[1]!.received.length === 1);
    expect(JSON.parse(sockets[1]!.received[0]!)).toEqual({ event: 'auth', token: 'tok-7' });

    sockets[1]!.socket.close(4001, 'token unknown or expired');
    await new Promise((r) => setTimeout(r, 3500));
    expect(sockets).toHaveLength(2);

    // A new login connects again; logging out or the last listener leaving closes it.
    client.signIn({ userId: 8, token: 'tok-8' });
    await until(() => sockets.length === 3);
    expect(sockets[2]!.url).toBe('/ws/coin/8');
    off();
    await until(() => sockets[2]!.socket.readyState === sockets[2]!.socket.CLOSED);
  }, 10_000);
});

describe('account activity', () => {
  it('folds one moment’s pushes into one update, keeping the latest balance of each account and coin', async () => {
    let value: AccountActivity = { synced: 0, balances: 0, coins: [], orders: 0 };
    const sets: AccountActivity[] = [];
    const fold = accountActivityFolder({ get: () => value, set: (v) => void sets.push((value = v)) });
    fold({ event: 'USER_STATUS', data: { userId: 1, status: 'active', isMerchant: 1 }, ts: 1 });
    fold({ event: 'OWNCOIN', data: [{ type: 1, coin: 'USDT', available: '1.00000000', frozen: '0.00000000' }], ts: 1 });
    fold({ event: 'ORDER', data: { symbol: 'btcusdt' }, ts: 1 });
    fold({
      event: 'OWNCOIN',
      data: [
        { type: 1, coin: 'USDT', available: '2.00000000', frozen: '0.00000000' },
        { type: 1, coin: 'BTC', available: '0.10000000', frozen: '0.00000000' },
      ],
      ts: 1,
    });
    fold({ event: 'PONG', ts: 1 });
    await Promise.resolve();
    expect(sets).toEqual([
      {
        synced: 1,
        balances: 2,
        orders: 1,
        coins: [
          { type: 1, coin: 'USDT', available: '2.00000000', frozen: '0.00000000' },
          { type: 1, coin: 'BTC', available: '0.10000000', frozen: '0.00000000' },
        ],
      },
    ]);
  });

  it('puts pushed balances on the rows of their account type only, with the total worked out exactly', () => {
    const row = (coin: string) => ({
      coin,
      name: coin,
      available: '1.00000000',
      frozen: '0.00000000',
      total: '1.00000000',
      usdtValue: '1.00000000',
      displayDecimals: 2,
    });
    const rows = [row('USDT'), row('BTC')];
    const next = withOwnCoins(
      rows,
      [
        { type: 1, coin: 'USDT', available: '0.10000001', frozen: '0.20000002' },
        { type: 2, coin: 'BTC', available: '9.00000000', frozen: '0.00000000' },
      ],
      1,
    );
    expect(next).toEqual([
      { ...row('USDT'), available: '0.10000001', frozen: '0.20000002', total: '0.30000003' },
      row('BTC'),
    ]);
  });
});
