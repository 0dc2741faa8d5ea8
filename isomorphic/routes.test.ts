import { describe, expect, it } from 'vitest';
import { CONTRACT_KINDS } from './contract/perpetual.ts';
import { FALLBACK_PATH, FULL_CONTRACT_TYPES, REDIRECTS, inviteRedirect, showFooter, showTopBar } from './routes.ts';

describe('inviteRedirect', () => {
  it.each<[string, string | undefined]>([
    ['/i&K7QX2MPA', '/user/register?invite_code=K7QX2MPA'],
    // The language of the path is kept.
    ['/de/i&abc?x=1', '/de/user/register?invite_code=abc'],
    ['/zh-CN/i&K7QX2MPA', '/zh-CN/user/register?invite_code=K7QX2MPA'],
    ['/zh-CN/i%26K7QX2MPA', '/zh-CN/user/register?invite_code=K7QX2MPA'],
    ['/de/home/i&Q1', '/de/user/register?invite_code=Q1'],
    ['/en/i&Q1', '/user/register?invite_code=Q1'],
    ['/xx/i&Q1', '/user/register?invite_code=Q1'],
    ['/i%26ABC', '/user/register?invite_code=ABC'],
    ['/de/i%26ABC', '/de/user/register?invite_code=ABC'],
    ['/i&K7QX2MPA/', '/user/register?invite_code=K7QX2MPA'],
    ['/i&K7QX2MPA/extra/path', '/user/register?invite_code=K7QX2MPA'],
    ['/i&K7QX2MPA#top', '/user/register?invite_code=K7QX2MPA'],
    ['/i&K7QX2MPA&lang=de', '/user/register?invite_code=K7QX2MPA'],
    ['/home/i&Q1', '/user/register?invite_code=Q1'],
    // No code after the marker.
    ['/i&', '/user/register'],
    ['/de/i&', '/de/user/register'],
    ['/i&?x=1', '/user/register'],
    ['/i&/', '/user/register'],
    ['/i&---', '/user/register'],
    // Junk characters are stripped from the code.
    ['/i&K7-QX_2!MPA', '/user/register?invite_code=K7QX2MPA'],
    ['/i&<script>x', '/user/register?invite_code=scriptx'],
    ['/i&%22AB%20C%22', '/user/register?invite_code=ABC'],
    ['/i&ÄBç1', '/user/register?invite_code=B1'],
    // At most 16 characters are kept.
    ['/i&' + 'A'.repeat(16), '/user/register?invite_code=' + 'A'.repeat(16)],
    ['/i&' + 'A'.repeat(16) + 'BCD', '/user/register?invite_code=' + 'A'.repeat(16)],
    // A malformed escape is matched as typed.
    ['/i&AB%ZZ', '/user/register?invite_code=ABZZ'],
    // Not invite addresses.
    ['/', undefined],
    ['/home/index', undefined],
    ['/de/user/register?invite_code=X', undefined],
    ['/i', undefined],
    ['/i/ABC', undefined],
    ['/iABC', undefined],
    ['i&ABC', undefined],
    ['/x?i&ABC', undefined],
    ['', undefined],
  ])('%j → %j', (url, expected) => {
    expect(inviteRedirect(url)).toBe(expected);
  });
});

describe('showFooter', () => {
  it.each<[string, boolean]>([
    ['/user/login', false],
    ['/user/register', false],
    ['/user/reset', false],
    ['/user', false],
    ['/user/index', true],
    ['/pledge/index', false],
    ['/pledge/add', false],
    ['/pledge/order', false],
    ['/finance/detail', false],
    ['/finance/detail/7', false],
    ['/trade/index', false],
    ['/trade', false],
    ['/exchange/full-screen/BTC_USDT', false],
    ['/exchange/full-screen/', false],
    ['/home/index', true],
    ['/news/index', true],
    ['/exchange/index', true],
    ['/exchange/full-contract/usdt', true],
    ['/finance/investment', true],
    ['/quotes/index', true],
    ['/account/center', true],
    ['/assets/index', true],
    ['/loan/index', true],
    ['/users', true],
  ])('%j → %s', (path, expected) => {
    expect(showFooter(path)).toBe(expected);
  });
});

describe('showTopBar', () => {
  it.each<[string, boolean]>([
    ['/user/login', false],
    ['/user/register', false],
    ['/user/reset', false],
    ['/de/user/login', false],
    ['/anything/with-register-inside', false],
    ['/reset', false],
    ['/user/index', true],
    ['/user', true],
    ['/home/index', true],
    ['/trade/index', true],
    ['/exchange/full-screen/BTC_USDT', true],
    ['/', true],
  ])('%j → %s', (path, expected) => {
    expect(showTopBar(path)).toBe(expected);
  });
});

describe('REDIRECTS', () => {
  it('holds exactly the bare-path redirects of docs/requirements.md §2', () => {
    expect(REDIRECTS).toEqual({
      '/': '/home/index',
      '/home': '/home/index',
      '/user': '/user/login',
    });
  });

  it.each(Object.entries(REDIRECTS))('%j leads to a page that does not redirect again', (_from, to) => {
    expect(REDIRECTS[to]).toBeUndefined();
  });

  it('falls back to /home/index', () => {
    expect(FALLBACK_PATH).toBe('/home/index');
  });
});

describe('FULL_CONTRACT_TYPES', () => {
  it("answers to every kind by its own name and to the requirements' u for the USDT-margined one", () => {
    for (const kind of CONTRACT_KINDS) expect(FULL_CONTRACT_TYPES[kind]).toBe(kind);
    expect(FULL_CONTRACT_TYPES.u).toBe('usdt');
    expect(new Set(Object.values(FULL_CONTRACT_TYPES))).toEqual(new Set(CONTRACT_KINDS));
  });
});
