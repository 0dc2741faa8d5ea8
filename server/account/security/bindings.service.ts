import type { Translate } from '../../i18n/i18n.ts';
import type { Sender } from '../../notify/sender.ts';
import { fail } from '../../outcome.ts';
import type { Db, Queryable } from '../../storage/db.ts';
import { uniqueViolation } from '../../storage/unique.ts';
import { checkCode, consumeCode, issueCode, type CodeSettings } from '../../user/codes.service.ts';
import { forgetSessions } from '../../user/session.service.ts';
import { findUserBy, updateContact, type UserRow } from '../../user/user.repo.ts';
import { requireSecondFactor } from './second-factor.ts';
import { pauseAfter } from './withdraw-guard.ts';

type Channel = 'email' | 'sms';

const column = (c: Channel) => (c === 'email' ? 'email' : 'phone');
const boundOf = (user: UserRow, c: Channel) => (c === 'email' ? user.email : user.phone);
const TAKEN = { email: 'emailTaken', sms: 'phoneTaken' } as const;

/** A new address must differ from the bound one and belong to no other account. */
async function refuseTaken(q: Queryable, user: UserRow, channel: Channel, target: string): Promise<void> {
  if (target === boundOf(user, channel)) fail('sameAsBound');
  if (await findUserBy(q, column(channel), target)) fail(TAKEN[channel]);
}

/**
 * Sends a code for a binding: with a target, a 'bind' code to the new address (which must be free); without one,
 * a 'security' code to the user's own bound address, which confirms a change of it or another security change.
 */
export async function sendCode(
  db: Db,
  sender: Sender,
  cfg: CodeSettings,
  user: UserRow,
  channel: Channel,
  target: string | undefined,
  t: Translate,
): Promise<void> {
  if (target === undefined) {
    const own = boundOf(user, channel) ?? fail(channel === 'email' ? 'emailNotBound' : 'phoneNotBound');
    return issueCode(db, sender, cfg, { channel, target: own, purpose: 'security' }, t);
  }
  await refuseTaken(db, user, channel, target);
  await issueCode(db, sender, cfg, { channel, target, purpose: 'bind' }, t);
}

export interface Binding {
  channel: Channel;
  /** The new address: lower-case e-mail, or a phone in E.164. */
  target: string;
  countryCode?: string;
  code: string;
  oldCode?: string;
  googleCode?: string;
}

/**
 * Binds an address to an account that has none, or changes the bound one: a code from the new address, a code
 * from the old one when there is one, and the authenticator's code once it is bound. Withdrawals then pause for
 * 6 hours. Every code is checked before anything is used; the codes are spent in the transaction that binds.
 */
export async function bind(db: Db, user: UserRow, b: Binding, now: number): Promise<void> {
  await refuseTaken(db, user, b.channel, b.target);
  const current = boundOf(user, b.channel);
  const newCode = await checkCode(db, { channel: b.channel, target: b.target, purpose: 'bind' }, b.code);
  const oldCode = current
    ? await checkCode(
        db,
        { channel: b.channel, target: current, purpose: 'security' },
        b.oldCode ?? fail('codeInvalid'),
      )
    : undefined;
  await requireSecondFactor(db, user.id, b.googleCode, now);
  try {
    await db.tx(async (q) => {
      await consumeCode(q, newCode);
      if (oldCode !== undefined) await consumeCode(q, oldCode);
      await updateContact(
        q,
        user.id,
        b.channel === 'email' ? { email: b.target } : { phone: b.target, countryCode: b.countryCode! },
        now,
      );
      await pauseAfter(q, user.id, 'binding', now);
    });
  } catch (err) {
    // Another account bound the same address between the check above and this transaction.
    if (uniqueViolation(err) === column(b.channel)) fail(TAKEN[b.channel]);
    throw err;
  }
  forgetSessions(); // cached sessions hold the user row with the old address
}
