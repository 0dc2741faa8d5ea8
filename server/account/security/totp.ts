import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_MS = 30_000;

/** The time step a moment falls in: stepAt(Date.UTC(2026, 0, 1)) → 58858560. */
export function stepAt(now: number): number {
  return Math.floor(now / TOTP_PERIOD_MS);
}

type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/**
 * Checks a code against the current step and at most one step before it (a code typed as the step turns), never
 * a future one; a code whose step is not after `lastStep` was used already, so each code works once.
 */
export async function checkTotp(
  secret: string,
  code: string,
  now: number,
  lastStep: number | null,
): Promise<TotpCheck> {
  let step: number;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now / 1000),
      epochTolerance: [TOTP_PERIOD_MS / 1000, 0],
    });
    if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'wrong' };
    step = result.timeStep;
  } catch {
    // otplib throws on a token that is not six digits; the schemas refuse those first.
    return { ok: false, reason: 'wrong' };
  }
  // verify() looks back by seconds; the rule is by steps, so hold it to one step whatever the library does.
  if (step < stepAt(now) - 1 || step > stepAt(now)) return { ok: false, reason: 'wrong' };
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'used' };
  return { ok: true, step };
}

/** A new secret (160 random bits, Base32) and the otpauth URI an authenticator app scans. */
export function newTotpSecret(issuer: string, account: string): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer, label: account, secret }) };
}
