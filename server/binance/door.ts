import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, type ApiPermission } from '../../isomorphic/contract/api-keys.ts';
import { verifyKeyOnly, verifySigned, type Verified } from '../api-keys/api-keys.service.ts';
import { loadSecretSeal } from '../api-keys/secret-seal.ts';
import { readSigned } from '../api-keys/signature.ts';
import type { FeatureContext } from '../feature.ts';
import { BinanceError, toBinance, type Action } from './binance-error.ts';
import { WEIGHT_LIMIT_PER_MINUTE, WeightCounter } from './weights.ts';

/**
 * Binance's security types (developers.binance.com, "Endpoint security type"): NONE and MARKET_DATA are public,
 * USER_STREAM needs the key only, USER_DATA a signed call with read permission, TRADE a signed call with trade.
 */
export type Security = 'NONE' | 'MARKET_DATA' | 'USER_STREAM' | 'USER_DATA' | 'TRADE';

/** One call of the Binance-shaped door, defined once: the routes and the endpoint tests read the same list. */
export interface DoorEndpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  security: Security;
  /** Its request weight, fixed or read from the parameters (depth's weight grows with `limit`). */
  weight: number | ((params: Record<string, string>) => number);
  /** Which refusal codes it answers with (a new order's -2010, a cancel's -2011); 'read' when absent. */
  action?: Action;
}

/** A call through the door: its parameters (query string over form body) and, when signed, its owner. */
export interface DoorCall {
  params: Record<string, string>;
  /** The key's owner and permissions (USER_STREAM, USER_DATA and TRADE calls). */
  signed: Verified | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface Door {
  ctx: FeatureContext;
  /** Serves an endpoint: weight charged, key and signature checked as its security says, errors as Binance's. */
  route(endpoint: DoorEndpoint, handler: (call: DoorCall) => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A Binance-door call: its endpoint, for the error handler's codes and the weight. */
    binance?: DoorEndpoint;
  }
}

const NEEDS: Partial<Record<Security, ApiPermission>> = {
  USER_DATA: 'read',
  TRADE: 'trade',
};

const rawQueryOf = (req: FastifyRequest) => {
  const url = req.raw.url ?? '';
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
};

/**
 * The door's scope inside `app`: form bodies read as text (the signature covers them as sent), weights counted
 * per IP, and every error answered as Binance does. Routes of other features keep the web API's envelope.
 */
export async function openDoor(app: FastifyInstance, ctx: FeatureContext): Promise<Door> {
  const { db, clock, config } = ctx;
  const seal = await loadSecretSeal(db, config.apiKeySealKey);
  const weights = new WeightCounter();
  ctx.jobs.local('binance.weights', 60_000, async () => weights.prune(clock.now()));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((err, req, reply) => {
    const endpoint = req.routeOptions.config.binance;
    const framework = (err as { statusCode?: number }).statusCode;
    const answer =
      !(err instanceof Error) || err.constructor === Error || !framework
        ? toBinance(err, endpoint?.action ?? 'read')
        : new BinanceError(framework, -1100, err.message);
    if (answer.status >= 500) req.log.error({ err }, 'binance door: unhandled error');
    return reply.status(answer.status).send({ code: answer.code, msg: answer.message });
  });

  return {
    ctx,
    route(endpoint, handler) {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        // The web API's OpenAPI document describes the envelope; this door is Binance's, documented in
        // docs/api/binance.md.
        schema: { hide: true },
        config: {
          binance: endpoint,
          orderEntry: endpoint.action === 'newOrder' || endpoint.action === 'cancel',
        },
        handler: async (req, reply) => {
          const rawBody = req.body;
          if (rawBody !== undefined && rawBody !== null && typeof rawBody !== 'string')
            throw new BinanceError(400, -1100, 'Illegal characters found in a parameter: the body must be a form.');
          const read = readSigned(rawQueryOf(req), rawBody ?? '');
          if (read.malformed !== undefined)
            throw new BinanceError(400, -1101, `Duplicate values for parameter '${read.malformed}'.`);
          const weight = typeof endpoint.weight === 'number' ? endpoint.weight : endpoint.weight(read.params);
          const spent = weights.spend(req.ip, weight, clock.now());
          reply.header('X-MBX-USED-WEIGHT-1M', String(spent.used));
          if (!spent.ok && spent.status === 418)
            throw new BinanceError(
              418,
              -1003,
              `Way too much request weight used; IP banned until ${spent.bannedUntil}.`,
            );
          if (!spent.ok)
            throw new BinanceError(
              429,
              -1003,
              `Too much request weight used; current limit is ${WEIGHT_LIMIT_PER_MINUTE} request weight per 1 MINUTE.`,
            );
          // Binance's key header (developers.binance.com, "Endpoint security type").
          const header = req.headers[API_KEY_HEADER.toLowerCase()];
          const apiKey = Array.isArray(header) ? undefined : header;
          const needs = NEEDS[endpoint.security];
          const signed = needs
            ? await verifySigned(db, clock, seal, config.apiKeyRatePerMinute, {
                apiKey,
                ip: req.ip,
                rawQuery: rawQueryOf(req),
                rawBody: rawBody ?? undefined,
                needs,
              })
            : endpoint.security === 'USER_STREAM'
              ? await verifyKeyOnly(db, apiKey, req.ip)
              : null;
          return handler({
            // A key-only call (USER_STREAM) is not signed: its parameters are the request's own.
            params: needs && signed ? signed.params : read.params,
            signed,
            req,
            reply,
          });
        },
      });
    },
  };
}
