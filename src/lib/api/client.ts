import { ofetch, type FetchOptions } from 'ofetch';
import { ERRORS, type Envelope } from '../../../isomorphic/contract/codes.ts';
import {
  pathOf,
  type AnyEndpoint,
  type InputOf,
  type ResponseOf,
  type TextInput,
} from '../../../isomorphic/contract/endpoint.ts';
import { translate } from '../i18n/client.ts';
import { currentLocale, goTo } from '../navigation.ts';
import { platformConfig } from '../platform.ts';
import { $token, clearSession } from '../stores/session.ts';
import { showToast } from '../stores/toast.ts';

/** docs/requirements.md §9: request time-out. */
const REQUEST_TIMEOUT_MS = 300_000;

/** A call that did not succeed. `shown` says whether the user already saw its message as a toast. */
export class ApiError extends Error {
  readonly code: number;
  readonly shown: boolean;
  constructor(code: number, message: string, shown: boolean) {
    super(message);
    this.code = code;
    this.shown = shown;
  }
}

const INVALID_TOKEN = /invalid[\s_-]*token|token[\s_-]*(is\s+)?invalid|token\s*无效|令牌无效/i;

/** What to do with an answered call that failed, by the rules of docs/requirements.md §8. */
function classifyFailure(code: number, msg: string): 'silent' | 'toast' {
  if (/sql/i.test(msg)) return 'silent';
  if (INVALID_TOKEN.test(msg)) return 'silent';
  if (code === ERRORS.loginStep1 || msg === translate('error.loginStep1')) return 'silent';
  return 'toast';
}

interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  method?: 'GET' | 'POST';
  /** Send the body as text/plain (docs/requirements.md §7: "text/plain when requested"). */
  plainText?: boolean;
  /**
   * The caller shows its own messages (docs/requirements.md §8 white paper and customer service): no automatic toast.
   */
  quiet?: boolean;
}

/**
 * The transport under `request`: docs/requirements.md §7 headers on every call, docs/requirements.md §8 handling of the
 * answer. Resolves with `data` of a code-200 envelope; rejects with ApiError otherwise. Actions call `request` with an
 * endpoint, never a path of their own (isomorphic/contract/endpoints.test.ts checks).
 */
export async function call<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const token = $token.get();
  const lang = currentLocale();
  const headers: Record<string, string> = { lang, language: lang };
  if (token) {
    headers.authorization = token;
    headers.satoken = token;
  }
  const request: FetchOptions<'json'> = {
    method: opts.method ?? 'POST',
    baseURL: platformConfig().apiBase || undefined,
    headers,
    query: opts.query,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    ignoreResponseError: true,
  };
  if (opts.body !== undefined) {
    request.body = opts.plainText ? JSON.stringify(opts.body) : (opts.body as Record<string, unknown>);
    if (opts.plainText) headers['content-type'] = 'text/plain';
  }

  let status: number;
  let envelope: Partial<Envelope<T>> & { error_description?: string };
  try {
    const res = await ofetch.raw(path, request);
    status = res.status;
    envelope = (res._data ?? {}) as typeof envelope;
  } catch {
    // Transport errors (no answer, time-out) fail the call.
    const msg = translate('common.networkSlow');
    throw new ApiError(0, msg, !opts.quiet && showToast('error', msg));
  }

  if (status === 401) {
    // A dead session: log out and go home (docs/requirements.md §4).
    clearSession();
    goTo('/home/index');
    throw new ApiError(ERRORS.unauthorized, envelope.msg ?? '', false);
  }
  if (status < 200 || status > 500) {
    const msg = translate('common.networkSlow');
    throw new ApiError(status, msg, !opts.quiet && showToast('error', msg));
  }
  if (envelope.code === ERRORS.ok) return envelope.data as T;
  const code = typeof envelope.code === 'number' ? envelope.code : status;
  const msg = envelope.msg || envelope.error_description || translate('common.networkSlow');
  const shown = !opts.quiet && classifyFailure(code, msg) === 'toast' ? showToast('error', msg) : false;
  throw new ApiError(code, msg, shown);
}

/** A part the caller must send when the endpoint has one, and may leave out when every field is optional. */
type PartInput<K extends string, X, T> = [X] extends [undefined]
  ? unknown
  : {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What request() takes for an endpoint: its path parameters, query and body, typed from its definition. */
type RequestInput<E extends AnyEndpoint> = PartInput<
  'params',
  E['params'],
  TextInput<InputOf<NonNullable<E['params']>>>
> &
  PartInput<'query', E['query'], TextInput<InputOf<NonNullable<E['query']>>>> &
  PartInput<'body', E['body'], InputOf<NonNullable<E['body']>>> &
  Pick<CallOptions, 'plainText' | 'quiet'>;

/**
 * Calls an endpoint (isomorphic/contract/*.endpoints.ts) with its method and path, answering its typed `data`:
 * request(depositAddress, { params: { coin }, query: { network } }). Failures as `call`.
 */
export async function request<E extends AnyEndpoint>(
  e: E,
  ...[input]: {} extends RequestInput<E> ? [RequestInput<E>?] : [RequestInput<E>]
): Promise<ResponseOf<E>> {
  const { params, query, body, plainText, quiet } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: CallOptions['query'];
    body?: unknown;
  } & CallOptions;
  return call<ResponseOf<E>>(pathOf(e, params), { method: e.method, query, body, plainText, quiet });
}
