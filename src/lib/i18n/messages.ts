import { DEFAULT_LOCALE, type Locale } from '../../../isomorphic/i18n/locales.ts';

type Dictionary = Record<string, string>;
// messages/<area>/<locale>.json, merged per locale (see dictionary.node.ts for the layout).
const modules = import.meta.glob<Dictionary>('../../../isomorphic/i18n/messages/*/*.json', {
  eager: true,
  import: 'default',
});
const byLocale = new Map<string, Dictionary>();
for (const [path, dict] of Object.entries(modules)) {
  const locale = path.replace(/^.*\/(.+)\.json$/, '$1');
  byLocale.set(locale, { ...byLocale.get(locale), ...dict });
}

/** Build-time lookup for Astro pages: t('de')('nav.home') → 'Startseite'. Missing keys fall back to English. */
export function translator(locale: Locale) {
  const dict = byLocale.get(locale) ?? {};
  const en = byLocale.get(DEFAULT_LOCALE) ?? {};
  return (key: string, params: Record<string, string | number> = {}) =>
    (dict[key] ?? en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The slice of a locale's dictionary whose keys start with one of the prefixes, for an island's props; a key the
 * locale lacks comes in English, never as the bare key.
 */
export function pickMessages(locale: Locale, prefixes: string[]): Dictionary {
  const dict = { ...byLocale.get(DEFAULT_LOCALE), ...byLocale.get(locale) };
  const out: Dictionary = {};
  for (const [key, value] of Object.entries(dict)) if (prefixes.some((p) => key.startsWith(p))) out[key] = value;
  return out;
}
