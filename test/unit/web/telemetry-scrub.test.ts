import { describe, expect, it } from 'vitest';
import { scrubPath, scrubText, scrubUrl } from '../../../shared/scrub';

describe('scrubbing personal data from reports', () => {
  it('takes out e-mail addresses, tokens and bearer credentials', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ';
    const out = scrubText(`Failed for ada.lovelace+test@example.co.uk with ${jwt}; header Bearer ${jwt}`);
    expect(out).toBe('Failed for [email] with [token]; header Bearer [token]');
  });

  it("keeps a URL's origin and path shape, without its query (a presigned signature) or a stored file's name", () => {
    const url =
      'https://media.example.com/audio/0f6c2b1e-8f5e-4b8e-9a57-3c2d1e0f9a8b/1732300000000_My%20Secret%20Demo.mp3?X-Amz-Signature=abcdef0123456789abcdef0123456789&X-Amz-Credential=AKIA';
    expect(scrubUrl(url)).toBe('https://media.example.com/audio/[file]');
    expect(scrubText(`GET ${url} failed`)).toBe('GET https://media.example.com/audio/[file] failed');
    expect(scrubUrl('https://app.example.com/profile#share-123')).toBe('https://app.example.com/profile');
  });

  it('turns ids in paths into :id', () => {
    expect(scrubPath('/shares/0f6c2b1e-8f5e-4b8e-9a57-3c2d1e0f9a8b/comments')).toBe('/shares/:id/comments');
    expect(scrubPath('/tracks/1732300000000')).toBe('/tracks/:id');
    expect(scrubPath('/dashboard')).toBe('/dashboard');
    expect(scrubPath('/uploads/u1/t1/song.wav')).toBe('/uploads/[file]');
  });

  it('takes out what the app knows to be personal, whatever its case', () => {
    const out = scrubText("Cannot read 'x' of Paul Producer's track (paulproducer)", ['Paul Producer', 'paulproducer', 'p@x.io', 'ab']);
    expect(out).toBe("Cannot read 'x' of [personal]'s track ([personal])");
  });

  it('takes out any other long secret, and keeps ordinary words', () => {
    expect(scrubText('key sk_test_51Hh2kLmNoPqRsTuVwXyZ0123456789abcd leaked')).toBe('key [secret] leaked');
    expect(scrubText('TypeError: Cannot read properties of undefined (reading "peaks")')).toBe(
      'TypeError: Cannot read properties of undefined (reading "peaks")',
    );
  });

  it('cuts long text to its bound', () => {
    expect(scrubText('a '.repeat(1000), [], 50)).toHaveLength(50);
  });
});
