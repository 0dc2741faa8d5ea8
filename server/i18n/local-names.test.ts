import { describe, expect, it } from 'vitest';
import { nameIn, otherNames } from '../../isomorphic/contract/local-names.ts';
import { LOCALES } from '../../isomorphic/i18n/locales.ts';
import { coinName, namesColumn, namesOfRow, seedNames } from './local-names.ts';

describe('names per language', () => {
  it('seeds a name in all 13 languages from the dictionaries, each its own', () => {
    const names = seedNames((t) => t('productNames.seed.loan', { coin: 'USDT' }));
    expect(Object.keys(names).sort()).toEqual([...LOCALES].sort());
    expect(new Set(Object.values(names)).size).toBe(LOCALES.length);
    expect([names.en, names['zh-CN'], names.de]).toEqual(['Power loan · USDT', '助力贷 · USDT', 'Power-Kredit · USDT']);
  });

  it('stores the other languages beside English and reads a row from before the column as English only', () => {
    const names = { en: 'Winter', 'zh-CN': '冬季' };
    expect(namesOfRow('Winter', namesColumn(names))).toEqual(names);
    expect(namesOfRow('Winter', '{}')).toEqual({ en: 'Winter' });
    // A stray key in the column (written by hand) is not served.
    expect(namesOfRow('Winter', '{"xx":"?","en":"Other"}')).toEqual({ en: 'Winter' });
    expect([nameIn(names, 'zh-CN'), nameIn(names, 'ja')]).toEqual(['冬季', 'Winter']);
  });

  it('refuses a language the site does not have and a name too long; drops an empty one', () => {
    expect(otherNames.safeParse({ 'zh-TW': ' 冬季 ', ko: '  ' })).toEqual({ success: true, data: { 'zh-TW': '冬季' } });
    const issue = (v: unknown) => otherNames.safeParse(v).error?.issues[0]?.message;
    expect(issue({ xx: 'a' })).toBe('validation.productName.language');
    expect(issue({ en: 'a' })).toBe('validation.productName.language');
    expect(issue({ de: 'x'.repeat(81) })).toBe('validation.productName.tooLong');
    expect(issue({ de: 1 })).toBe('validation.invalidType');
  });

  it('names a well-known coin in the language, and a coin listed under another name by that name', () => {
    expect(coinName('zh-CN', 'BTC', 'Bitcoin')).toBe('比特币');
    expect(coinName('ja', 'ETH', 'Ethereum')).toBe('イーサリアム');
    expect(coinName('de', 'BTC', 'Bitcoin')).toBe('Bitcoin');
    // The code reused or the coin renamed by operators: their name, not a translation of another coin's.
    expect(coinName('zh-CN', 'BTC', 'Bitcoin Cash')).toBe('Bitcoin Cash');
    expect(coinName('zh-CN', 'NEWC', 'New coin')).toBe('New coin');
  });
});
