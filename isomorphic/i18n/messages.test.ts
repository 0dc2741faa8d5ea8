import { describe, expect, it } from 'vitest';
import { dictionaryAreas, loadArea, loadDictionary } from './dictionary.node.ts';
import { LOCALES } from './locales.ts';

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/**
 * i18next plurals: `key_one`, `key_other`… A language has exactly the plural categories of its own grammar
 * (Japanese only `other`, Russian `one`/`few`/`many`/`other`), so keys are compared without the suffix.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (k: string) => k.replace(PLURAL, '');
const baseKeys = (d: Record<string, string>) => [...new Set(Object.keys(d).map(baseKey))].sort();
const pluralForms = (d: Record<string, string>, base: string) =>
  Object.keys(d)
    .filter((k) => PLURAL.test(k) && baseKey(k) === base)
    .map((k) => PLURAL.exec(k)![1]!)
    .sort();
/** The English text a key is checked against: the key itself, or English's `other` form for a plural. */
const englishOf = (en: Record<string, string>, k: string) => en[k] ?? en[`${baseKey(k)}_other`];

/** Keys whose value may read the same as English in some language (loanwords, brand-like words). */
const MAY_MATCH_ENGLISH = new Set([
  // German says Order too.
  'perp.cond.order',
  'nav.staking',
  'footer.staking',
  'footer.services',
  'footer.support',
  'auth.tab.email',
  'field.email',
  'user.overview.email',
  'home.account.partner.title',
  'nav.menu',
  'nav.trade.spot',
  'header.uid',
  'field.type',
  'quotes.tab.spot',
  'entrust.tab.spot',
  'trade.limit',
  'trade.chart',
  'trade.spread',
  'earn.kind.pledge',
  'earn.pledge.title',
  'earn.holdings.staking',
]);

it('no key is defined in two areas', () => {
  for (const locale of LOCALES) expect(() => loadDictionary(locale)).not.toThrow();
});

describe.each(dictionaryAreas())('the %s dictionaries', (area) => {
  const en = loadArea(area, 'en');
  it('have the plural forms of English in English', () => {
    for (const base of new Set(
      Object.keys(en)
        .filter((k) => PLURAL.test(k))
        .map(baseKey),
    ))
      expect(pluralForms(en, base)).toEqual(['one', 'other']);
  });
  describe.each(LOCALES.filter((l) => l !== 'en'))('in %s', (locale) => {
    const dict = (() => {
      try {
        return loadArea(area, locale);
      } catch {
        return {} as Record<string, string>; // a missing file fails the key check below
      }
    })();
    it('have exactly the keys of English', () => {
      expect(baseKeys(dict)).toEqual(baseKeys(en));
    });
    it('have exactly the plural forms of their language', () => {
      const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
      const plurals = [
        ...new Set(
          Object.keys(en)
            .filter((k) => PLURAL.test(k))
            .map(baseKey),
        ),
      ];
      for (const base of plurals) expect({ base, forms: pluralForms(dict, base) }).toEqual({ base, forms: categories });
    });
    it('keep every placeholder', () => {
      const broken = Object.keys(dict).filter(
        (k) => JSON.stringify(placeholders(dict[k]!)) !== JSON.stringify(placeholders(englishOf(en, k) ?? '')),
      );
      expect(broken).toEqual([]);
    });
    it('are translated, not copies of English', () => {
      const copied = Object.keys(en).filter(
        // A coin's name is a proper noun that Latin-script languages write as English does ("Bitcoin").
        (k) => dict[k] === en[k] && /[a-z]{3}/.test(en[k]!) && !MAY_MATCH_ENGLISH.has(k) && !k.startsWith('coin.name.'),
      );
      expect(copied).toEqual([]);
    });
    it('have no empty values', () => {
      expect(Object.entries(dict).filter(([, v]) => !v.trim())).toEqual([]);
    });
  });
});
