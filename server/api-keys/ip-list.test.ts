import { describe, expect, it } from 'vitest';
import { ipAllowed, normalizeIpList } from './ip-list.ts';

describe('the IP allow-list of an API key', () => {
  it('takes addresses and CIDR ranges of both families and refuses anything else', () => {
    expect(normalizeIpList([' 10.0.0.1 ', '2001:db8::/32', '10.0.0.1', '::ffff:192.168.1.2'])).toEqual([
      '10.0.0.1',
      '2001:db8::/32',
      '192.168.1.2',
    ]);
    for (const bad of ['10.0.0', '10.0.0.1/33', 'example.com', '10.0.0.1/8/1', '', '1.2.3.4/-1', '::1/129'])
      expect(normalizeIpList([bad]), bad).toBeUndefined();
  });
  it('lets through only the listed addresses, any address when the list is empty', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '10.20.30.40')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '::ffff:10.20.30.40')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '11.0.0.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8::1')).toBe(true);
    expect(ipAllowed(['127.0.0.1'], 'not an address')).toBe(false);
  });
});
