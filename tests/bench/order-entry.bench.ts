/**
 * HTTP order entry: orders per second and latency (validate, match, commit) at a fixed offered rate, open loop
 * (each request is due at t0 + i/rate; its latency counts from then, so queueing shows). The same load goes to
 * the real Fastify server and to a bare node:http server running the same service, for Fastify's overhead.
 */
import { benchDir } from './bench-dir.ts';
import { spawn } from 'node:child_process';
import { startServer } from './server-process.ts';
import { orderLoad, postJson, prepareTraders } from './order-load.ts';

const RATE = Number(process.env.RATE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 8);
/**
 * Seconds at the same rate first, unmeasured, for each server: the figure is the sustained state, not JIT warm-up.
 * V8 moves the request path's hottest functions to TurboFan only after about 10,000 requests (5 s at 2,000/s):
 * about a hundred concurrent compilations on V8's worker threads, in the server and in this process, take both
 * cores for 0.3-0.5 s and stall the loops, which a one-second warm-up left inside the measured window
 * (docs/benchmarks.md, "Issue 32, third pass"). The load generator is warm for both servers once it has run the
 * first warm-up.
 */
const WARMUP = Number(process.env.WARMUP ?? 6);
const load = (port: number, tokens: string[], seconds = SECONDS) => orderLoad([port], tokens, { rate: RATE, seconds });
const prepare = (port: number, ops: string) => prepareTraders(port, ops, 20);

const env = { MARKET_MAKERS: '0', AUTH_RATE_LIMIT: '100000', OPERATOR_PASSWORD: 'bench-ops-1' };
const fastify = await startServer({ port: 4470, env });
const ops = (
  await postJson(4470, '/api/user/login', {
    type: 'email',
    email: 'operator@localhost.localdomain',
    password: 'bench-ops-1',
  })
).data.token;
const fastifyTokens = await prepare(4470, ops);
await load(4470, fastifyTokens, WARMUP);
const viaFastify = await load(4470, fastifyTokens);
await fastify.stop();

// The bare server shares the same data: it is the Fastify server's database, reopened by a plain handler.
const bareDir = benchDir('lumex-bare-');
const setup = await startServer({ port: 4471, dataDir: bareDir, env });
const bareOps = (
  await postJson(4471, '/api/user/login', {
    type: 'email',
    email: 'operator@localhost.localdomain',
    password: 'bench-ops-1',
  })
).data.token;
const bareTokens = await prepare(4471, bareOps);
await setup.stop();
const bare = spawn(process.execPath, [new URL('./bare-order-server.ts', import.meta.url).pathname], {
  env: { ...process.env, PORT: '4472', DATA_DIR: bareDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
await load(4472, bareTokens, WARMUP);
const viaBare = await load(4472, bareTokens);
bare.kill('SIGTERM');

console.log(
  `HTTP order entry, ${RATE} orders/s offered for ${SECONDS} s after ${WARMUP} s of warm-up (limit orders on BTC/USDT, about half of them trade):`,
);
console.log('                      achieved      p50        p99      failed');
for (const [name, r] of [
  ['Fastify (the server)', viaFastify],
  ['bare node:http', viaBare],
] as const) {
  console.log(
    `  ${name.padEnd(20)} ${r.rate.toFixed(0).padStart(6)}/s  ${r.p50.toFixed(2).padStart(6)} ms  ${r.p99.toFixed(2).padStart(6)} ms  ${r.failed}`,
  );
}
console.log(
  `  Fastify overhead: p50 × ${(viaFastify.p50 / viaBare.p50).toFixed(2)}, p99 × ${(viaFastify.p99 / viaBare.p99).toFixed(2)}`,
);
process.exit(0);
