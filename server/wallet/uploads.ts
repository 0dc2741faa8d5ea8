import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../http/errors.ts';
import type { Queryable } from '../storage/db.ts';

/** Uploads are images only (payment screenshots, ID photos), at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The image type from the file's first bytes, never from the name or the declared mime type. */
export function sniffImage(b: Buffer): { ext: string; mime: string } | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return { ext: 'webp', mime: 'image/webp' };
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return { ext: 'gif', mime: 'image/gif' };
  return null;
}

/** Stores an image as data/uploads/<random>.<ext> and records its owner; returns the upload's id (the file name). */
export async function saveUpload(q: Queryable, dataDir: string, ownerId: number, content: Buffer): Promise<{ id: string; mime: string }> {
  if (!content.length) fail('uploadMissing');
  if (content.length > MAX_UPLOAD_BYTES) fail('uploadTooLarge', { max: '5 MB' });
  const kind = sniffImage(content);
  if (!kind) fail('uploadNotImage');
  const id = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, id), content, { flag: 'wx' });
  await q.run('INSERT INTO uploads (id, owner_id, file, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)', [id, ownerId, id, kind.mime, content.length, Date.now()]);
  return { id, mime: kind.mime };
}

/** An upload for its owner or an operator; anyone else is told it does not exist. */
export async function readUpload(q: Queryable, dataDir: string, id: string, viewer: { id: number; role: string }): Promise<{ content: Buffer; mime: string }> {
  if (!/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/.test(id)) fail('recordNotFound');
  const row = await q.get<{ owner_id: bigint; mime: string }>('SELECT owner_id, mime FROM uploads WHERE id = ?', [id]);
  if (!row || (Number(row.owner_id) !== viewer.id && viewer.role !== 'operator')) fail('recordNotFound');
  return { content: await readFile(join(dataDir, 'uploads', id)), mime: row.mime };
}
