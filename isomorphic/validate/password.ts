export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** The only symbols a password may contain (docs/requirements.md §5), for showing in the form's hint. */
export const PASSWORD_SYMBOLS = '`~!@#$%^&*()_-+=<>.?:"{}';

// Written out rather than built from the constants so the allowed set can be read at a glance;
// the tests check both length bounds against PASSWORD_MIN and PASSWORD_MAX.
export const PASSWORD_PATTERN = /^[A-Za-z0-9`~!@#$%^&*()_\-+=<>.?:"{}]{6,20}$/;

/** 6–20 characters, each a letter, digit or allowed symbol: isValidPassword('abc123') → true. */
export function isValidPassword(s: string): boolean {
  return PASSWORD_PATTERN.test(s);
}

/** A valid password mixing at least two of letters, digits and symbols: isStrongPassword('abcdef1') → true. */
export function isStrongPassword(s: string): boolean {
  if (!isValidPassword(s)) return false;
  // Every character already passed the pattern, so anything not a letter or digit is an allowed symbol.
  const classes = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(s)).length;
  return classes >= 2;
}
