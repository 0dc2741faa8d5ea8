/**
 * The Binance door's order entry: signed `POST /api/v3/order` throughput and latency at a fixed offered rate, open
 * loop, beside the web client's order call (`/api/currency/order/submit` with a session token) on the same server
 * and a bare node:http server running the same service on the same data, in the same run, with the ratios. Then,
 * when the user data stream exists, the lag from a fill to the maker's `executionReport` on its listen key.
 */
import { benchDir } from './bench-dir.ts';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { sign } from '../../server/api-keys/signature.ts';
import { startServer } from './server-process.ts';
import { orderLoad, percentile, postJson, prepareTraders } from './order-load.ts';

const RATE = Number(process.env.RATE ?? 120);
const SECONDS = Number(process.env.SECONDS ?? 6);
const WARMUP = 1;
const FILLS = 50;
const PORT = 4480;
// Binance's ORDERS limit is 100 per 10 s per account, and the web API makes at most 20 keys a minute from one IP:
// 20 traders, each with a key, take at most 200 orders a second between them (160 leaves a margin).
const TRADERS = 20;
if (RATE > 160) throw new Error('RATE above 160 would pass the 100 orders per 10 s of 20 accounts');
// The door's request weight is 6,000 a minute per IP and every call here comes from 127.0.0.1 (one order is 1).
if (RATE * (SECONDS + WARMUP) > 5_000) throw new Error('RATE × (SECONDS + 1) must stay under 5,000 orders');

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
interface Key {
  apiKey: string;
  secret: string;
}

