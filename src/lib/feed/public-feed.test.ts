import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { RECONNECT_MS } from './feed-socket.ts';
import { FeedClient } from './public-feed.ts';
import { until } from '../../../tests/support/until.ts';

/** A real WebSocket server on loopback that records what clients send and can drop them. */
const http = createServer();
const wss = new WebSocketServer({ server: http });
const received: string[] = [];
const sockets: ServerSocket[] = [];
wss.on('connection', (s) => {
  sockets.push(s);
  s.on('message', (m) => received.push(String(m)));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `ws://127.0.0.1:${(http.address() as { port: number }).port}/ws/t`;
});
afterAll(() => {
  wss.close();
  http.close();
});

describe('the feed client', () => {
  it('subscribes once per topic, routes messages, and re-subscribes 3 s after the connection drops', async () => {
    const client = new FeedClient(() => url);
    const got: string[] = [];
    const off1 = client.subscribe({ topic: 'detail', symbol: 'btcusdt' }, (m) => got.push(`a:${m.event}`));
    const off2 = client.subscribe({ topic: 'detail', symbol: 'btcusdt' }, (m) => got.push(`b:${m.event}`));
    client.subscribe({ topic: 'trade', symbol: 'btcusdt' }, (m) => got.push(`t:${m.event}`));
    await until(() => received.length >= 2);
    expect(received.map((r) => JSON.parse(r))).toEqual([
      { event: 'subscribe', topic: 'detail', symbol: 'btcusdt' },
      { event: 'subscribe', topic: 'trade', symbol: 'btcusdt' },
    ]);
    sockets[0]!.send(JSON.stringify({ event: 'DETAIL', symbol: 'btcusdt', data: {} }));
    sockets[0]!.send(JSON.stringify({ event: 'TRADE', symbol: 'btcusdt', data: [] }));
    await until(() => got.length === 3);
    expect(got.sort()).toEqual(['a:DETAIL', 'b:DETAIL', 't:TRADE']);

    off1();
    off2();
    await until(() => received.length === 3);
    expect(JSON.parse(received[2]!)).toEqual({ event: 'unsubscribe', topic: 'detail', symbol: 'btcusdt' });

    received.length = 0;
    const droppedAt = Date.now();
    sockets[0]!.terminate();
    await until(() => received.length >= 1, RECONNECT_MS + 3000);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(RECONNECT_MS - 50);
    expect(received.map((r) => JSON.parse(r))).toEqual([{ event: 'subscribe', topic: 'trade', symbol: 'btcusdt' }]);
  });
});
