import { expect, it } from 'vitest';
import { sitemapXml } from './sitemap.ts';

it('lists every page in every language with all alternates', () => {
  const xml = sitemapXml('https://lumex.example/', ['/news/index', '/news/detail/1']);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toHaveLength(26);
  expect(locs).toContain('https://lumex.example/news/index');
  expect(locs).toContain('https://lumex.example/zh-CN/news/detail/1');
  const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'));
  expect(first.match(/hreflang=/g)).toHaveLength(14);
  expect(first).toContain('hreflang="x-default" href="https://lumex.example/news/index"');
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
});

it('escapes what XML needs escaped', () => {
  expect(sitemapXml('https://a.example', ['/x?a=1&b=2'])).toContain('/x?a=1&amp;b=2');
});
