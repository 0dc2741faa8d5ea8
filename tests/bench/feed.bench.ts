/**
 * Feed fan-out: 1,000 WebSocket subscribers to one market's depth and trades while orders change the book about
 * ten times a second and trade twice a second. Lag is the receiver's clock minus the `ts` the server stamped on
 * the message (same machine, same clock). A naive `ws` broadcast loop (serialise per client, send) with the same
 * subscribers and message rate runs in the same bench for comparison.
 */
import { spawn } from 'node:child_process';
import { WebSocket } from 'ws';
import { startServer } from './server-process.ts';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 10);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Lags {
  depth: number[];
  trade: number[];
}

async function connectAll(
  url: (i: number) => string,
  subscribe: object[],
): Promise<{ lags: Lags; sockets: WebSocket[] }> {
  const lags: Lags = { depth: [], trade: [] };
  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    await Promise.all(
      Array.from(
        { length: Math.min(100, CLIENTS - i) },
        (_, k) =>
          new Promise<void>((resolve, reject) => {
            // The feed admits 20 connections per client address: the subscribers come from 100 loopback addresses.
            const ws = new WebSocket(url(i + k), { localAddress: `127.0.1.${1 + ((i + k) % 100)}` });
            ws.on('open', () => {
              for (const s of subscribe) ws.send(JSON.stringify(s));
              resolve();
            });
            ws.on('error', () => reject(new Error('connect failed')));
            ws.on('message', (data: Buffer) => {
              // A thousand receivers share this one process, so each reads only what the lag needs: the event at
              // the start and the server's `ts` at the end. Parsing every message whole here would measure this
              // process, not the delivery (a browser parses its one copy).
              const received = Date.now();
              const ts = /"ts":(\d+)\}$/.exec(data.toString('latin1', Math.max(0, data.length - 24)));
              if (!ts) return;
              const head = data.toString('latin1', 0, 16);
              if (head.includes('DEPTH')) lags.depth.push(received - Number(ts[1]));
              else if (head.includes('TRADE')) lags.trade.push(received - Number(ts[1]));
            });
            sockets.push(ws);
          }),
      ),
    );
  }
  return { lags, sockets };
}

function report(name: string, lags: Lags) {
  const d = lags.depth.sort((a, b) => a - b);
  const t = lags.trade.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(24)} depth ${String(d.length).padStart(7)} msgs  p50 ${percentile(d, 50).toFixed(0).padStart(4)} ms  p99 ${percentile(d, 99).toFixed(0).padStart(4)} ms | trades ${String(t.length).padStart(6)} msgs  p50 ${percentile(t, 50).toFixed(0).padStart(4)} ms  p99 ${percentile(t, 99).toFixed(0).padStart(4)} ms`,
  );
}

// 1. The platform's feed, driven by real orders through the API.
const server = await startServer({
  port: 4475,
  env: { MARKET_MAKERS: '0', AUTH_RATE_LIMIT: '100000', OPERATOR_PASSWORD: 'bench-ops-1' },
});
const post = async (path: string, body: unknown, token?: string) =>
  (await (
    await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    })
  ).json()) as { data: any };
const ops = (
  await post('/api/user/login', { type: 'email', email: 'operator@localhost.localdomain', password: 'bench-ops-1' })
).data.token;
const tokens: string[] = [];
for (const name of ['feed_maker', 'feed_taker']) {
  await post('/api/user/register', { type: 'account', username: name, password: 'abc123', confirmPassword: 'abc123' });
  tokens.push((await post('/api/user/login', { type: 'account', username: name, password: 'abc123' })).data.token);
  await post('/api/admin/credit', { username: name, asset: 'USDT', amount: '100000000' }, ops);
  await post('/api/admin/credit', { username: name, asset: 'BTC', amount: '1000' }, ops);
}
const platform = await connectAll(
  (i) => `ws://127.0.0.1:4475/ws/bench-${i}`,
  [
    { event: 'subscribe', topic: 'depth', symbol: 'btcusdt' },
    { event: 'subscribe', topic: 'trade', symbol: 'btcusdt' },
  ],
);
await new Promise((r) => setTimeout(r, 500));
platform.lags.depth.length = 0;
platform.lags.trade.length = 0;
let tick = 0;
const driver = setInterval(() => {
  tick++;
  const side = tick % 2 ? 'buy' : 'sell';
  // Resting orders move the book every 100 ms; every fifth tick a crossing order prints a trade.
  const price =
    tick % 5 === 0
      ? side === 'buy'
        ? '97000'
        : '95000'
      : String(96_000 + (side === 'buy' ? -1 : 1) * (1 + (tick % 50)));
  void post(
    '/api/currency/order/submit',
    { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' },
    tokens[tick % 5 === 0 ? 1 : 0],
  );
}, 100);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
clearInterval(driver);
await new Promise((r) => setTimeout(r, 300));
for (const s of platform.sockets) s.close();
await server.stop();

// 2. The naive loop: a bare `ws` server that serialises the same-size message for every client and sends it.
const naive = spawn(process.execPath, [new URL('./naive-broadcast.ts', import.meta.url).pathname], {
  env: { ...process.env, PORT: '4476', SECONDS: String(SECONDS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => naive.stdout!.once('data', () => resolve()));
const baseline = await connectAll((i) => `ws://127.0.0.1:4476/${i}`, []);
naive.stdout!.once('data', () => {});
await new Promise((r) => setTimeout(r, (SECONDS + 1) * 1000));
for (const s of baseline.sockets) s.close();
naive.kill('SIGTERM');

console.log(`Feed fan-out to ${CLIENTS} subscribers of BTC/USDT depth and trades, ${SECONDS} s:`);
report('platform (/ws/{id})', platform.lags);
report('naive ws broadcast', baseline.lags);
// Last, how long the kernel takes for the same number of loopback writes, without any WebSocket or JSON.
const floor = spawn(process.execPath, [new URL('./loopback-floor.ts', import.meta.url).pathname], {
  env: { ...process.env, CLIENTS: String(CLIENTS) },
  stdio: 'inherit',
});
await new Promise((resolve) => floor.once('exit', resolve));
process.exit(0);
