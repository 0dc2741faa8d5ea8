import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The dictionaries on disk, for Node (the server and tests): `messages/<area>/<locale>.json`, one folder per
 * area of the product, so areas are written and translated independently. A locale's dictionary is the merge
 * of its files across areas; a key may live in one area only.
 */
const root = new URL('./messages/', import.meta.url);

export function dictionaryAreas(): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function loadArea(area: string, locale: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${area}/${locale}.json`, root), 'utf8'));
}

/** A locale's whole dictionary; an area not yet translated is left out, so its keys fall back to English. */
export function loadDictionary(locale: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const area of dictionaryAreas()) {
    if (!existsSync(new URL(`${area}/${locale}.json`, root))) continue;
    for (const [key, value] of Object.entries(loadArea(area, locale))) {
      if (key in merged) throw new Error(`i18n key ${key} is defined in two areas`);
      merged[key] = value;
    }
  }
  return merged;
}
