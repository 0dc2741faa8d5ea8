import type { T } from '../../lib/i18n/client.ts';

/** What the server's upload accepts (server/wallet/uploads.ts): these image types, at most 5 MB. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why the server would refuse this file as an image, in words, or '' when it would take it. */
export function imageRefusal(t: T, file: Pick<File, 'type' | 'size'>): string {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return t('error.uploadNotImage');
  if (file.size > MAX_IMAGE_BYTES) return t('error.uploadTooLarge', { max: '5 MB' });
  return '';
}
