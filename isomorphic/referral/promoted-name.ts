import { maskEmail, maskPhone } from '../format/mask.ts';

/**
 * How a referrer sees a user they promoted: the e-mail or phone masked as docs/requirements.md §9 says, else the
 * account name with its middle hidden, never in full however short: promotedName({ username: 'alice_w' }) → 'al****_w',
 * promotedName({ username: 'bob' }) → 'b****b', promotedName({ email: 'johndoe@example.com' }) → 'jo****om'.
 */
export function promotedName(u: { username?: string | null; email?: string | null; phone?: string | null }): string {
  if (u.email) return maskEmail(u.email);
  if (u.phone) return maskPhone(u.phone);
  const chars = Array.from(u.username ?? '');
  const keep = chars.length >= 6 ? 2 : chars.length >= 3 ? 1 : 0;
  return `${chars.slice(0, Math.max(keep, 1)).join('')}****${keep ? chars.slice(-keep).join('') : ''}`;
}
