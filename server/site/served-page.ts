import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SERVED_TICKER_ID, type TickerFigures } from '../../isomorphic/contract/served-ticker.ts';

/**
 * The trade screen's HTML with its header filled for the requested pair (issue 30,
 * isomorphic/contract/served-ticker.ts): the page is built once for every pair, so without this its first paint shows
 * dashes and the last price waits for the scripts and the market list (3 s on Lighthouse's phone). The fill rewrites
 * only what TickerView marks: the text of each `data-served="<figure>"` element and the `is-up|down|flat` class in its
 * tag; and it puts the same figures in a JSON block in <head>, which the island's first frame renders from, so React
 * finds its own HTML there.
 */

/** Each marked element with its text: `<tag …data-served="key"…>text</tag>`. React writes one text node per figure. */
const MARKED = /<([a-z][a-z0-9]*)(\s[^>]*?(?<=\s)data-served="([A-Za-z]+)"[^>]*)>([^<]*)<\/\1>/g;

/** Escaped as React escapes text, so the filled header is byte for byte the island's own render. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** The page with the figures filled in; null when it has no marked header or no <head> (then it is sent as built). */
export function fillTicker(html: string, figures: TickerFigures): string | null {
  let marked = 0;
  const filled = html.replace(MARKED, (whole, tag: string, attrs: string, key: string) => {
    if (!Object.hasOwn(figures, key) || key === 'symbol' || key === 'tone') return whole;
    marked++;
    const toned = attrs.replace(/\bis-(?:up|down|flat)\b/, `is-${figures.tone}`);
    return `<${tag}${toned}>${escapeHtml(figures[key as keyof TickerFigures])}</${tag}>`;
  });
  const head = filled.indexOf('</head>');
  if (!marked || head < 0) return null;
  // A data block, not a script: the page's CSP (csp.ts) need not allow it. `<` is escaped so no text closes it.
  const json = JSON.stringify(figures).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${SERVED_TICKER_ID}">${json}</script>`;
  return filled.slice(0, head) + block + filled.slice(head);
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a `;q=0` refuses one). */
export function negotiate(accept: string | undefined): Encoding {
  const offered = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity';
}

interface Entry {
  expires: number;
  mtimeMs: number;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/** How long a filled page is reused: the island goes live on the feed's prices at once, the HTML is a first paint. */
export const SERVED_TTL_MS = 1000;
/** Pages kept at most (13 languages × the pairs asked for in the last second); past that the oldest go. */
const MAX_ENTRIES = 512;
/**
 * CPU the fills and compressions may take per second, in ms (a tenth of a core). Anyone can ask for 13 languages ×
 * every pair × 3 encodings; past the budget a page is sent as built (dashes until the island draws the price), so the
 * header's fill can never be turned into load on the server.
 */
export const SERVED_WORK_MS_PER_S = 100;

/**
 * Filled pages per file and pair, kept for SERVED_TTL_MS with each encoding compressed once when first asked for, so
 * a burst of visitors costs one fill and one compression per pair a second, not one per request.
 */
export class ServedPages {
  private readonly entries = new Map<string, Entry>();
  private readonly templates = new Map<string, { mtimeMs: number; html: string }>();

  private readonly figuresOf: (symbol: string) => TickerFigures | null;
  private readonly now: () => number;
  private work = { second: 0, spentMs: 0 };

  private readonly workMsPerS: number;

  /** `figuresOf`: the header's figures for a pair, or null for a pair the page cannot show (unknown, not spot). */
  constructor(
    figuresOf: (symbol: string) => TickerFigures | null,
    now: () => number = Date.now,
    workMsPerS = SERVED_WORK_MS_PER_S,
  ) {
    this.figuresOf = figuresOf;
    this.now = now;
    this.workMsPerS = workMsPerS;
  }

  /** The page `file` for `symbol` in `encoding`; null when there is nothing to fill (the static file is sent). */
  body(file: string, symbol: string, encoding: Encoding): Buffer | null {
    const { mtimeMs } = statSync(file);
    const key = `${file}\n${symbol}`;
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expires <= now || entry.mtimeMs !== mtimeMs) {
      if (!this.mayWork(now)) return null;
      const started = performance.now();
      const figures = this.figuresOf(symbol);
      const html = figures && fillTicker(this.template(file, mtimeMs), figures);
      this.spent(started);
      if (!html) return null;
      entry = { expires: now + SERVED_TTL_MS, mtimeMs, bodies: { identity: Buffer.from(html) } };
      this.remember(key, entry, now);
    }
    const kept = entry.bodies[encoding];
    if (kept) return kept;
    if (!this.mayWork(now)) return null;
    const started = performance.now();
    const body = compress(entry.bodies.identity!, encoding);
    this.spent(started);
    entry.bodies[encoding] = body;
    return body;
  }

  /** Whether this second's work budget (SERVED_WORK_MS_PER_S) has room left. */
  private mayWork(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.work.second) this.work = { second, spentMs: 0 };
    return this.work.spentMs < this.workMsPerS;
  }

  private spent(startedAt: number): void {
    this.work.spentMs += performance.now() - startedAt;
  }

  private template(file: string, mtimeMs: number): string {
    const hit = this.templates.get(file);
    if (hit?.mtimeMs === mtimeMs) return hit.html;
    const html = readFileSync(file, 'utf8');
    this.templates.set(file, { mtimeMs, html });
    return html;
  }

  private remember(key: string, entry: Entry, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
      // Still full of live pages: the oldest (first inserted) go first.
      for (const k of this.entries.keys()) {
        if (this.entries.size < MAX_ENTRIES) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, entry);
  }
}

/**
 * A filled page compressed for sending: brotli at quality 5 and gzip at 6, fast enough to make once a second per pair
 * (the built files' maximum levels are for files compressed once per build; figures in docs/benchmarks.md).
 */
function compress(raw: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  if (encoding === 'gzip') return gzipSync(raw, { level: 6 });
  return raw;
}
