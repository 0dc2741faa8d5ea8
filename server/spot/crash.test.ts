import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 4461;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lumex-crash-'));
let child: ChildProcess | undefined;

async function start(): Promise<void> {
  child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      MARKET_MAKERS: '0',
      // The server is killed outright: a demo chain it started would outlive it (and nothing here needs one).
      DEMO_CHAIN: '0',
      AUTH_RATE_LIMIT: '100000',
      OPERATOR_PASSWORD: 'crash-ops-1',
      DIST_DIR: '/nonexistent',
    },
    stdio: 'ignore',
  });
  // Up to 30 s: a first start builds the database and, on a loaded 2-core machine, took 17 s.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${BASE}/platform/dev/config.js`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any };
};

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-stream', () => {
  it('still has every order it acknowledged, with the books rebuilt', async () => {
    await start();
    const ops = (
      await post('/api/user/login', { type: 'email', email: 'operator@localhost.localdomain', password: 'crash-ops-1' })
    ).data.token;
    await post('/api/user/register', {
      type: 'account',
      username: 'crash_user',
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    const token = (await post('/api/user/login', { type: 'account', username: 'crash_user', password: 'abc123' })).data
      .token;
    expect(
      (await post('/api/admin/credit', { username: 'crash_user', asset: 'USDT', amount: '10000000' }, ops)).code,
    ).toBe(200);

    // Many orders in flight; the server dies at a random moment while they stream in.
    const acknowledged: number[] = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const r = await post(
            '/api/currency/order/submit',
            {
              symbol: 'btcusdt',
              side: 'buy',
              type: 'limit',
              price: String(90_000 + ((w * 1000 + i) % 900)),
              quantity: '0.001',
            },
            token,
          );
          if (r.code === 200) acknowledged.push(r.data.id);
        } catch {
          return; // the connection died with the server
        }
      }
    });
    await new Promise((r) => setTimeout(r, 700 + Math.random() * 500));
    child!.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    await start();
    const open = new Set<number>();
    for (let page = 1; ; page++) {
      const r = await fetch(`${BASE}/api/currency/order/orderList?state=open&size=100&page=${page}`, {
        method: 'POST',
        headers: { authorization: token },
      });
      const records = ((await r.json()) as { data: { records: Array<{ id: number }> } }).data.records;
      for (const o of records) open.add(o.id);
      if (records.length < 100) break;
    }
    expect(acknowledged.filter((id) => !open.has(id))).toEqual([]);
    // The rebuilt book holds them: the best bid is the highest price acknowledged.
    const depth = (await (await fetch(`${BASE}/api/app/coin/market/depth?symbol=btcusdt&limit=1`)).json()) as {
      data: { bids: Array<[string, string]> };
    };
    expect(Number(depth.data.bids[0]![0])).toBeGreaterThanOrEqual(90_000);
    // Every order and every balance still adds up after the crash.
    const balance = await fetch(`${BASE}/api/asset/getMyBalance?type=1`, { headers: { authorization: token } });
    const usdt = (
      (await balance.json()) as { data: Array<{ coin: string; available: string; frozen: string }> }
    ).data.find((b) => b.coin === 'USDT')!;
    expect(Number(usdt.available) + Number(usdt.frozen)).toBeCloseTo(10_000_000, 6);
    expect(Number(usdt.frozen)).toBeGreaterThanOrEqual(acknowledged.length * 50);
  }, 60_000);
});
