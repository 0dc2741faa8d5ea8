import i18next, { type i18n as I18n } from 'i18next';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';

export type Messages = Record<string, string>;
export type T = (key: string, params?: Record<string, unknown>) => string;

let instance: I18n | undefined;

/** The element the layout writes the page's shared messages into (src/lib/i18n/messages.ts, pageMessages). */
export const PAGE_MESSAGES_ID = 'page-messages';

function instanceFor(locale: string): I18n {
  if (!instance || instance.language !== locale) {
    instance = i18next.createInstance();
    void instance.init({
      lng: locale,
      resources: {},
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    // In the browser the page's shared messages are there before any island hydrates.
    // (A test's stand-in document may have no elements at all.)
    const shared =
      typeof document !== 'undefined' && typeof document.getElementById === 'function'
        ? document.getElementById(PAGE_MESSAGES_ID)
        : null;
    if (shared?.textContent) instance.addResources(locale, 'translation', JSON.parse(shared.textContent));
  }
  return instance;
}

/**
 * The page's one i18next instance. Each island brings the slice of the dictionary it needs as a prop (see
 * pickMessages) and the page brings the messages all share, so hydration needs no extra request and renders the
 * same text the server rendered.
 */
export function useMessages(locale: Locale, messages: Messages): T {
  const current = instanceFor(locale);
  current.addResources(locale, 'translation', messages);
  return (key, params) => current.t(key, params ?? {}) as string;
}

/**
 * The layout's part while the site is built: the page's shared messages for the islands it renders, as the browser
 * will read them from the page.
 */
export function addPageMessages(locale: Locale, messages: Messages): void {
  instanceFor(locale).addResources(locale, 'translation', messages);
}

/** The page's translator; a key neither the page nor any island has brought reads as itself. */
export function translate(key: string, params?: Record<string, unknown>): string {
  if (!instance && typeof document !== 'undefined' && document.documentElement?.lang)
    instanceFor(document.documentElement.lang);
  return instance ? (instance.t(key, params ?? {}) as string) : key;
}
