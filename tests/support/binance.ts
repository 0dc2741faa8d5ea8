import type { FastifyInstance } from 'fastify';
import { generateKeyPairSync } from 'node:crypto';
import ccxt from 'ccxt';
import { afterAll, beforeAll } from 'vitest';
import { testApp } from './app.ts';
import type { TestDatabase } from './databases.ts';

/** The door's base URL once `app` listens on a loopback port. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

/** A describe block's app, listening on a loopback port, and its database. */
export interface ListeningDoor {
  t: TestDatabase;
  app: FastifyInstance;
  /** The door's base URL. */
  base: string;
}

/**
 * A fresh database and an app listening on it for the length of the calling describe block: the fields are set in
 * its beforeAll and closed in its afterAll, so tests read them inside their own bodies.
 */
export function listeningDoor(open: () => Promise<TestDatabase>): ListeningDoor {
  const door = {} as ListeningDoor;
  beforeAll(async () => {
    door.t = await open();
    ({ app: door.app } = await testApp(door.t.db));
    door.base = await listening(door.app);
  });
  afterAll(async () => {
    await door.app.close();
    await door.t.drop();
  });
  return door;
}

/**
 * CCXT's own `binance` class, unchanged but for the URL override its manual documents and the options that keep it
 * off Binance-only endpoints (currencies, margin pairs, markets of other types).
 */
export function ccxtSpot(base: string, key?: { apiKey: string; secret: string }) {
  const ws = base.replace(/^http/, 'ws');
  return new ccxt.pro.binance({
    ...key,
    urls: {
      api: {
        public: `${base}/api/v3`,
        private: `${base}/api/v3`,
        v3: `${base}/api/v3`,
        ws: {
          spot: `${ws}/ws`,
          margin: `${ws}/ws`,
          future: `${ws}/ws`,
          delivery: `${ws}/ws`,
          // Spot's watchOrders, watchBalance and watchMyTrades subscribe on the WebSocket API, not a listen key.
          'ws-api': { spot: `${ws}/ws-api/v3` },
        },
      },
    },
    options: {
      fetchCurrencies: false,
      fetchMargins: false,
      fetchMarkets: { types: ['spot'] },
    },
  });
}

/** ccxtSpot ready to watch: CCXT opens a plain ws:// URL only through an http agent, which it loads on this call. */
export async function ccxtSpotLive(base: string, key?: { apiKey: string; secret: string }) {
  const exchange = ccxtSpot(base, key);
  await exchange.loadHttpProxyAgent();
  return exchange;
}

/** The web API's calls that list, make and delete a user's API keys. */
export const API_KEY_PATHS = {
  list: '/api/app/coin/member/apis',
  create: '/api/app/coin/member/api',
  remove: '/api/app/coin/member/api/del',
} as const;

/** A key as its making answers it: the secret is shown this once. */
export interface MadeKey {
  id: number;
  apiKey: string;
  secret: string;
}

/** A user with an API key of their own, made through the web API as a person would (trade when asked). */
export async function apiKeyFor(
  app: FastifyInstance,
  token: string,
  permissions: Array<'read' | 'trade'> = ['read', 'trade'],
): Promise<{ apiKey: string; secret: string }> {
  const res = await app.inject({
    method: 'POST',
    url: API_KEY_PATHS.create,
    headers: { authorization: token },
    payload: { label: 'bot', permissions, ipList: [] },
  });
  const data = (res.json() as { data: { apiKey: string; secret: string } }).data;
  if (!data?.apiKey) throw new Error(`no key: ${res.body}`);
  return { apiKey: data.apiKey, secret: data.secret };
}

/** An Ed25519 key pair as a user makes it (`openssl genpkey -algorithm ed25519`), both halves in PEM. */
export function ed25519Pair(): { publicKey: string; privateKey: string } {
  const pair = generateKeyPairSync('ed25519');
  return {
    publicKey: String(pair.publicKey.export({ type: 'spki', format: 'pem' })),
    privateKey: String(pair.privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}

/**
 * A user with a self-generated Ed25519 key: the public key registered through the web API, and as `secret` the
 * PEM private key, which is what CCXT takes to sign with Ed25519 instead of HMAC.
 */
export async function ed25519KeyFor(
  app: FastifyInstance,
  token: string,
  permissions: Array<'read' | 'trade'> = ['read', 'trade'],
): Promise<{ apiKey: string; secret: string }> {
  const { publicKey, privateKey } = ed25519Pair();
  const res = await app.inject({
    method: 'POST',
    url: API_KEY_PATHS.create,
    headers: { authorization: token },
    payload: { label: 'ed25519 bot', type: 'ED25519', publicKey, permissions, ipList: [] },
  });
  const data = (res.json() as { data: { apiKey: string; secret?: string } }).data;
  if (!data?.apiKey || data.secret !== undefined) throw new Error(`no Ed25519 key: ${res.body}`);
  return { apiKey: data.apiKey, secret: privateKey };
}
