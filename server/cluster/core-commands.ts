import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forwardedKeyHeader } from '../http/request-key.ts';
import {
  connectBroker,
  headerStrings,
  serveCommands,
  type ForwardedReply,
  type ForwardedRequest,
} from './command-queue.ts';

/** What the core's answer leaves out (hop-by-hop, lengths, date): the edge's own reply has those. */
const DROP_REPLY = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/**
 * Carries out a request an edge forwarded, through this process's own routes, under the request's key: its core
 * commands are decided at most once (server/http/request-key.ts). A client's own key belongs to the account the
 * request authenticates as, so a retry after logging in again finds its first result and two accounts choosing the
 * same key never share one.
 */
export async function carryOut(app: FastifyInstance, req: ForwardedRequest): Promise<ForwardedReply> {
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...req.headers, ...forwardedKeyHeader(req.key) },
    ...(req.body ? { payload: Buffer.from(req.body, 'base64') } : {}),
    remoteAddress: req.ip,
  });
  return {
    status: res.statusCode,
    headers: headerStrings(res.headers, DROP_REPLY),
    body: res.rawPayload.toString('base64'),
  };
}

/** The active core takes the edges' requests from the command queue until the returned function stops it. */
export async function serveCoreCommands(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  const conn = connectBroker(config.brokerUrl!, 'lumex-core', app.log);
  const consumer = serveCommands(conn, (req) => carryOut(app, req), {
    concurrency: config.coreConcurrency,
    log: app.log,
  });
  await new Promise((resolve) => consumer.once('ready', resolve));
  return async () => {
    await consumer.close();
    await conn.close();
  };
}
