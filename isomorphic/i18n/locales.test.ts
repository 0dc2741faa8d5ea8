import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_NAMES,
  isLocale,
  localeOfPath,
  localizePath,
  pickLocale,
  stripLocale,
  type Locale,
} from './locales.ts';

describe('LOCALES', () => {
  it('lists the 13 locales with English as default', () => {
    expect(LOCALES).toEqual(['en', 'zh-CN', 'zh-TW', 'ko', 'ja', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'lt']);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
  });
});

describe('pickLocale', () => {
  it.each<[Array<string | undefined | null>, Locale]>([
    [['zh-cn'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['ZH-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-TW'], 'zh-TW'],
    [['zh-tw'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['de-DE,de;q=0.9'], 'de'],
    [['de-DE,de;q=0.9,en;q=0.8'], 'de'],
    [['de'], 'de'],
    [['DE'], 'de'],
    [['pt-BR'], 'pt'],
    [['pt-PT'], 'pt'],
    [['en-US'], 'en'],
    [['en-GB,en;q=0.9'], 'en'],
    [['ja-JP'], 'ja'],
    [['ko-KR'], 'ko'],
    [['fr-CA'], 'fr'],
    [['es-419'], 'es'],
    [['ru'], 'ru'],
    [['lt-LT'], 'lt'],
    [['vi-VN'], 'vi'],
    [['th-TH'], 'th'],
    [['  ja  '], 'ja'],
    [['xx-YY,fr;q=0.8'], 'fr'],
    [[';q=0.5,ko'], 'ko'],
    [['it-IT'], 'en'],
    [['xx'], 'en'],
    [['*'], 'en'],
    [[''], 'en'],
    [[' , ;q=1'], 'en'],
    [[], 'en'],
    [[undefined], 'en'],
    [[null], 'en'],
    // Candidates in order: the first that names a locale wins.
    [[undefined, 'ja'], 'ja'],
    [['', 'de-DE'], 'de'],
    [['xx', 'fr'], 'fr'],
    [['ko', 'ja'], 'ko'],
    [['it', null, 'es-ES'], 'es'],
  ])('%j → %s', (candidates, expected) => {
    expect(pickLocale(...candidates)).toBe(expected);
  });
});

describe('isLocale', () => {
  it.each<[unknown, boolean]>([
    ...LOCALES.map((l): [unknown, boolean] => [l, true]),
    ['zh-cn', false],
    ['ZH-CN', false],
    ['zh', false],
    ['DE', false],
    ['de-DE', false],
    ['', false],
    [' de', false],
    [undefined, false],
    [null, false],
    [42, false],
    [['de'], false],
  ])('%j → %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });
});

describe('localeOfPath', () => {
  it.each<[string, Locale]>([
    ['/de/user/login', 'de'],
    ['/de', 'de'],
    ['/de/', 'de'],
    ['/zh-CN/home/index', 'zh-CN'],
    ['/zh-TW', 'zh-TW'],
    ['/lt/news/index', 'lt'],
    ['/user/login', 'en'],
    ['/en/user/login', 'en'],
    ['/zh-cn/home/index', 'en'],
    ['/deutsch/home', 'en'],
    ['/home/de', 'en'],
    ['/', 'en'],
    ['', 'en'],
  ])('%j → %s', (path, expected) => {
    expect(localeOfPath(path)).toBe(expected);
  });
});

describe('stripLocale', () => {
  it.each<[string, string]>([
    ['/de/user/login', '/user/login'],
    ['/de', '/'],
    ['/de/', '/'],
    ['/zh-CN/home/index', '/home/index'],
    ['/ja/exchange/full-screen/BTC_USDT', '/exchange/full-screen/BTC_USDT'],
    ['/user/login', '/user/login'],
    ['/en/user/login', '/en/user/login'],
    ['/deutsch/home', '/deutsch/home'],
    ['/', '/'],
    ['', '/'],
  ])('%j → %j', (path, expected) => {
    expect(stripLocale(path)).toBe(expected);
  });
});

describe('localizePath', () => {
  it.each<[string, Locale, string]>([
    ['/user/login', 'ja', '/ja/user/login'],
    ['/user/login', 'en', '/user/login'],
    ['/de/user/login', 'en', '/user/login'],
    ['/de/user/login', 'fr', '/fr/user/login'],
    ['/de/user/login', 'de', '/de/user/login'],
    ['/', 'de', '/de'],
    ['/', 'en', '/'],
    ['/de', 'en', '/'],
    ['/de', 'zh-TW', '/zh-TW'],
    ['', 'ko', '/ko'],
    ['', 'en', '/'],
  ])('(%j, %s) → %j', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  const PATHS = ['/', '/user/login', '/home/index', '/exchange/full-screen/BTC_USDT', '/article/main/content/2/17'];
  const cases = LOCALES.flatMap((locale) => PATHS.map((path): [Locale, string] => [locale, path]));

  it.each(cases)('round trip in %s for %j', (locale, path) => {
    const localized = localizePath(path, locale);
    const expected = locale === DEFAULT_LOCALE ? path : path === '/' ? `/${locale}` : `/${locale}${path}`;
    expect(localized).toBe(expected);
    expect(localeOfPath(localized)).toBe(locale);
    expect(stripLocale(localized)).toBe(path);
    // Moving between locales keeps the page.
    for (const other of LOCALES) expect(localizePath(localized, other)).toBe(localizePath(path, other));
  });
});
