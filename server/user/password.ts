import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** OWASP's argon2id floor (19 MiB, 2 passes): memory-hard, about 20 ms here, off the event loop. */
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(password: string, nonce: Buffer, p: typeof PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message: password, nonce, ...p }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A PHC string: hashPassword('secret1') → '$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>'. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a PHC string made by hashPassword, with its own stored parameters. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(phc);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64url');
  const key = await derive(password, Buffer.from(m[4]!, 'base64url'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so a miss costs as long as a wrong password. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
