/**
 * HTTP order entry: orders per second and latency (validate, match, commit) at a fixed offered rate, open loop
 * (each request is due at t0 + i/rate; its latency counts from then, so queueing shows). The same load goes to
 * the real Fastify server and to a bare node:http server running the same service, for Fastify's overhead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { startServer } from './server-process.ts';

const RATE = Number(process.env.RATE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 8);
const WARMUP = 1;
const USERS = 20;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function postJson(port: number, path: string, body: unknown, token?: string): Promise<{ code: number; data: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { authorization: token } : {}) } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve(JSON.parse(data)));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function load(port: number, tokens: string[], seconds = SECONDS) {
  const total = RATE * seconds;
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now() + 50;
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // A request sent up to a millisecond early counts from when it was sent; a late one from when it was due.
    const from = Math.min(due, performance.now());
    const side = i % 2 === 0 ? 'buy' : 'sell';
    // Prices straddle 96,000 so about half the orders trade and the book stays a few hundred deep.
    const price = String(96_000 + (side === 'buy' ? -1 : 1) * ((i * 7919) % 40) + ((i * 31) % 7) - 3);
    inflight.push(
      postJson(port, '/api/currency/order/submit', { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' }, tokens[i % tokens.length])
        .then((r) => {
          if (r.code !== 200) failed++;
          latencies.push(performance.now() - from);
        })
        .catch(() => void failed++),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { rate: total / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}

async function prepare(port: number, ops: string) {
  const tokens: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const username = `bench_${u}`;
    await postJson(port, '/api/user/register', { type: 'account', username, password: 'abc123', confirmPassword: 'abc123' });
    tokens.push((await postJson(port, '/api/user/login', { type: 'account', username, password: 'abc123' })).data.token);
    await postJson(port, '/api/admin/credit', { username, asset: 'USDT', amount: '100000000' }, ops);
    await postJson(port, '/api/admin/credit', { username, asset: 'BTC', amount: '1000' }, ops);
  }
  return tokens;
}

const env = { MARKET_MAKERS: '0', AUTH_RATE_LIMIT: '100000', OPERATOR_PASSWORD: 'bench-ops-1' };
const fastify = await startServer({ port: 4470, env });
const ops = (await postJson(4470, '/api/user/login', { type: 'email', email: 'operator@localhost.localdomain', password: 'bench-ops-1' })).data.token;
// One second at the same rate first, unmeasured, for both servers: the figure is the sustained state, not JIT warm-up.
const fastifyTokens = await prepare(4470, ops);
await load(4470, fastifyTokens, WARMUP);
const viaFastify = await load(4470, fastifyTokens);
await fastify.stop();

// The bare server shares the same data: it is the Fastify server's database, reopened by a plain handler.
const bareDir = mkdtempSync(join(tmpdir(), 'lumex-bare-'));
const setup = await startServer({ port: 4471, dataDir: bareDir, env });
const bareOps = (await postJson(4471, '/api/user/login', { type: 'email', email: 'operator@localhost.localdomain', password: 'bench-ops-1' })).data.token;
const bareTokens = await prepare(4471, bareOps);
await setup.stop();
const bare = spawn(process.execPath, [new URL('./bare-order-server.ts', import.meta.url).pathname], { env: { ...process.env, PORT: '4472', DATA_DIR: bareDir }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
await load(4472, bareTokens, WARMUP);
const viaBare = await load(4472, bareTokens);
bare.kill('SIGTERM');

console.log(`HTTP order entry, ${RATE} orders/s offered for ${SECONDS} s after ${WARMUP} s of warm-up (limit orders on BTC/USDT, about half of them trade):`);
console.log('                      achieved      p50        p99      failed');
for (const [name, r] of [['Fastify (the server)', viaFastify], ['bare node:http', viaBare]] as const) {
  console.log(`  ${name.padEnd(20)} ${r.rate.toFixed(0).padStart(6)}/s  ${r.p50.toFixed(2).padStart(6)} ms  ${r.p99.toFixed(2).padStart(6)} ms  ${r.failed}`);
}
console.log(`  Fastify overhead: p50 × ${(viaFastify.p50 / viaBare.p50).toFixed(2)}, p99 × ${(viaFastify.p99 / viaBare.p99).toFixed(2)}`);
process.exit(0);
