import { BlockList, isIP } from 'node:net';

/** The IPv4 address inside an IPv4-mapped IPv6 one ('::ffff:10.0.0.1' → '10.0.0.1'); others as they are. */
function plain(ip: string): string {
  const inner = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : '';
  return isIP(inner) === 4 ? inner : ip;
}

/**
 * An allow-list as the user typed it, checked and tidied: addresses and CIDR ranges of IPv4 or IPv6, duplicates
 * dropped; undefined when an entry is neither. normalizeIpList([' 10.0.0.1 ', '2001:db8::/32']) → ['10.0.0.1',
 * '2001:db8::/32'].
 */
export function normalizeIpList(entries: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(plain(address));
    if (!family || extra !== undefined) return undefined;
    if (prefix !== undefined) {
      const bits = family === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
      out.push(`${plain(address)}/${Number(prefix)}`);
    } else {
      out.push(plain(address));
    }
  }
  return [...new Set(out)];
}

/** Whether a caller's address is on the list; an empty list allows every address. */
export function ipAllowed(list: readonly string[], ip: string): boolean {
  if (!list.length) return true;
  const rules = new BlockList();
  for (const entry of list) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) rules.addAddress(address!, type);
    else rules.addSubnet(address!, Number(prefix), type);
  }
  const caller = plain(ip);
  const family = isIP(caller);
  return family !== 0 && rules.check(caller, family === 6 ? 'ipv6' : 'ipv4');
}
