import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { ERRORS, type Envelope } from '../../isomorphic/contract/codes.ts';
import type { AnyEndpoint, OutputOf, ResponseOf } from '../../isomorphic/contract/endpoint.ts';
import { schemaOf } from '../../isomorphic/contract/schemas.ts';
import type { Db } from '../storage/db.ts';
import { requireOperator, requireUser } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition a route was declared from (isomorphic/contract/*.endpoints.ts). */
    endpoint?: AnyEndpoint;
  }
}

/** The request a route's handler gets: the outputs of the endpoint's schemas. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Querystring: OutputOf<NonNullable<E['query']>>;
  Body: OutputOf<NonNullable<E['body']>>;
  Params: OutputOf<NonNullable<E['params']>>;
}>;
/** An envelope of the endpoint's answer, or the reply itself when the handler sent something else (file bytes). */
type EndpointHandler<E extends AnyEndpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Envelope<ResponseOf<E>> | FastifyReply>;

/** What a route adds to its endpoint on this server: rate limits, flags read by hooks, extra pre-handlers. */
interface RouteExtras {
  config?: RouteOptions['config'];
  preHandler?: preHandlerHookHandler;
}

/** The API document's description: the codes a call answers besides success. */
function describe(e: AnyEndpoint): string {
  const implied = [
    ...(e.query || e.body || e.params ? (['badRequest'] as const) : []),
    ...(e.auth !== 'none' ? (['unauthorized'] as const) : []),
    ...(e.auth === 'operator' ? (['forbidden'] as const) : []),
  ];
  const codes = [...new Set([...implied, ...e.errors])].map((name) => `${ERRORS[name]} ${name}`);
  const answers = `Answers \`{ code, msg, data }\`; codes besides 200: ${codes.join(', ')}.`;
  return e.description ? `${e.description}\n\n${answers}` : answers;
}

/** The schemas Fastify validates the request with, leaving out the parts the endpoint does not check. */
function checks(e: AnyEndpoint) {
  const parts = { querystring: schemaOf(e.query), body: schemaOf(e.body), params: schemaOf(e.params) };
  return Object.fromEntries(Object.entries(parts).filter(([, s]) => s !== undefined));
}

/**
 * Declares routes from endpoint definitions: const route = router(app, db); route(login, async (req) => ok(…)).
 * The route gets the endpoint's method, path, schemas, summary and tags, and its auth guard (installAuth runs
 * guards first, so a request without a live token is 401 before its body is read).
 */
export function router(app: FastifyInstance, db: Db) {
  const guards = { none: [], user: [requireUser(db)], operator: [requireOperator(db)] } satisfies Record<
    AnyEndpoint['auth'],
    preHandlerHookHandler[]
  >;
  return function route<E extends AnyEndpoint>(e: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
    app.route({
      method: e.method,
      url: e.path,
      schema: { tags: [...e.tags], summary: e.summary, description: describe(e), ...checks(e) },
      config: { ...extras.config, endpoint: e },
      preHandler: [...guards[e.auth], ...(extras.preHandler ? [extras.preHandler] : [])],
      handler: handler as unknown as RouteOptions['handler'],
    });
  };
}