/** One call through the door: a form, signed when the key's secret is given (developers.binance.com, SIGNED). */
function door(method: string, path: string, key: Key, params: Record<string, string> | null) {
  const form = params ? new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString() : '';
  const body = params ? `${form}&signature=${sign(key.secret, form)}` : '';
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method,
        agent,
        headers: {
          'X-MBX-APIKEY': key.apiKey,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          let parsed: unknown = data;
          try {
            parsed = JSON.parse(data);
          } catch {
            // not JSON (a 404 page): kept as text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same open loop as orderLoad, through the door: each order due at t0 + i/rate, its latency from then. */
async function doorLoad(keys: Key[], seconds: number) {
  const total = RATE * seconds;
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure = '';
  const t0 = performance.now() + 50;
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const from = Math.min(due, performance.now());
    const side = i % 2 === 0 ? 'BUY' : 'SELL';
    // The prices of orderLoad's, so both loads meet the same book.
    const price = String(96_000 + (side === 'BUY' ? -1 : 1) * ((i * 7919) % 40) + ((i * 31) % 7) - 3);
    const params = { symbol: 'BTCUSDT', side, type: 'LIMIT', timeInForce: 'GTC', price, quantity: '0.001' };
    inflight.push(
      door('POST', '/api/v3/order', keys[i % keys.length]!, params)
        .then((r) => {
          if (r.status !== 200 || typeof r.body?.orderId !== 'number') {
            failed++;
            firstFailure ||= `${r.status} ${JSON.stringify(r.body).slice(0, 120)}`;
          }
          latencies.push(performance.now() - from);
        })
        .catch(() => void failed++),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: total / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
    firstFailure,
  };
}

/** Fill to executionReport: the maker rests a sell, the taker crosses it, the maker's stream reports the trade. */
async function streamLag(maker: Key, taker: Key): Promise<string> {
  const made = await door('POST', '/api/v3/userDataStream', maker, null);
  if (made.status === 404) return 'skipped: POST /api/v3/userDataStream answers 404 (the user data stream is not here)';
  if (made.status !== 200) return `skipped: POST /api/v3/userDataStream answered ${made.status}`;
  const socket = new WebSocket(`ws://127.0.0.1:${PORT}/ws/${made.body.listenKey}`);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const waiting = new Map<number, (at: number) => void>();
  socket.onmessage = (m) => {
    const event = JSON.parse(String(m.data));
    // executionReport: `i` the order id, `x` the execution type (developers.binance.com, "User Data Streams").
    if (event.e === 'executionReport' && event.x === 'TRADE') waiting.get(event.i)?.(performance.now());
  };
  const lags: number[] = [];
  for (let n = 0; n < FILLS; n++) {
    const base = { symbol: 'BTCUSDT', type: 'LIMIT', price: '96000', quantity: '0.001' };
    const rest = await door('POST', '/api/v3/order', maker, { ...base, side: 'SELL', timeInForce: 'GTC' });
    if (typeof rest.body?.orderId !== 'number') return `failed: the resting order answered ${rest.status}`;
    const reported = new Promise<number>((resolve) => waiting.set(rest.body.orderId, resolve));
    const sent = performance.now();
    await door('POST', '/api/v3/order', taker, { ...base, side: 'BUY', timeInForce: 'IOC' });
    // A fill that is never reported is the finding, not a reason to hang the bench.
    const at = await Promise.race([reported, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    if (at === null) return `failed: no executionReport TRADE for order ${rest.body.orderId} within 5 s`;
    lags.push(at - sent);
  }
  socket.close();
  lags.sort((a, b) => a - b);
  return `p50 ${percentile(lags, 50).toFixed(2)} ms, p99 ${percentile(lags, 99).toFixed(2)} ms over ${FILLS} fills (from the taker's order sent to the maker's executionReport received)`;
}

const env = {
  MARKET_MAKERS: '0',
  AUTH_RATE_LIMIT: '100000',
  API_KEY_RATE_LIMIT: '100000',
  OPERATOR_PASSWORD: 'bench-ops-1',
};
const dataDir = benchDir('lumex-binance-');
const server = await startServer({ port: PORT, dataDir, env });
const ops = (
  await postJson(PORT, '/api/user/login', {
    type: 'email',
    email: 'operator@localhost.localdomain',
    password: 'bench-ops-1',
  })
).data.token;
const tokens = await prepareTraders(PORT, ops, TRADERS);
const keys: Key[] = [];
for (const token of tokens) {
  const made = await postJson(
    PORT,
    '/api/app/coin/member/api',
    { label: 'bench', permissions: ['read', 'trade'], ipList: [] },
    token,
  );
  if (!made.data?.apiKey) {
    await server.stop();
    throw new Error(`no API key: ${JSON.stringify(made)}`);
  }
  keys.push({ apiKey: made.data.apiKey, secret: made.data.secret });
}

// The lag first, on an empty book: each taker's buy then meets only the maker's sell.
const lag = await streamLag(keys[0]!, keys[1]!);
// One second at the same rate first, unmeasured, for each path: the figure is the sustained state.
await doorLoad(keys, WARMUP);
const viaDoor = await doorLoad(keys, SECONDS);
await orderLoad([PORT], tokens, { rate: RATE, seconds: WARMUP });
const viaWeb = await orderLoad([PORT], tokens, { rate: RATE, seconds: SECONDS });
await server.stop();

// The bare server reopens the same database with a plain handler: the same traders, sessions and book.
const bare = spawn(process.execPath, [new URL('./bare-order-server.ts', import.meta.url).pathname], {
  env: { ...process.env, PORT: String(PORT + 1), DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
await orderLoad([PORT + 1], tokens, { rate: RATE, seconds: WARMUP });
const viaBare = await orderLoad([PORT + 1], tokens, { rate: RATE, seconds: SECONDS });
bare.kill('SIGTERM');

console.log(
  `Order entry through three doors, ${RATE} orders/s offered for ${SECONDS} s after ${WARMUP} s of warm-up, ${TRADERS} traders (limit orders on BTC/USDT, about half trade):`,
);
console.log('                                  achieved      p50        p99      failed');
for (const [name, r] of [
  ['Binance door (signed, form)', viaDoor],
  ['web API (session token, JSON)', viaWeb],
  ['bare node:http (same service)', viaBare],
] as const) {
  console.log(
    `  ${name.padEnd(30)} ${r.rate.toFixed(0).padStart(6)}/s  ${r.p50.toFixed(2).padStart(6)} ms  ${r.p99.toFixed(2).padStart(6)} ms  ${r.failed}`,
  );
}
if (viaDoor.firstFailure) console.log(`  first door failure: ${viaDoor.firstFailure}`);
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(
  `  door / web: p50 × ${ratio(viaDoor.p50, viaWeb.p50)}, p99 × ${ratio(viaDoor.p99, viaWeb.p99)}; door / bare: p50 × ${ratio(viaDoor.p50, viaBare.p50)}, p99 × ${ratio(viaDoor.p99, viaBare.p99)}; web / bare: p50 × ${ratio(viaWeb.p50, viaBare.p50)}`,
);
console.log(`User data stream, fill to executionReport: ${lag}`);
process.exit(0);
