/**
 * `npm run bench cluster`: a local cluster on this machine's PostgreSQL and RabbitMQ (two trading cores, one a
 * standby, and two edges), measured side by side in one run:
 *   - order entry (open loop, as the order-entry bench) straight into the active core's own HTTP port, through
 *     one edge, and spread over two edges;
 *   - public market reads (the depth call) answered by the core's port, handed to the core over the command queue
 *     (how an edge answered them before it kept a copy), by one edge's copy and by two edges' copies;
 *   - the lag of the public feed (trades, from the core's match to the socket) to 400 subscribers on the core's
 *     own feed, on one edge, then split 200 + 200 over two;
 *   - failover: the active core is killed (SIGKILL) under a stream of orders; how long until orders are
 *     acknowledged again, and whether every acknowledged one is in the tables once;
 *   - a broker restart (rabbitmqctl stop_app / start_app) under the same stream.
 * Everything shares the machine's two cores: the cores, edges, PostgreSQL, RabbitMQ and this load generator.
 */
import { execFileSync } from 'node:child_process';
import { Agent, get as httpGet } from 'node:http';
import { WebSocket as WsClient } from 'ws';
import postgres from 'postgres';
import { randomUUID } from 'node:crypto';
import {
  CommandClient,
  connectBroker,
  serveCommands,
  type ForwardedReply,
  type ForwardedRequest,
} from '../../server/cluster/command-queue.ts';
import { ClusterNode, clusterBroker } from '../support/cluster.ts';
import { orderLoad, percentile, postJson, prepareTraders } from './order-load.ts';

const DB_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATE = Number(process.env.RATE ?? 600);
const SECONDS = Number(process.env.SECONDS ?? 6);
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 400);
const LEASE_MS = Number(process.env.CORE_LEASE_MS ?? 3000);
const VHOST = 'lumex-cluster-bench';
const SCHEMA = 'bench_cluster';

const broker = await clusterBroker(process.env.BROKER_URL ?? 'amqp://guest:guest@127.0.0.1:5672', VHOST);
if (!broker) {
  console.log('No RabbitMQ (or no right to make a virtual host): the cluster bench needs one on 127.0.0.1:5672');
  process.exit(1);
}
/** What the bench is doing, as it goes (the figures come at the end). */
const step = (what: string) => process.stderr.write(`  ${what}…\n`);
const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);

const env = {
  DATABASE_URL: DB_URL,
  DATABASE_SCHEMA: SCHEMA,
  BROKER_URL: broker,
  BROKER_AUTH_PORT: '4398',
  MARKET_MAKERS: '0',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '100000',
  CORE_LEASE_MS: String(LEASE_MS),
  OPERATOR_PASSWORD: 'bench-ops-1',
  DATA_DIR: '/tmp/lumex-cluster-bench',
};
const nodes: ClusterNode[] = [];
const start = (name: string, role: string, port: number) => {
  const n = new ClusterNode(name, port, { ...env, ROLE: role });
  nodes.push(n);
  return n;
};
// The floor of the edge's hop: the same open-loop rate as a bare request and reply over a quorum queue with a
// single active consumer, through the edge's and the core's own queue code (a consumer that answers at once).
step('the broker round trip floor');
async function rpcFloor(): Promise<{ p50: number; p99: number }> {
  const conn = connectBroker(broker!, 'bench-floor', { warn: () => {} });
  const queue = 'lumex.bench.echo';
  const echo = serveCommands<string, string>(conn, async (body) => body, {
    concurrency: 256,
    log: { warn: () => {} },
    queue,
  });
  await new Promise((r) => echo.once('ready', r));
  const rpc = new CommandClient<string, string>(conn, 15_000, queue);
  const latencies: number[] = [];
  const total = RATE * SECONDS;
  const t0 = performance.now() + 50;
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const from = Math.min(due, performance.now());
    inflight.push(rpc.send('x'.repeat(600)).then(() => void latencies.push(performance.now() - from)));
  }
  await Promise.all(inflight);
  await rpc.close();
  await echo.close();
  await conn.queueDelete({ queue });
  await conn.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
const floor = await rpcFloor();

step('starting two cores and two edges');
const coreA = start('core-a', 'core', 4480);
await coreA.waitFor(/trading core active/);
const coreB = start('core-b', 'core', 4481);
await coreB.waitFor(/standing by/);
const edges = [start('edge-1', 'edge', 4482), start('edge-2', 'edge', 4483)];
await Promise.all(edges.map((e) => e.answering()));
const E1 = edges[0]!.port;
const E2 = edges[1]!.port;

const ops = (
  await postJson(E1, '/api/user/login', {
    type: 'email',
    email: 'operator@localhost.localdomain',
    password: 'bench-ops-1',
  })
).data.token;
const tokens = await prepareTraders(E1, ops, 20);
await orderLoad([E1, E2], tokens, { rate: RATE, seconds: 1 });

