import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AnyEndpoint } from '../../isomorphic/contract/endpoint.ts';
import type { Access } from './auth.ts';
import type { DoorEndpoint } from '../binance/door.ts';

/** One declared route, as tests and tools see it: hidden ones (operator routes, the site's catch-all) included. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  access: Access | undefined;
  /** The definition the route was declared from (server/http/route.ts); every API route has one. */
  endpoint: AnyEndpoint | undefined;
  /** A call of the Binance-shaped door (server/binance), defined by its own list instead. */
  binance: DoorEndpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared after installRouteList, in order. */
    routeList: RouteEntry[];
  }
}

/** Records every route as it is declared; install after installAuth so each entry knows who may call it. */
export function installRouteList(app: FastifyInstance): void {
  const list: RouteEntry[] = [];
  app.decorate('routeList', list);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method))
      list.push({
        method,
        url: route.url,
        schema: route.schema,
        access: route.config?.access,
        endpoint: route.config?.endpoint,
        binance: route.config?.binance,
      });
  });
}
