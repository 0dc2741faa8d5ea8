/**
 * One definition per API call, imported by the browser's client (src/lib/api/client.ts `request`) and by the
 * server's routes (server/http/route.ts `route`): method, path, request checks, answer type, error codes, who may
 * call it, and its line in the API document.
 *
 * Endpoint objects hold no zod. Their request checks are typed references to schemas exported by the schema
 * modules (`user.ts`, `wallet.ts`, `spot.ts`, `content.schemas.ts`): the browser ships the module and export
 * names only, the server resolves them to the schemas (isomorphic/contract/schemas.ts). So an island that calls an
 * endpoint never pulls zod or a schema into its bundle.
 *
 * Example:
 *   const s = schemasIn('wallet');
 *   export const transferFunds = endpoint({
 *     method: 'POST', path: '/api/asset/transferFunds', auth: 'user', body: s('transferBody'),
 *     response: type<TransferRecord>(), errors: ['insufficientBalance', 'sameAccount'],
 *     summary: 'Move funds between your own account types', tags: ['wallet'],
 *   });
 */
import type { z } from 'zod';
import type { ErrorName } from './codes.ts';

/** The schema modules an endpoint may name, by key (type only: nothing of them is loaded here). */
export interface SchemaModules {
  user: typeof import('./user.ts');
  wallet: typeof import('./wallet.ts');
  spot: typeof import('./spot.ts');
  content: typeof import('./content.schemas.ts');
  prices: typeof import('./prices.ts');
  seconds: typeof import('./seconds.ts');
  security: typeof import('./security.ts');
  identity: typeof import('./identity.ts');
  apiKeys: typeof import('./api-keys.ts');
  referral: typeof import('./referral.ts');
  proof: typeof import('./proof.ts');
  perpetual: typeof import('./perpetual.ts');
  margin: typeof import('./margin.ts');
  otc: typeof import('./otc.ts');
  earn: typeof import('./earn.ts');
  loan: typeof import('./loan.ts');
  defi: typeof import('./defi.ts');
  settings: typeof import('./settings.ts');
  chain: typeof import('./chain.ts');
  fees: typeof import('./fees.ts');
  alerts: typeof import('./alerts.ts');
}
export type SchemaModule = keyof SchemaModules;
/** The exports of a schema module that are zod schemas. */
export type SchemaName<M extends SchemaModule> = {
  [K in keyof SchemaModules[M]]: SchemaModules[M][K] extends z.ZodType ? K : never;
}[keyof SchemaModules[M]] &
  string;

/** A request part checked by the server with the named schema; the browser sends its input type. */
export interface SchemaRef<S extends z.ZodType = z.ZodType> {
  readonly kind: 'schema';
  readonly module: SchemaModule;
  readonly name: string;
  /** Type only: never set. */
  readonly schema?: S;
}
/** A part that has a type but no schema: an answer, or a multipart body the handler reads itself. */
export interface TypeMarker<T> {
  readonly kind: 'type';
  /** Type only: never set. */
  readonly type?: T;
}
export type Part = SchemaRef | TypeMarker<unknown>;

/** References to the schemas of one module: const s = schemasIn('spot'); s('symbolQuery'). */
/* @__NO_SIDE_EFFECTS__ */
export function schemasIn<M extends SchemaModule>(module: M) {
  return /* @__NO_SIDE_EFFECTS__ */ <K extends SchemaName<M>>(name: K) =>
    ({ kind: 'schema', module, name }) as SchemaRef<Extract<SchemaModules[M][K], z.ZodType>>;
}

/** A type with no check: type<SpotOrder>(). */
/* @__NO_SIDE_EFFECTS__ */
export function type<T>(): TypeMarker<T> {
  return { kind: 'type' };
}

/**
 * Who may call: anyone, a signed-in user (401 without a live token, before the body is read) or an operator
 * (403 for other users; left out of the public API document).
 */
export type Auth = 'none' | 'user' | 'operator';
export type Method = 'GET' | 'POST';

export interface Endpoint<
  Q extends Part | undefined = Part | undefined,
  B extends Part | undefined = Part | undefined,
  P extends Part | undefined = Part | undefined,
  R = unknown,
> {
  readonly method: Method;
  /** Fastify's form: `/api/asset/getDepositAddress/:coin`. */
  readonly path: string;
  readonly query?: Q;
  readonly body?: B;
  readonly params?: P;
  readonly response: TypeMarker<R>;
  readonly auth: Auth;
  /** The result codes the call answers besides 200 and what auth and bad input bring (401, 403, 400). */
  readonly errors: readonly ErrorName[];
  readonly summary: string;
  /** More for the API document than a summary holds (how to sign a call, say). */
  readonly description?: string;
  readonly tags: readonly string[];
}
export type AnyEndpoint = Endpoint<Part | undefined, Part | undefined, Part | undefined, unknown>;

/**
 * Defines an endpoint, keeping every literal type for the client and the route. Free of side effects, so a page's
 * bundle keeps only the endpoints its code calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<
  Q extends Part | undefined = undefined,
  B extends Part | undefined = undefined,
  P extends Part | undefined = undefined,
  R = unknown,
>(e: Endpoint<Q, B, P, R>): Endpoint<Q, B, P, R> {
  return e;
}

/** What the browser sends for a part: the schema's input, or the marked type. */
export type InputOf<X> = X extends SchemaRef<infer S> ? z.input<S> : X extends TypeMarker<infer T> ? T : undefined;
/** What the route's handler receives for a part: the schema's output, or the marked type. */
export type OutputOf<X> = X extends SchemaRef<infer S> ? z.output<S> : X extends TypeMarker<infer T> ? T : undefined;
export type ResponseOf<E extends AnyEndpoint> = E['response'] extends TypeMarker<infer R> ? R : never;

/** Query strings and paths carry text: a number the browser holds goes as its decimal digits. */
export type TextInput<T> = { [K in keyof T]: string extends NonNullable<T[K]> ? T[K] | number : T[K] };

/**
 * The path with its parameters filled in: pathOf(depositAddress, { coin: 'USDT' }) →
 * '/api/asset/getDepositAddress/USDT'.
 */
export function pathOf(e: Pick<AnyEndpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
