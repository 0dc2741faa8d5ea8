import { describe, expect, it } from 'vitest';
import { dictionaryAreas, loadArea, loadDictionary } from './dictionary.node.ts';
import { LOCALES } from './locales.ts';

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/** Keys whose value may read the same as English in some language (loanwords, brand-like words). */
const MAY_MATCH_ENGLISH = new Set([
  'nav.staking', 'footer.staking', 'footer.services', 'footer.support', 'auth.tab.email', 'field.email', 'user.overview.email',
  'home.tiers.standard.title', 'home.tiers.premium.title', 'home.tiers.partner.title', 'nav.menu', 'nav.trade.spot', 'header.uid', 'field.type',
  'quotes.tab.spot', 'entrust.tab.spot', 'trade.limit', 'trade.market', 'trade.chart', 'trade.spread',
]);

it('no key is defined in two areas', () => {
  for (const locale of LOCALES) expect(() => loadDictionary(locale)).not.toThrow();
});

describe.each(dictionaryAreas())('the %s dictionaries', (area) => {
  const en = loadArea(area, 'en');
  describe.each(LOCALES.filter((l) => l !== 'en'))('in %s', (locale) => {
    const dict = (() => {
      try {
        return loadArea(area, locale);
      } catch {
        return {} as Record<string, string>; // a missing file fails the key check below
      }
    })();
    it('have exactly the keys of English', () => {
      expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
    });
    it('keep every placeholder', () => {
      const broken = Object.keys(en).filter((k) => JSON.stringify(placeholders(dict[k] ?? '')) !== JSON.stringify(placeholders(en[k]!)));
      expect(broken).toEqual([]);
    });
    it('are translated, not copies of English', () => {
      const copied = Object.keys(en).filter((k) => dict[k] === en[k] && /[a-z]{3}/.test(en[k]!) && !MAY_MATCH_ENGLISH.has(k));
      expect(copied).toEqual([]);
    });
    it('have no empty values', () => {
      expect(Object.entries(dict).filter(([, v]) => !v.trim())).toEqual([]);
    });
  });
});
