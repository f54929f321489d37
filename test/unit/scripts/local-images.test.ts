/** The local web server's /images/* paths: only public objects under images/ are ever looked up. */
import { describe, expect, it } from 'vitest';
import { publicImageKey } from '../../../scripts/dev/stack/web.js';

describe('publicImageKey', () => {
  it('maps /images/... to the bucket key', () => {
    expect(publicImageKey('/images/profile_images/u-1/1763860000000.webp')).toBe('images/profile_images/u-1/1763860000000.webp');
    expect(publicImageKey('/images/cover_images/u%2D1/2.png')).toBe('images/cover_images/u-1/2.png');
  });

  it('names nothing outside images/: no dot segments, empty segments, encoded slashes or backslashes', () => {
    for (const p of [
      '/uploads/profile_images/u-1/1.png',
      '/images/..%2Fuploads/profile_images/u-1/1.png',
      '/images/%2E%2E/uploads/x.png',
      '/images//uploads/x.png',
      '/images/./x.png',
      '/images/a%5C..%5Cb.png',
      '/images/%00.png',
      '/images/%E0%A4%A.png',
      '/imagesx/a.png',
    ]) {
      expect(publicImageKey(p), p).toBeNull();
    }
  });
});
