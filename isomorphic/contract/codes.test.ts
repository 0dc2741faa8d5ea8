import { describe, expect, it } from 'vitest';
import { loadDictionary } from '../i18n/dictionary.node.ts';
import { ERRORS, errorKey, type ErrorName } from './codes.ts';

/** English merged across every area: each slice keeps its own error messages (core, wallet, trade, …). */
const en: Record<string, string> = loadDictionary('en');

describe('result codes', () => {
  it('are unique', () => {
    const codes = Object.values(ERRORS);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it.each(Object.keys(ERRORS) as ErrorName[])('%s has a message', (name) => {
    expect(en[errorKey(name)]).toBeTruthy();
  });
  it('keep domain codes out of the HTTP range', () => {
    const domain = Object.entries(ERRORS).filter(([, code]) => code >= 600);
    expect(domain.every(([, code]) => code >= 1000)).toBe(true);
  });
});
