import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Binance's SIGNED scheme (developers.binance.com, "SIGNED request security" and "Timing security"), as pure
 * functions: the payload is the query string followed directly by the body, both as sent, with the `signature`
 * pair left out; the signature is the hex HMAC-SHA256 of it with the key's secret (hex is read in either case).
 */

/** The name of one `name=value` segment of a query string or form body, decoded as forms are (`+` is a space). */
function nameOf(segment: string): string {
  const raw = segment.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function valueOf(segment: string): string | undefined {
  const at = segment.indexOf('=');
  const raw = at < 0 ? '' : segment.slice(at + 1);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

interface SignedRequest {
  /** What the signature covers. */
  payload: string;
  /** The `signature` values sent, wherever they were (exactly one is valid). */
  signatures: string[];
  /** The parameters, body first and the query string over it (Binance: the query string wins). */
  params: Record<string, string>;
  /** A parameter sent twice in the query string or twice in the body, or one that does not decode. */
  malformed?: string;
}

/**
 * readSigned('symbol=LTCBTC&signature=ab', 'quantity=1') → { payload: 'symbol=LTCBTCquantity=1', signatures: ['ab'], …
 * }.
 */
export function readSigned(rawQuery: string, rawBody: string): SignedRequest {
  const signatures: string[] = [];
  const params: Record<string, string> = Object.create(null);
  let malformed: string | undefined;
  const strip = (raw: string): string => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const segment of raw === '' ? [] : raw.split('&')) {
      const name = nameOf(segment);
      const value = valueOf(segment);
      if (name === 'signature') {
        signatures.push(value ?? '');
        continue;
      }
      kept.push(segment);
      if (segment === '') continue;
      if (value === undefined || seen.has(name)) malformed ??= name;
      seen.add(name);
      params[name] = value ?? '';
    }
    return kept.join('&');
  };
  const body = strip(rawBody);
  const query = strip(rawQuery);
  return { payload: query + body, signatures, params, ...(malformed !== undefined ? { malformed } : {}) };
}

/** The hex HMAC-SHA256 of a payload: sign(secret, payload). */
export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** Whether a sent signature is the payload's, compared in constant time and in either case. */
export function signatureMatches(secret: string, payload: string, sent: string): boolean {
  const expected = Buffer.from(sign(secret, payload), 'latin1');
  const given = Buffer.from(sent.toLowerCase(), 'latin1');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Binance's timing rule: a request is processed when its timestamp is less than a second ahead of the server's
 * clock and at most `recvWindow` milliseconds behind it.
 */
export function onTime(timestamp: number, recvWindow: number, now: number): boolean {
  return timestamp < now + 1000 && now - timestamp <= recvWindow;
}
