import { randomBytes } from 'node:crypto';
import type { Db } from '../storage/db.ts';
import { hashPassword } from '../user/password.ts';
import { newInviteCode, newUid } from '../user/tokens.ts';
import { insertUser, operatorExists } from '../user/user.repo.ts';

/**
 * Creates the first operator on first start. Its password is OPERATOR_PASSWORD or a random one, returned so
 * that start-up prints it once; it is stored only as a hash.
 */
export async function seedOperator(
  db: Db,
  email: string,
  password?: string,
): Promise<{ email: string; password: string } | undefined> {
  if (await operatorExists(db)) return undefined;
  const secret = password ?? `Op-${randomBytes(9).toString('base64url')}`;
  const passwordHash = await hashPassword(secret);
  await db.tx((q) =>
    insertUser(
      q,
      {
        uid: newUid(),
        username: null,
        email,
        phone: null,
        countryCode: null,
        passwordHash,
        inviteCode: newInviteCode(),
        inviterId: null,
        role: 'operator',
      },
      Date.now(),
    ),
  );
  return { email, password: secret };
}
