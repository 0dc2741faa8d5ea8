import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../storage/db.ts';
import { BROKER_AUTH_CHECKS, brokerAuth, type BrokerAuthCheck, type BrokerAuthParams } from './broker-auth.ts';

/** The hook's endpoints are this and `/user`, `/vhost`, `/resource`, `/topic`. */
export const BROKER_AUTH_PATH = '/broker-auth';
/** The backend sends a few short fields; anything longer is not from it. */
const MAX_BODY_BYTES = 4096;

type Decide = (check: BrokerAuthCheck, params: BrokerAuthParams) => Promise<boolean>;
interface Logger {
  warn(obj: object, msg: string): void;
}

/** The virtual host of an amqp:// URL as the broker client reads it: the first path segment, decoded, or `/`. */
export function vhostOf(brokerUrl: string): string {
  return decodeURIComponent(new URL(brokerUrl).pathname.split('/')[1] || '/');
}

/**
 * RabbitMQ's HTTP auth backend calls this (`rabbitmq_auth_backend_http`, POST forms or GET queries) and reads
 * `allow` or `deny`. Its own listener, never the public port: nobody but the broker has any business here. A
 * failure answers 500, which the broker takes as a refusal.
 */
export function brokerAuthHook(decide: Decide, log: Logger): Server {
  const server = createServer((req, res) => {
    const answer = (status: number, text: string) =>
      void res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    const url = new URL(req.url ?? '/', 'http://hook');
    const check = url.pathname.startsWith(`${BROKER_AUTH_PATH}/`)
      ? url.pathname.slice(BROKER_AUTH_PATH.length + 1)
      : '';
    if (!(BROKER_AUTH_CHECKS as readonly string[]).includes(check)) return answer(404, 'deny');
    if (req.method !== 'GET' && req.method !== 'POST') return answer(405, 'deny');
    void paramsOf(req, url)
      .then(async (params) =>
        params ? answer(200, (await decide(check as BrokerAuthCheck, params)) ? 'allow' : 'deny') : answer(413, 'deny'),
      )
      .catch((err: unknown) => {
        log.warn({ err, check }, 'the broker auth hook failed; the broker refuses');
        answer(500, 'deny');
      });
  });
  server.requestTimeout = 10_000;
  return server;
}

/** A GET's query or a POST's form body; undefined for a body over the limit. */
function paramsOf(req: IncomingMessage, url: URL): Promise<URLSearchParams | undefined> {
  if (req.method === 'GET') return Promise.resolve(url.searchParams);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    );
    req.on('error', reject);
  });
}

/**
 * With BROKER_URL: answers the broker's auth backend on BROKER_AUTH_HOST:BROKER_AUTH_PORT until the app closes.
 * A port already taken is a warning, not a failure: another process on the host may be answering (any process
 * can, they share the database), and everything else of the server works without it.
 */
export async function startBrokerAuthHook(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  const server = brokerAuthHook(brokerAuth(db, vhostOf(config.brokerUrl!)), app.log);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      app.log.warn(
        { err, host: config.brokerAuthHost, port: config.brokerAuthPort },
        'the broker auth hook could not listen: Web-STOMP logins fail unless another process answers it',
      );
      resolve(false);
    });
    server.listen(config.brokerAuthPort, config.brokerAuthHost, () => resolve(true));
  });
  if (!listening) return;
  app.addHook('onClose', async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}
