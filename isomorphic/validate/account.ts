// 42 is exactly "0x" plus 40 hex digits, so a wallet address is also a valid username.
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,42}$/;

/** 4–42 letters, digits or underscores: isUsername('trader_01') → true. */
export function isUsername(s: string): boolean {
  return USERNAME_PATTERN.test(s);
}

const VERIFICATION_CODE = /^[0-9]{6}$/;

/** Exactly six ASCII digits, as sent by e-mail, SMS or an authenticator app: isVerificationCode('012345') → true. */
export function isVerificationCode(s: string): boolean {
  return VERIFICATION_CODE.test(s);
}