step('order entry');
const entry: Array<[string, Awaited<ReturnType<typeof orderLoad>>]> = [];
entry.push(['the core directly', await orderLoad([coreA.port], tokens, { rate: RATE, seconds: SECONDS })]);
entry.push(['one edge', await orderLoad([E1], tokens, { rate: RATE, seconds: SECONDS })]);
entry.push(['two edges', await orderLoad([E1, E2], tokens, { rate: RATE, seconds: SECONDS })]);

// Public market reads: the trade screen's depth call, closed loop with 32 callers for 4 s. The core answers it from
// its books; an edge from its own copy of them, with no trip to the core. Beside them, the same call handed to the
// core over the command queue, as an edge answered every read before it kept a copy for them.
const READ_PATH = '/api/app/coin/market/depth?symbol=btcusdt&limit=20';
async function readLoad(call: (caller: number) => Promise<boolean>, seconds = 4, callers = 32) {
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      while (performance.now() < until) {
        const sent = performance.now();
        if (await call(i)) times.push(performance.now() - sent);
        else failed++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rate: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99), failed };
}
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const httpRead = (ports: number[]) => (caller: number) =>
  new Promise<boolean>((resolve) => {
    httpGet({ host: '127.0.0.1', port: ports[caller % ports.length]!, path: READ_PATH, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    }).on('error', () => resolve(false));
  });
step('public market reads');
const readConn = connectBroker(broker!, 'bench-reads', { warn: () => {} });
const forwarded = new CommandClient<ForwardedRequest, ForwardedReply>(readConn, 15_000);
const reads: Array<[string, Awaited<ReturnType<typeof readLoad>>]> = [];
reads.push(['the core directly', await readLoad(httpRead([coreA.port]))]);
reads.push([
  'handed to the core',
  await readLoad(
    async () =>
      (
        await forwarded.send({
          key: `e:read-${randomUUID()}`,
          method: 'GET',
          url: READ_PATH,
          headers: {},
          ip: '127.0.0.1',
        })
      ).status === 200,
  ),
]);
reads.push(['one edge', await readLoad(httpRead([E1]))]);
reads.push(['two edges', await readLoad(httpRead([E1, E2]))]);
await forwarded.close();
await readConn.close();
agent.destroy();

// Feed lag: public trades of BTC/USDT to every subscriber; a crossing pair of orders every 100 ms makes a trade.
// The lag is from the trade's time (the core's clock when it matched) to the socket; all clocks are this machine's.
async function feedLag(ports: number[]) {
  const lags: number[] = [];
  const sockets: WsClient[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    // A feed admits 20 connections per client address: the subscribers come from 100 loopback addresses.
    const ws = new WsClient(`ws://127.0.0.1:${ports[i % ports.length]}/ws/lag-${i}`, {
      localAddress: `127.0.1.${1 + (i % 100)}`,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ event: 'subscribe', topic: 'trade', symbol: 'btcusdt' }));
    let first = true;
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(String(data)) as { event: string; data?: Array<{ time: number }> };
      if (m.event !== 'TRADE') return;
      // The first TRADE is the snapshot of past trades.
      if (first) return void (first = false);
      const received = Date.now();
      for (const t of m.data ?? []) lags.push(received - t.time);
    });
    sockets.push(ws);
  }
  await new Promise((r) => setTimeout(r, 500));
  const trades = 50;
  for (let i = 0; i < trades; i++) {
    await postJson(
      E1,
      '/api/currency/order/submit',
      { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '97000', quantity: '0.001' },
      tokens[0],
    );
    await postJson(
      E1,
      '/api/currency/order/submit',
      { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '97000', quantity: '0.001' },
      tokens[1],
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1000));
  for (const ws of sockets) ws.close();
  lags.sort((a, b) => a - b);
  return {
    expected: trades * SUBSCRIBERS,
    delivered: lags.length,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
  };
}
step('public feed lag');
const lagCore = await feedLag([coreA.port]);
const lagOne = await feedLag([E1]);
const lagTwo = await feedLag([E1, E2]);

/**
 * A stream of keyed orders at `rate` for `seconds`, retried with their keys through whichever edge answers; `fault` at
 * 1/3.
 */
async function faultStream(rate: number, seconds: number, fault: () => void) {
  const acked: number[] = [];
  const waits: Array<{ sent: number; waited: number }> = [];
  let faultAt = 0;
  const total = rate * seconds;
  const t0 = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (i === Math.floor(total / 3)) {
      faultAt = performance.now();
      fault();
    }
    const sent = performance.now();
    const side = i % 2 ? 'sell' : 'buy';
    inflight.push(
      (async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            const r = await postJson(
              attempt % 2 ? E2 : E1,
              '/api/currency/order/submit',
              {
                symbol: 'btcusdt',
                side,
                type: 'limit',
                price: String(96_000 + (side === 'buy' ? -50 : 50)),
                quantity: '0.001',
              },
              tokens[i % tokens.length],
              { 'idempotency-key': `fault-${faultStreams}-${i}` },
            );
            if (r.code === 200) {
              acked.push(r.data.id);
              waits.push({ sent, waited: performance.now() - sent });
              return;
            }
          } catch {
            // the edge or the broker is going away: retry with the same key
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      })(),
    );
  }
  await Promise.all(inflight);
  faultStreams++;
  const after = waits.filter((w) => w.sent >= faultAt).sort((a, b) => a.sent - b.sent);
  // Orders sent after the fault: when did the first of them get its acknowledgement?
  const firstBack = Math.min(...after.map((w) => w.sent + w.waited)) - faultAt;
  return { acked, longest: Math.max(...waits.map((w) => w.waited)), firstBack };
}
let faultStreams = 0;

