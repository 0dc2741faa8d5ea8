const WEB_SCHEME = /^https?:\/\//i;

/**
 * An absolute http(s) address with a host: isWebAddress('https://example.com/path') → true.
 * Whitespace anywhere is rejected, since the URL parser would silently trim or percent-encode it.
 */
export function isWebAddress(s: string): boolean {
  if (!WEB_SCHEME.test(s) || /\s/.test(s)) return false;
  try {
    return new URL(s).hostname !== '';
  } catch {
    return false;
  }
}
