import type { z } from 'zod';
import { fail, ValidationFailure } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { SEALED_MAX_AGE_MS, type Opened, type SealedBox } from './sealed-box.ts';
import { recordSealedUse } from './sealed-uses.repo.ts';

/** Opens a body sealed for this user and checks its plain text against the same kind of schema as a clear body. */
export function openSealed<T>(box: SealedBox, sealed: string, userId: number, schema: z.ZodType<T>): Opened<T> {
  const opened = box.open<unknown>(sealed, userId);
  const parsed = schema.safeParse(opened.data);
  if (!parsed.success) {
    throw new ValidationFailure(
      parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message })),
    );
  }
  return { data: parsed.data, nonce: opened.nonce };
}

/**
 * Opens a body sealed for this user and accepts it once: a replay of it is refused and changes nothing. For
 * requests whose repeat has nothing to answer (a withdrawal answers its first result instead: wallet.service.ts).
 */
export async function openSealedOnce<T>(
  db: Db,
  box: SealedBox,
  sealed: string,
  userId: number,
  schema: z.ZodType<T>,
  purpose: string,
): Promise<T> {
  const { data, nonce } = openSealed(box, sealed, userId, schema);
  const fresh = await db.tx((q) =>
    recordSealedUse(q, nonce, { userId, purpose, refId: null }, Date.now() - 2 * SEALED_MAX_AGE_MS),
  );
  if (!fresh) fail('sealedInvalid');
  return data;
}
