import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';

const load = (locale: string): Record<string, string> => JSON.parse(readFileSync(new URL(`./messages/${locale}.json`, import.meta.url), 'utf8'));
const en = load('en');
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/** Keys whose value may read the same as English in some language (loanwords, brand-like words). */
const MAY_MATCH_ENGLISH = new Set([
  'nav.staking', 'footer.staking', 'footer.services', 'footer.support', 'auth.tab.email', 'field.email', 'user.overview.email',
  'home.tiers.standard.title', 'home.tiers.premium.title', 'home.tiers.partner.title', 'nav.menu', 'nav.trade.spot', 'header.uid', 'field.type',
]);

describe.each(LOCALES.filter((l) => l !== 'en'))('the %s dictionary', (locale) => {
  const dict = load(locale);
  it('has exactly the keys of English', () => {
    expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
  });
  it('keeps every placeholder', () => {
    const broken = Object.keys(en).filter((k) => JSON.stringify(placeholders(dict[k] ?? '')) !== JSON.stringify(placeholders(en[k]!)));
    expect(broken).toEqual([]);
  });
  it('is translated, not a copy of English', () => {
    const copied = Object.keys(en).filter((k) => dict[k] === en[k] && /[a-z]{3}/.test(en[k]!) && !MAY_MATCH_ENGLISH.has(k));
    expect(copied).toEqual([]);
  });
  it('has no empty values', () => {
    expect(Object.entries(dict).filter(([, v]) => !v.trim())).toEqual([]);
  });
});
