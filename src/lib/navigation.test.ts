import { describe, expect, it } from 'vitest';
import { safeRedirect } from './navigation.ts';

/** Ways to write another site's address that a naive "starts with one slash" check lets through, and more. */
const ATTACKS = [
  '//evil.example',
  '///evil.example',
  '////evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/\t/evil.example/',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/ /evil.example'.replace(' ', '\t'),
  ' //evil.example',
  '%2F%2Fevil.example',
  'https://evil.example',
  'http:evil.example',
  'HTTPS://evil.example/x',
  '//evil.example@here',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  '//%09/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/x/../..//evil.example',
  '//evil.example:80/',
  '/\u0000/evil.example',
  '\u200b//evil.example',
  'evil.example',
  '',
  '?next=//evil',
  '#//evil',
  '//[::1]/',
  '//127.0.0.1:4321',
];

describe('safeRedirect', () => {
  it.each(ATTACKS)('keeps %j on this site', (target) => {
    const to = safeRedirect(target, 'en');
    const resolved = new URL(to, 'https://ours.example');
    expect(resolved.origin).toBe('https://ours.example');
    expect(to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')).toBe(true);
  });

  it.each(['//evil.example', '/\t/evil.example/', 'https://evil.example', '/\\evil.example'])(
    'sends %j home in the page language',
    (target) => {
      expect(safeRedirect(target, 'de')).toBe('/de/home/index');
      expect(safeRedirect(target, 'en')).toBe('/home/index');
    },
  );

  it('falls back home when there is no target', () => {
    expect(safeRedirect(null, 'ja')).toBe('/ja/home/index');
  });

  it.each([
    ['/trade/index?type=spot&symbol=btcusdt', '/trade/index?type=spot&symbol=btcusdt'],
    ['/de/user/index?key=overview', '/de/user/index?key=overview'],
    ['/assets/index?key=recharge#top', '/assets/index?key=recharge#top'],
    ['/exchange/full-screen/BTC_USDT', '/exchange/full-screen/BTC_USDT'],
    ['/news/../trade/index', '/trade/index'],
  ])('keeps our own page %j', (target, expected) => {
    expect(safeRedirect(target, 'en')).toBe(expected);
  });
});
