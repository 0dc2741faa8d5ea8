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
  for (const [key, value] of Object.entries(dict))
    if (prefixes.some((p) => key.startsWith(p)) && !isPageMessage(key)) out[key] = value;
  return out;
}

/**
 * Messages any island may need, the server's errors and the forms' validation (about 20 KB in English): the layout
 * writes them once per page (src/lib/i18n/client.ts, PAGE_MESSAGES_ID) instead of every island carrying its own copy
 * in its props, which put them three times into the trade screen's HTML. `pickMessages` leaves them out.
 */
const PAGE_MESSAGES = ['error.', 'validation.'];
const isPageMessage = (key: string) => PAGE_MESSAGES.some((p) => key.startsWith(p));

export function pageMessages(locale: Locale): Dictionary {
  const dict = { ...byLocale.get(DEFAULT_LOCALE), ...byLocale.get(locale) };
  return Object.fromEntries(Object.entries(dict).filter(([key]) => isPageMessage(key)));
}

/** A value as the text of a `<script type="application/json">`: `<` escaped, so no message can close the element. */
export const jsonScriptText = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
