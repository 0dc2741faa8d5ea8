import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLANK_FIGURES,
  parseFigures,
  SERVED_TICKER_ID,
  type TickerFigures,
} from '../../isomorphic/contract/served-ticker.ts';
import type { MarketEntry } from '../../isomorphic/contract/spot.ts';
import { TickerView } from '../../src/islands/spot/TickerBar.tsx';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { fillTicker, negotiate, SERVED_TTL_MS, ServedPages } from './served-page.ts';

const t = (key: string) => `[${key}]`;
/** The header as the island renders it: what Astro writes into the built page, and the client's first frame. */
const header = (figures: TickerFigures) => renderToString(createElement(TickerView, { t, figures, served: true }));
/** A built page around the header, as Astro lays one out (the island inside <body>, scripts in <head>). */
const page = (figures: TickerFigures) =>
  `<!DOCTYPE html><html lang="en"><head><script type="module">let a = 1;</script></head><body><main>` +
  `<astro-island>${header(figures)}</astro-island></main></body></html>`;

const FIGURES: TickerFigures = {
  symbol: 'btcusdt',
  pair: 'BTC/USDT',
  price: '91,234.56',
  tone: 'down',
  change: '-1.25%',
  high: '93,000.00',
  low: '90,100.00',
  volume: '1.2K',
  turnover: '110.5M',
  baseUnit: ' (BTC)',
  quoteUnit: ' (USDT)',
};

describe('the trade header filled into the built page', () => {
  it('is exactly what the island renders from the same figures, so hydration finds its own HTML', () => {
    const filled = fillTicker(page(BLANK_FIGURES), FIGURES)!;
    expect(filled).toContain(header(FIGURES));
    expect(filled).not.toContain(header(BLANK_FIGURES));
    expect(filled).toContain('>91,234.56</strong>');
    expect(filled).toContain('ticker-bar__price is-down');
  });

  it('escapes what it writes into the HTML and into the JSON block, which reads back as the figures', () => {
    const hostile = { ...FIGURES, pair: '</script><script>alert(1)</script>&"\'' };
    const filled = fillTicker(page(BLANK_FIGURES), hostile)!;
    expect(filled).toContain(header(hostile));
    expect(filled).not.toContain('<script>alert(1)');
    const block = new RegExp(`<script type="application/json" id="${SERVED_TICKER_ID}">([^<]*)</script></head>`).exec(
      filled,
    );
    expect(parseFigures(block?.[1])).toEqual(hostile);
  });

  it('leaves a page without the marked header alone, and a damaged block is not trusted', () => {
    expect(fillTicker('<html><head></head><body><h1>News</h1></body></html>', FIGURES)).toBeNull();
    expect(parseFigures('{"price":"1"}')).toBeNull();
    expect(parseFigures(JSON.stringify({ ...FIGURES, tone: 'sideways' }))).toBeNull();
    expect(parseFigures('not json')).toBeNull();
  });

  it('negotiates brotli, then gzip, and honours a refusal', () => {
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, br;q=0')).toBe('gzip');
    expect(negotiate('identity')).toBe('identity');
    expect(negotiate(undefined)).toBe('identity');
    expect(negotiate('*')).toBe('br');
  });

  it('fills once per pair and time to live, compresses each encoding once, and refills a rebuilt file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumex-served-'));
    const file = join(dir, 'index.html');
    writeFileSync(file, page(BLANK_FIGURES));
    let now = 1_000_000;
    let asked = 0;
    const pages = new ServedPages(
      (symbol) => (asked++, symbol === 'btcusdt' ? FIGURES : null),
      () => now,
    );
    try {
      const br = pages.body(file, 'btcusdt', 'br')!;
      expect(pages.body(file, 'btcusdt', 'br')).toBe(br);
      const raw = pages.body(file, 'btcusdt', 'identity')!;
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(pages.body(file, 'btcusdt', 'gzip')!).equals(raw)).toBe(true);
      expect(asked).toBe(1);
      expect(pages.body(file, 'nopeusdt', 'br')).toBeNull();
      now += SERVED_TTL_MS;
      expect(pages.body(file, 'btcusdt', 'br')).not.toBe(br);
      expect(asked).toBe(3);
      // A new build of the page: its new text is filled at once, whatever the time to live.
      writeFileSync(file, page(BLANK_FIGURES).replace('<main>', '<main data-build="2">'));
      utimesSync(file, new Date(now + 5000), new Date(now + 5000));
      expect(pages.body(file, 'btcusdt', 'identity')!.toString()).toContain('data-build="2"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sends pages as built once a second's work budget is spent, and fills again the next second", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumex-served-'));
    const file = join(dir, 'index.html');
    writeFileSync(file, page(BLANK_FIGURES));
    let now = 1_000_000;
    // Any real fill costs more than a nanosecond: the first is allowed (the budget was untouched), then none.
    const pages = new ServedPages(
      () => FIGURES,
      () => now,
      1e-6,
    );
    try {
      expect(pages.body(file, 'btcusdt', 'identity')).not.toBeNull();
      expect(pages.body(file, 'btcusdt', 'br')).toBeNull();
      expect(pages.body(file, 'ethusdt', 'identity')).toBeNull();
      now += 1000;
      expect(pages.body(file, 'ethusdt', 'identity')!.toString()).toContain(FIGURES.price);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the trade screen served with its pair', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'lumex-served-dist-'));
  const built = page(BLANK_FIGURES);

  beforeAll(async () => {
    for (const dir of ['trade/index', 'de/trade/index', 'exchange/full-screen', 'home/index']) {
      mkdirSync(join(dist, dir), { recursive: true });
      writeFileSync(join(dist, dir, 'index.html'), built);
    }
    db = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(db.db, { DIST_DIR: dist }));
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding = 'identity') =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it("carries the pair's last price and change from the market list, in every language, with the page's policy", async () => {
    const list = await api<{ currencyList: MarketEntry[] }>(app, '/api/common/getCoinList', { payload: {} });
    const btc = list.data.currencyList.find((m) => m.symbol === 'btcusdt')!;
    for (const url of ['/trade/index?type=spot&symbol=btcusdt', '/de/trade/index?symbol=BTCUSDT']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("'sha256-");
      const figures = parseFigures(new RegExp(`id="${SERVED_TICKER_ID}">([^<]*)<`).exec(res.body)?.[1])!;
      expect(figures.pair).toBe('BTC/USDT');
      expect(Number(figures.price.replaceAll(',', ''))).toBe(Number(btc.close));
      expect(res.body).toContain(`data-served="price">${figures.price}</strong>`);
      expect(res.body).toContain(header(figures));
    }
    const full = await get('/exchange/full-screen/ETH_USDT');
    expect(full.body).toContain('data-served="pair">ETH/USDT</h1>');
  });

  it('sends the same page compressed as brotli and gzip', async () => {
    const plain = (await get('/trade/index?type=spot&symbol=btcusdt')).rawPayload;
    const br = await get('/trade/index?type=spot&symbol=btcusdt', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    const gz = await get('/trade/index?type=spot&symbol=btcusdt', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
  });

  it('sends the built page untouched for an unknown pair, another product, no pair, or another page', async () => {
    for (const url of [
      '/trade/index?type=spot&symbol=nopeusdt',
      '/trade/index?type=spot&symbol=%3Cscript%3E',
      '/trade/index?type=sec&symbol=btcusdt',
      '/trade/index?type=spot',
      '/home/index?symbol=btcusdt',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(readFileSync(join(dist, 'trade/index/index.html'), 'utf8'));
    }
  });
});
