import { describe, expect, it } from 'vitest';
import { themeBootScript } from './boot.ts';

/** Runs the head's script against a page with this storage and config, and answers what <html data-theme> became. */
function themeAfterBoot(stored: Record<string, string>, config?: { storagePrefix: string }): string | undefined {
  let theme: string | undefined;
  const document = { documentElement: { setAttribute: (k: string, v: string) => k === 'data-theme' && (theme = v) } };
  const localStorage = { getItem: (k: string) => stored[k] ?? null };
  const window = { __PLATFORM__: config };
  new Function('window', 'localStorage', 'document', themeBootScript())(window, localStorage, document);
  return theme;
}

const wrapper = (content: unknown) =>
  JSON.stringify({ dataType: 'object', content, type: 'localStorage', datetime: 1 });

describe('the theme script in the page head', () => {
  it('writes the stored night theme before anything is drawn', () => {
    expect(themeAfterBoot({ 'lumex:settings': wrapper({ theme: 'night' }) })).toBe('night');
  });

  it('reads the key under the configured storage prefix', () => {
    const stored = { 'acme:settings': wrapper({ theme: 'night' }), 'lumex:settings': wrapper({ theme: 'daytime' }) };
    expect(themeAfterBoot(stored, { storagePrefix: 'acme:' })).toBe('night');
  });

  it.each([
    ['nothing stored', {}],
    ['settings from before the theme', { 'lumex:settings': wrapper({ timeZone: 'UTC' }) }],
    ['an unknown theme', { 'lumex:settings': wrapper({ theme: 'sepia' }) }],
    ['broken JSON', { 'lumex:settings': '{' }],
  ])('falls back to daytime on %s', (_label, stored) => {
    expect(themeAfterBoot(stored)).toBe('daytime');
  });

  it('leaves no names behind on the page', () => {
    expect(themeBootScript()).toMatch(/^\(function\(\)\{.*\}\)\(\);$/);
  });
});
