import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { loggerOptions } from '../log/log.ts';
import { clientErrorHandler, frameworkErrors, installEnvelope } from './envelope.ts';

/** A Fastify server answering the product API's envelope: the whole server's and an edge's (server/cluster/edge.ts). */
export function createServer(config: Config, { bodyLimit = 256 * 1024 } = {}): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config),
    // Every request's two lines drown the ones that matter (the operator's password, warnings): on with LOG_REQUESTS.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: config.trustProxy,
    bodyLimit,
    // Requests that hang are cut off rather than holding sockets forever.
    requestTimeout: 60_000,
    // Requests refused before any hook (undecodable URL, path parameter over 100 characters, headers over
    // Node's 16 KB) still answer the envelope.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installEnvelope(app);
  return app;
}
