import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../outcome.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { deleteUpload, findUpload, insertUpload, isGranted, lockUploader, uploadUsage } from './uploads.repo.ts';

const MB = 1024 * 1024;

/**
 * What one user may upload (payment screenshots, ID photos). A refused upload writes nothing to disk.
 * - `fileBytes`: one image, at most 5 MB;
 * - `perMinute`: at most 20 uploads in any 60 seconds;
 * - `storedBytes`: at most 200 MB stored in all (one user once stored 106 MB in 0.6 s).
 */
export const UPLOAD_LIMITS = { fileBytes: 5 * MB, perMinute: 20, storedBytes: 200 * MB } as const;
const WINDOW_MS = 60_000;

/** 5242880 → '5 MB', for messages. */
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The image type from the file's first bytes, never from the name or the declared mime type. */
function sniffImage(b: Buffer): { ext: string; mime: string } | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', mime: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { ext: 'webp', mime: 'image/webp' };
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')))
    return { ext: 'gif', mime: 'image/gif' };
  return null;
}

/** The 'too large' outcome of one file, shared by the stream limit and the stored-content check. */
export function failTooLarge(): never {
  fail('uploadTooLarge', { max: megabytes(UPLOAD_LIMITS.fileBytes) });
}

/** Refuses a user who has used up the minute's uploads, before their file is read. */
export async function checkUploadRate(db: Db, ownerId: number): Promise<void> {
  if ((await uploadUsage(db, ownerId, Date.now() - WINDOW_MS)).recent >= UPLOAD_LIMITS.perMinute)
    fail('uploadRateLimited', { max: UPLOAD_LIMITS.perMinute });
}

/**
 * Stores an image as data/uploads/<random>.<ext> and records its owner; returns the upload's id (the file name).
 * The row is claimed first, in a transaction that checks the user's rate and quota (the user's row locked on
 * PostgreSQL, SQLite's transactions run one at a time), so parallel uploads cannot pass the limits together;
 * the file is written after, and the row given back if that fails.
 */
export async function saveUpload(
  db: Db,
  dataDir: string,
  ownerId: number,
  content: Buffer,
): Promise<{ id: string; mime: string }> {
  if (!content.length) fail('uploadMissing');
  if (content.length > UPLOAD_LIMITS.fileBytes) failTooLarge();
  const kind = sniffImage(content);
  if (!kind) fail('uploadNotImage');
  const id = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await db.tx(async (q) => {
    await lockUploader(db, q, ownerId);
    const now = Date.now();
    const used = await uploadUsage(q, ownerId, now - WINDOW_MS);
    if (used.recent >= UPLOAD_LIMITS.perMinute) fail('uploadRateLimited', { max: UPLOAD_LIMITS.perMinute });
    if (used.stored + content.length > UPLOAD_LIMITS.storedBytes)
      fail('uploadQuotaExceeded', { max: megabytes(UPLOAD_LIMITS.storedBytes) });
    await insertUpload(q, { id, ownerId, mime: kind.mime, size: content.length, at: now });
  });
  const dir = join(dataDir, 'uploads');
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, id), content, { flag: 'wx' });
  } catch (err) {
    await rm(join(dir, id), { force: true });
    await deleteUpload(db, id);
    throw err;
  }
  return { id, mime: kind.mime };
}

/**
 * An upload for its owner, an operator, or a user it was shown to (grantUpload); anyone else is told it does not exist.
 */
export async function readUpload(
  q: Queryable,
  dataDir: string,
  id: string,
  viewer: { id: number; role: string },
): Promise<{ content: Buffer; mime: string }> {
  if (!/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/.test(id)) fail('recordNotFound');
  const row = await findUpload(q, id);
  if (!row || (row.ownerId !== viewer.id && viewer.role !== 'operator' && !(await isGranted(q, id, viewer.id))))
    fail('recordNotFound');
  return { content: await readFile(join(dataDir, 'uploads', id)), mime: row.mime };
}

/** Refuses an upload id that is not one of the user's own (what they may show another user). */
export async function requireOwnUpload(q: Queryable, ownerId: number, id: string): Promise<void> {
  if ((await findUpload(q, id))?.ownerId !== ownerId) fail('uploadUnknown');
}