async function ordersInTables(): Promise<number[]> {
  const rows = await admin.unsafe<Array<{ id: string }>>(`SELECT id FROM ${SCHEMA}.orders`);
  return rows.map((r) => Number(r.id));
}
async function exactlyOnce(acked: number[]): Promise<string> {
  await new Promise((r) => setTimeout(r, 1500));
  const rows = new Set(await ordersInTables());
  const missing = acked.filter((id) => !rows.has(id)).length;
  return `${acked.length} acknowledged, ${missing} missing from the tables, ${acked.length - new Set(acked).size} acknowledged twice`;
}

step('failover');
let takeover = '';
const failover = await faultStream(100, 9, () => {
  coreA.child.kill('SIGKILL');
});
takeover = (await coreB.waitFor(/trading core active/, 1000)).trim();
const failoverCheck = await exactlyOnce(failover.acked);

step('broker restart');
let restarted = '';
const brokerRestart = await faultStream(100, 9, () => {
  const t = performance.now();
  execFileSync('rabbitmqctl', ['stop_app'], { stdio: 'ignore' });
  execFileSync('rabbitmqctl', ['start_app'], { stdio: 'ignore' });
  restarted = `${Math.round(performance.now() - t)} ms`;
});
const restartCheck = await exactlyOnce(brokerRestart.acked);
// The broker's runtime settings for Web-STOMP are not kept over a restart of its application.
try {
  execFileSync('bash', ['scripts/broker-setup.sh'], { stdio: 'ignore' });
} catch {
  // not set up before either
}

await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
await admin.unsafe(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
await admin.end();

console.log(
  `Order entry, ${RATE} orders/s offered for ${SECONDS} s (open loop, limit orders on BTC/USDT, about half trade), on this machine's 2 cores:`,
);
console.log('                         achieved      p50        p99      failed');
for (const [name, r] of entry)
  console.log(
    `  ${name.padEnd(22)} ${r.rate.toFixed(0).padStart(6)}/s  ${r.p50.toFixed(2).padStart(6)} ms  ${r.p99.toFixed(2).padStart(7)} ms  ${r.failed}`,
  );
const direct = entry[0]![1];
console.log(
  `  floor: a bare request and reply over the same kind of queue (600-byte body, answered at once) at the same rate: p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms`,
);
console.log(
  `  the edge hop: p50 +${(entry[1]![1].p50 - direct.p50).toFixed(2)} ms (× ${(entry[1]![1].p50 / direct.p50).toFixed(2)}); two edges against one: p50 × ${(entry[2]![1].p50 / entry[1]![1].p50).toFixed(2)}, p99 × ${(entry[2]![1].p99 / entry[1]![1].p99).toFixed(2)}`,
);
console.log(`\nPublic market reads (GET depth, 20 levels, BTC/USDT), 32 callers in a closed loop for 4 s:`);
for (const [name, r] of reads)
  console.log(
    `  ${name.padEnd(22)} ${r.rate.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  failed ${r.failed}`,
  );
console.log(
  `  one edge from its copy against the same call handed to the core over the queue: × ${(reads[2]![1].rate / reads[1]![1].rate).toFixed(2)} the rate, p50 × ${(reads[2]![1].p50 / reads[1]![1].p50).toFixed(2)}; two edges against one: × ${(reads[3]![1].rate / reads[2]![1].rate).toFixed(2)}`,
);
console.log(
  `\nPublic feed lag, BTC/USDT trades to ${SUBSCRIBERS} subscribers, 50 trades (the core's match → the socket):`,
);
for (const [name, r] of [
  ['the core directly', lagCore],
  ['one edge', lagOne],
  ['two edges', lagTwo],
] as const)
  console.log(
    `  ${name.padEnd(18)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  delivered ${r.delivered} of ${r.expected}`,
  );
console.log(`\nFailover (CORE_LEASE_MS=${LEASE_MS}), 100 keyed orders/s, active core SIGKILLed at 3 s:`);
console.log(`  standby: ${takeover}`);
console.log(
  `  first acknowledgement of an order sent after the kill: ${failover.firstBack.toFixed(0)} ms after it; longest wait of any order: ${failover.longest.toFixed(0)} ms`,
);
console.log(`  ${failoverCheck}`);
console.log(`\nBroker restart (rabbitmqctl stop_app + start_app took ${restarted}), 100 keyed orders/s:`);
console.log(
  `  first acknowledgement of an order sent after it: ${brokerRestart.firstBack.toFixed(0)} ms after the restart began; longest wait: ${brokerRestart.longest.toFixed(0)} ms`,
);
console.log(`  ${restartCheck}`);
process.exit(0);
