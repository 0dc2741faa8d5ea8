import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../storage/db.ts';
import { createServer } from '../http/server.ts';
import { installSecurityHeaders } from '../http/security-headers.ts';
import { API_PREFIXES, send } from '../http/envelope.ts';
import { installSockets, publicFeed } from '../feeds/public/public-feed.ts';
import { systemClock } from '../clock/clock.ts';
import { mirrorMarkets } from './market-mirror.ts';
import { marketDataRoutes } from '../market-data/market-data.routes.ts';
import { privateFeed } from '../feeds/private/private-feed.ts';
import { stompSocket } from '../feeds/stomp/stomp-socket.ts';
import { startBrokerAuthHook } from '../feeds/webstomp/broker-auth-hook.ts';
import { loadSealedBox } from '../crypto/sealed-box.ts';
import { servePages } from '../site/site.ts';
import { custodyOf } from '../site/custody.ts';
import { watchedChains } from '../chain/chains.ts';
import { UPLOAD_LIMITS } from '../wallet/uploads.ts';
import { headerStrings, type CommandClient, type ForwardedReply } from './command-queue.ts';
import { ERRORS } from '../../isomorphic/contract/codes.ts';

/** What an edge does not hand on from a client's request (hop-by-hop, lengths): those are the edge's own. */
const DROP_REQUEST = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);

interface EdgeDeps {
  config: Config;
  db: Db;
  bus: Bus;
  commands: CommandClient;
}

/**
 * An edge (docs/architecture.md, "Scale-out"): it serves the pages, the private feed and the STOMP socket from the bus,
 * the public feed and the public market reads (server/market-data/market-data.routes.ts) from a copy of the markets
 * that follows the journal (server/cluster/market-mirror.ts), and hands every other API request to the active trading
 * core over the command queue, answering with what the core answers. The core runs the request through the same routes
 * as a single server (validation, authentication, services), so behaviour and messages are the same; each request
 * carries an idempotency key (the client's Idempotency-Key header, else one of the edge's), with which the core decides
 * each of its commands at most once, however often the queue delivers it.
 */
export async function buildEdge({ config, db, bus, commands }: EdgeDeps): Promise<FastifyInstance> {
  const app = createServer(config, { bodyLimit: UPLOAD_LIMITS.fileBytes + 64 * 1024 });
  installSecurityHeaders(app);
  // The edge reads no body: it passes the bytes on as they came, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const headers = headerStrings(req.headers, DROP_REQUEST);
    // A client's Idempotency-Key travels on in the headers and counts first at the core (server/http/request-key.ts);
    // the edge's own key covers a request without one, so a redelivery is still decided once.
    const key = `e:${randomUUID()}`;
    const body = Buffer.isBuffer(req.body) && req.body.length ? req.body.toString('base64') : undefined;
    let answer: ForwardedReply;
    try {
      answer = await commands.send({
        key,
        method: req.method,
        url: req.url,
        headers,
        ...(body ? { body } : {}),
        ip: req.ip,
      });
    } catch (err) {
      // The core did not answer in time (a failover, a broker restart): the request may still be carried out, so
      // the caller is told the outcome is unknown; a retry with the same Idempotency-Key cannot do it twice.
      req.log.warn({ err }, 'the trading core did not answer');
      return send(reply.header('retry-after', '1'), 503, ERRORS.outcomeUnknown, req.t('error.outcomeUnknown'));
    }
    return reply.code(answer.status).headers(answer.headers).send(Buffer.from(answer.body, 'base64'));
  };
  for (const prefix of API_PREFIXES) {
    app.all(prefix, { schema: { hide: true } }, forward);
    app.all(`${prefix}/*`, { schema: { hide: true } }, forward);
  }

  // The public feed and the public market reads run on a copy of the markets that follows the journal; the
  // user's feeds read the shared bus.
  const mirror = await mirrorMarkets(db, app.log);
  await app.register(async (reads) => {
    // These routes read their own bodies (a market read by POST): here, and only here, bodies are parsed as the
    // core parses them (Fastify's defaults), so a wrong body gets the same answer as from the core.
    reads.removeAllContentTypeParsers();
    reads.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      reads.getDefaultJsonParser('error', 'ignore'),
    );
    reads.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    await marketDataRoutes(reads, { db, marketData: mirror.marketData });
  });
  app.decorate('bus', mirror.bus);
  app.decorate('jobs', mirror.jobs);
  app.decorate('clock', systemClock);
  app.addHook('onClose', () => mirror.stop());
  await installSockets(app);
  await publicFeed(app, { marketData: mirror.marketData });
  await privateFeed(app, db, bus);
  await stompSocket(app, db, bus);
  if (config.brokerUrl) await startBrokerAuthHook(app, db, config);
  const sealedBox = await loadSealedBox(db);
  await servePages(app, config, {
    sealKey: sealedBox.publicKey,
    demoPrices: config.priceFeedUrls.length === 0,
    custody: custodyOf(await watchedChains(db, config.chain), config.chain),
    marketData: mirror.marketData,
  });
  return app;
}
