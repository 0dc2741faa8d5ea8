/** Open-loop HTTP order entry for the benches: the load, its figures, and the traders it needs. */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function postJson(
  port: number,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ code: number; data: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: token } : {}),
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(data));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Orders at a fixed offered rate, open loop: each request is due at t0 + i/rate and its latency counts from then,
 * so queueing shows. Request i goes to ports[i % ports.length] (one server, or several edges behind a balancer).
 */
export async function orderLoad(ports: number[], tokens: string[], o: { rate: number; seconds: number }) {
  const total = o.rate * o.seconds;
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now() + 50;
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // A request sent up to a millisecond early counts from when it was sent; a late one from when it was due.
    const from = Math.min(due, performance.now());
    const side = i % 2 === 0 ? 'buy' : 'sell';
    // Prices straddle 96,000 so about half the orders trade and the book stays a few hundred deep.
    const price = String(96_000 + (side === 'buy' ? -1 : 1) * ((i * 7919) % 40) + ((i * 31) % 7) - 3);
    inflight.push(
      postJson(
        ports[i % ports.length]!,
        '/api/currency/order/submit',
        { symbol: 'btcusdt', side, type: 'limit', price, quantity: '0.001' },
        tokens[i % tokens.length],
      )
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

/** Registers `count` traders with plenty of USDT and BTC (credited by the operator); their tokens. */
export async function prepareTraders(port: number, ops: string, count: number, prefix = 'bench'): Promise<string[]> {
  const tokens: string[] = [];
  for (let u = 0; u < count; u++) {
    const username = `${prefix}_${u}`;
    await postJson(port, '/api/user/register', {
      type: 'account',
      username,
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    tokens.push(
      (await postJson(port, '/api/user/login', { type: 'account', username, password: 'abc123' })).data.token,
    );
    await postJson(port, '/api/admin/credit', { username, asset: 'USDT', amount: '100000000' }, ops);
    await postJson(port, '/api/admin/credit', { username, asset: 'BTC', amount: '1000' }, ops);
  }
  return tokens;
}
