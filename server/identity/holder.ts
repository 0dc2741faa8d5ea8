import { fail } from '../outcome.ts';
import type { Queryable } from '../storage/db.ts';
import { latestPassedPrimary } from './kyc.repo.ts';

/**
 * Names compared as people write them: case, spacing and punctuation aside. sameName('Anne-Marie Li', 'anne marie li')
 * → true.
 */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLocaleLowerCase('en')
      .replace(/[\s.'·-]+/g, '');
  return norm(a) === norm(b);
}

/**
 * Money leaves only to accounts in the name the user verified: a bank card or payment method needs primary
 * verification first, and its holder must be that name.
 */
export async function requireVerifiedHolder(q: Queryable, userId: number, holder: string): Promise<void> {
  const identity = await latestPassedPrimary(q, userId);
  if (!identity) fail('kycRequired');
  if (!sameName(holder, String(identity.real_name))) fail('holderMismatch');
}
