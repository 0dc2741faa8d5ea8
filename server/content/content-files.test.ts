import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../isomorphic/content/schema.ts';
import { LOCALES } from '../../isomorphic/i18n/locales.ts';
import { loadContentFiles, localized } from './files.ts';

/**
 * The content files in every language: the same entries as English (the schema), the same metadata, the same
 * document structure, and real translations rather than copies. The sitemap walk in tests/e2e/content.spec.ts
 * checks the built pages; this checks the sources, fast.
 */
const files = loadContentFiles();
const OTHERS = LOCALES.filter((l) => l !== 'en');
const TRANSLATED = ['title', 'summary'];
/** A line of Latin-script prose: three words of three letters or more. */
const PROSE = /(\b[A-Za-z]{3,}\b.*){3}/;

describe.each(COLLECTIONS)('the %s collection', (collection) => {
  const en = files[collection].en;

  it('has English entries with unique ids and slugs', () => {
    expect(en.length).toBeGreaterThan(0);
    expect(new Set(en.map((e) => e.data.id)).size).toBe(en.length);
  });

  describe.each(OTHERS)('in %s', (locale) => {
    const mine = files[collection][locale];
    const bySlug = new Map(mine.map((e) => [e.slug, e]));

    it('has exactly the entries of English, under the same file names', () => {
      expect(mine.map((e) => e.slug).sort()).toEqual(en.map((e) => e.slug).sort());
    });

    it('keeps every field but the text as in English', () => {
      for (const e of en) {
        const t = bySlug.get(e.slug);
        const strip = (d: object) => Object.fromEntries(Object.entries(d).filter(([k]) => !TRANSLATED.includes(k)));
        expect(strip(t?.data ?? {}), e.slug).toEqual(strip(e.data));
      }
    });

    it('is translated, not copied', () => {
      for (const e of en) {
        const t = bySlug.get(e.slug)!;
        expect(t.data.title, `${e.slug} title`).not.toBe(e.data.title);
        expect(t.data.summary, `${e.slug} summary`).not.toBe(e.data.summary);
        const english = new Set(e.body.split('\n').map((l) => l.trim()));
        const copied = t.body.split('\n').filter((l) => PROSE.test(l) && english.has(l.trim()));
        expect(copied, e.slug).toEqual([]);
      }
    });

    it('has the same sections as English', () => {
      const headings = (body: string) => body.split('\n').filter((l) => /^#{2,3} /.test(l)).length;
      for (const e of en) expect(headings(bySlug.get(e.slug)!.body), e.slug).toBe(headings(e.body));
    });
  });
});

describe('the help-centre tree', () => {
  const categories = files.categories.en.map((e) => e.data);
  const sections = files.sections.en.map((e) => e.data);
  const articles = files.articles.en.map((e) => e.data);

  it('has 3 top categories, 2 sections each and 2 articles per section', () => {
    expect(categories).toHaveLength(3);
    for (const c of categories) {
      const own = sections.filter((s) => s.pid === c.id);
      expect(own).toHaveLength(2);
      for (const s of own) expect(articles.filter((a) => a.section === s.id)).toHaveLength(2);
    }
  });

  it('names a real section and its category in every article, with ids unique across the tree', () => {
    for (const a of articles) {
      const section = sections.find((s) => s.id === a.section);
      expect(section?.pid).toBe(a.category);
    }
    const ids = [...categories, ...sections, ...articles].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('localized', () => {
  it('falls back to English, marked, when a translation is missing', () => {
    const partial = { ...files, news: { ...files.news, de: files.news.de.slice(1) } };
    const de = localized(partial, 'news', 'de');
    expect(de).toHaveLength(files.news.en.length);
    const missing = de.find((e) => e.data.id === files.news.de[0]!.data.id)!;
    expect(missing).toMatchObject({ locale: 'en', fallback: true });
    expect(de.filter((e) => e.fallback)).toHaveLength(1);
  });

  it('never marks English as a fallback', () => {
    expect(localized(files, 'rules', 'en').every((e) => !e.fallback)).toBe(true);
  });
});
