export const EMAIL_MAX_LENGTH = 254;

// Deliberately practical rather than RFC 5322: quoted local parts and IP-literal domains are valid
// by the RFC but are typos far more often than real addresses in a sign-up form.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * One @, a non-empty local part, a dotted domain without empty labels, no spaces, at most 254 chars: isEmail('a@b.co')
 * → true.
 */
export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL.test(s);
}
