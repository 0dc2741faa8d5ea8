import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../isomorphic/i18n/locales.ts';
import { COLLECTIONS, SCHEMAS, type CollectionName, type Frontmatter } from '../../isomorphic/content/schema.ts';
import { parseFrontmatter } from './frontmatter.ts';

/** The content files the site is built from: src/content/<collection>/<locale>/<slug>.md. */
const CONTENT_ROOT = new URL('../../src/content/', import.meta.url);

interface FileEntry<C extends CollectionName = CollectionName> {
  slug: string;
  locale: Locale;
  data: Frontmatter<C>;
  body: string;
}

export type ContentFiles = { [C in CollectionName]: Record<Locale, Array<FileEntry<C>>> };

/**
 * Reads and checks every content file, as the server does once at start. A file that breaks its collection's
 * schema stops the start with its path in the message: better than serving half the help centre.
 */
export function loadContentFiles(root: URL = CONTENT_ROOT): ContentFiles {
  const out = {} as Record<CollectionName, Record<Locale, FileEntry[]>>;
  for (const collection of COLLECTIONS) {
    out[collection] = Object.fromEntries(LOCALES.map((l) => [l, [] as FileEntry[]])) as Record<Locale, FileEntry[]>;
    for (const locale of LOCALES) {
      const dir = new URL(`${collection}/${locale}/`, root);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()) {
        const file = fileURLToPath(new URL(name, dir));
        try {
          const { data, body } = parseFrontmatter(readFileSync(file, 'utf8'));
          const parsed = SCHEMAS[collection].safeParse(data);
          if (!parsed.success)
            throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          out[collection][locale].push({ slug: name.slice(0, -3), locale, data: parsed.data, body });
        } catch (err) {
          throw new Error(`content file ${file}: ${(err as Error).message}`, { cause: err });
        }
      }
    }
  }
  return out as ContentFiles;
}

interface Localized<C extends CollectionName> extends FileEntry<C> {
  /**
   * True when the locale has no translation of the entry and this is the English text (docs/architecture.md, "The
   * site").
   */
  fallback: boolean;
}

/**
 * A collection in one language: every English entry (English is the schema), in the locale's translation when
 * it has one, else in English marked as a fallback. Matching is by frontmatter id.
 */
export function localized<C extends CollectionName>(
  files: ContentFiles,
  collection: C,
  locale: Locale,
): Array<Localized<C>> {
  const own = new Map((files[collection][locale] as Array<FileEntry<C>>).map((e) => [e.data.id, e]));
  return (files[collection][DEFAULT_LOCALE] as Array<FileEntry<C>>).map((en) => {
    const mine = own.get(en.data.id);
    return mine ? { ...mine, fallback: false } : { ...en, fallback: locale !== DEFAULT_LOCALE };
  });
}
