import { describe, expect, it } from 'vitest';
import { jsonScriptText, pageMessages, pickMessages } from './messages.ts';

describe('messages for islands and for the page', () => {
  it('leaves the shared errors and validation out of an island’s slice, and gives them to the page', () => {
    const island = pickMessages('de', ['trade.', 'error.']);
    expect(island['trade.buy']).toBeDefined();
    expect(Object.keys(island).some((k) => k.startsWith('error.') || k.startsWith('validation.'))).toBe(false);
    const page = pageMessages('de');
    expect(page['error.notFound']).toBeDefined();
    expect(Object.keys(page).every((k) => k.startsWith('error.') || k.startsWith('validation.'))).toBe(true);
  });

  it('writes JSON no message can close the script element with', () => {
    const text = jsonScriptText({ a: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>' });
  });
});
