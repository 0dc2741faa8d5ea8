import { describe, expect, it } from 'vitest';
import { isWebAddress } from './web-address.ts';

describe('isWebAddress', () => {
  it.each<[string, boolean]>([
    ['https://example.com', true],
    ['http://example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['Http://example.com/path?q=1#frag', true],
    ['https://sub.example.co.uk:8443/a/b', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1', true],
    ['https://[::1]/', true],
    ['https://user:pass@example.com', true],
    ['https://例子.中国', true],
    ['example.com', false],
    ['www.example.com', false],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['https:example.com', false],
    ['https:/example.com', false],
    ['http://', false],
    ['https://', false],
    ['https:// example.com', false],
    ['https://exa mple.com', false],
    ['https://example.com/a b', false],
    [' https://example.com', false],
    ['https://example.com ', false],
    ['https://exa<mple.com', false],
    ['', false],
  ])('%j → %s', (s, expected) => {
    expect(isWebAddress(s)).toBe(expected);
  });
});
