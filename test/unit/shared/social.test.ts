import { describe, expect, it } from 'vitest';
import { displaySocialValue, normalizeSocialUrl } from '../../../shared/social.js';
import { featuredTrackField, updateProfileInput } from '../../../shared/schemas/profile.js';

describe('social links', () => {
  it.each`
    platform        | typed                              | url
    ${'instagram'}  | ${'pia'}                           | ${'https://instagram.com/pia'}
    ${'twitter'}    | ${'pia'}                           | ${'https://twitter.com/pia'}
    ${'youtube'}    | ${'@pia'}                          | ${'https://youtube.com/@pia'}
    ${'youtube'}    | ${'pia'}                           | ${'https://youtube.com/@pia'}
    ${'soundcloud'} | ${'pia-mix'}                       | ${'https://soundcloud.com/pia-mix'}
    ${'tiktok'}     | ${'pia'}                           | ${'https://tiktok.com/@pia'}
    ${'linkedin'}   | ${'pia'}                           | ${'https://linkedin.com/in/pia'}
    ${'website'}    | ${'pia.example.com'}               | ${'https://pia.example.com'}
    ${'website'}    | ${'http://pia.example.com/x'}      | ${'http://pia.example.com/x'}
    ${'instagram'}  | ${'https://www.instagram.com/pia'} | ${'https://www.instagram.com/pia'}
  `('$platform: $typed becomes $url', ({ platform, typed, url }: { platform: string; typed: string; url: string }) => {
    expect(normalizeSocialUrl(platform, typed)).toBe(url);
  });

  it('never keeps something that is not a web address', () => {
    for (const [platform, typed] of [
      ['website', 'javascript:alert(1)'],
      ['website', 'localhost'],
      ['instagram', 'two words'],
      ['myspace', 'pia'],
      ['website', '   '],
    ]) {
      expect(normalizeSocialUrl(platform, typed)).toBeNull();
    }
    expect(normalizeSocialUrl('website', 'httpx://evil')).toBeNull();
  });

  it('shows the handle with the prefix stripped', () => {
    expect(displaySocialValue('instagram', 'https://instagram.com/pia')).toBe('pia');
    expect(displaySocialValue('youtube', 'https://youtube.com/@pia')).toBe('pia');
    expect(displaySocialValue('linkedin', 'https://www.linkedin.com/in/pia')).toBe('pia');
    expect(displaySocialValue('website', 'https://pia.example.com')).toBe('https://pia.example.com');
    expect(displaySocialValue('instagram', 'https://example.com/pia')).toBe('https://example.com/pia');
  });
});

describe('profile fields', () => {
  it('keeps featured tracks as comma-separated web links', () => {
    expect(featuredTrackField.parse(' https://a.example/x ,, https://b.example/y ')).toBe('https://a.example/x, https://b.example/y');
    expect(featuredTrackField.parse('')).toBeNull();
    expect(featuredTrackField.safeParse('https://a.example, ftp://b.example').success).toBe(false);
  });

  it('requires name and username when sent, and something to save', () => {
    expect(updateProfileInput.safeParse({ fullName: ' ' }).error?.issues[0].message).toBe('This field is required');
    expect(updateProfileInput.safeParse({ username: '' }).error?.issues[0].message).toBe('This field is required');
    expect(updateProfileInput.safeParse({}).success).toBe(false);
    expect(updateProfileInput.parse({ bio: '  hi  ', availability: '' })).toEqual({ bio: 'hi', availability: null });
  });
});
