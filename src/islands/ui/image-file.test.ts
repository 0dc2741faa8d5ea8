import { describe, expect, it } from 'vitest';
import type { T } from '../../lib/i18n/client.ts';
import { imageRefusal, MAX_IMAGE_BYTES } from './image-file.ts';

const t: T = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

describe('imageRefusal', () => {
  it('takes the four image types up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
      expect(imageRefusal(t, { type, size: MAX_IMAGE_BYTES })).toBe('');
  });

  it('names a file that is not one of them', () => {
    expect(imageRefusal(t, { type: 'text/plain', size: 10 })).toBe('error.uploadNotImage');
    expect(imageRefusal(t, { type: 'image/svg+xml', size: 10 })).toBe('error.uploadNotImage');
    expect(imageRefusal(t, { type: '', size: 10 })).toBe('error.uploadNotImage');
  });

  it('names an image over the limit, with the limit', () => {
    expect(imageRefusal(t, { type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'error.uploadTooLarge {"max":"5 MB"}',
    );
  });
});
