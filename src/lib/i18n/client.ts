import i18next, { type i18n as I18n } from 'i18next';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';

export type Messages = Record<string, string>;
export type T = (key: string, params?: Record<string, unknown>) => string;

let instance: I18n | undefined;

/**
 * The page's one i18next instance. Each island brings the slice of the dictionary it needs as a prop (see
 * pickMessages), so hydration needs no extra request and renders the same text the server rendered.
 */
export function useMessages(locale: Locale, messages: Messages): T {
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
  }
  instance.addResources(locale, 'translation', messages);
  const current = instance;
  return (key, params) => current.t(key, params ?? {}) as string;
}

/** The page's translator once any island has brought messages; keys not yet loaded read as themselves. */
export function translate(key: string, params?: Record<string, unknown>): string {
  return instance ? (instance.t(key, params ?? {}) as string) : key;
}
