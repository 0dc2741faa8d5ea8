import { BinanceError } from '../binance-error.ts';

/** One WebSocket API request (developers.binance.com, WebSocket API "Request format"). */
export interface WsApiRequest {
  /** Echoed in the answer: a number, a string or null, as sent. */
  id: number | string | null;
  method: string;
  params: Record<string, string>;
}

/** A request id Binance accepts: a 64-bit integer, a string of at most 36 characters, or null. */
const validId = (id: unknown): id is number | string | null =>
  id === null || (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length <= 36);

/**
 * Reads one text frame. Parameter values are numbers, strings or booleans and are kept as the strings the
 * signature covers; a value holding `&`, `=`, `%` or `+` is refused, as it could not be signed unambiguously here.
 * The `signature` itself is not covered, and an Ed25519 key's is base64 (`+`, `/`, `=`), so it is left as sent.
 */
export function readRequest(text: string): { id: WsApiRequest['id']; request?: WsApiRequest; error?: BinanceError } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { id: null, error: new BinanceError(400, -1000, 'Malformed request: the frame is not JSON.') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { id: null, error: new BinanceError(400, -1000, 'Malformed request: the frame is not an object.') };
  const { id, method, params = {} } = body as { id?: unknown; method?: unknown; params?: unknown };
  if (!validId(id)) return { id: null, error: new BinanceError(400, -1000, "Malformed request: invalid 'id'.") };
  if (typeof method !== 'string')
    return {
      id,
      error: new BinanceError(400, -1102, "Mandatory parameter 'method' was not sent, was empty/null, or malformed."),
    };
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return { id, error: new BinanceError(400, -1100, "Illegal characters found in parameter 'params'.") };
  const read: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(params)) {
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    if (text === undefined || /[&=%+]/.test(name === 'signature' ? '' : name + text))
      return { id, error: new BinanceError(400, -1100, `Illegal characters found in parameter '${name}'.`) };
    read[name] = text;
  }
  return { id, request: { id, method, params: read } };
}

/**
 * The request's parameters as the query string the REST door's signature check reads: every parameter but `signature`,
 * sorted by name, `name=value` joined by `&` (developers.binance.com, WebSocket API "SIGNED request security": the
 * payload is the sorted parameters), with the signature appended, form-encoded. signedQuery({timestamp: '2', apiKey:
 * 'k', signature: 's'}) → 'apiKey=k&timestamp=2&signature=s'.
 */
export function signedQuery(params: Record<string, string>): string {
  const names = Object.keys(params)
    .filter((n) => n !== 'signature')
    .sort();
  const payload = names.map((n) => `${n}=${params[n]}`).join('&');
  // Encoded as a form value, since the REST reader decodes it (a base64 `+` would otherwise read as a space).
  return params.signature === undefined ? payload : `${payload}&signature=${encodeURIComponent(params.signature)}`;
}
