import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits as URL-safe text, for access and refresh tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored only as this digest, so a copy of the database grants no session. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A six-digit verification code, uniformly random: '004217'. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An invite code without look-alike characters (no 0/O, 1/I): 'K7QX2MPA'. */
export function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return s;
}

/** The public eight-digit user id shown to users and support: '40318825'. */
export function newUid(): string {
  return String(randomInt(10_000_000, 100_000_000));
}
