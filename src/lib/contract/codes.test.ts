import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS, errorKey, type ErrorName } from './codes.ts';

const en: Record<string, string> = JSON.parse(readFileSync(new URL('../i18n/messages/core/en.json', import.meta.url), 'utf8'));

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
