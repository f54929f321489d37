import { describe, expect, it } from 'vitest';
import { fieldErrors, loginForm, resetPasswordForm, signUpForm } from '../../../shared/schemas/auth.js';
import { emailExistsInput, saveGenresInput, saveProProfileInput } from '../../../shared/schemas/users.js';
import { ALL_SUB_GENRES, MAIN_GENRES, genresSelectedText } from '../../../shared/genres.js';
import { FEEDBACK_CATEGORY_TAGS, keysOfTags, tagOf } from '../../../shared/feedback.js';
import { addCommentInput } from '../../../shared/schemas/shares.js';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: any } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
};

describe("form schemas carry the spec's messages", () => {
  it('login', () => {
    expect(errorsOf(loginForm, { email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errorsOf(loginForm, { email: 'nope', password: '12345' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 characters',
    });
    expect(errorsOf(loginForm, { email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('sign-up needs a full name', () => {
    expect(errorsOf(signUpForm, { fullName: '  ', email: 'a@b.co', password: '123456' })).toEqual({ fullName: 'Full name is required' });
  });

  it('reset password needs matching passwords', () => {
    expect(errorsOf(resetPasswordForm, { code: '1', password: '123456', confirmPassword: '1234567' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('API input schemas', () => {
  it('refuse unknown fields', () => {
    expect(emailExistsInput.safeParse({ email: 'a@b.co', admin: true }).success).toBe(false);
  });

  it('accept only known sub-genres and drop duplicates', () => {
    expect(saveGenresInput.parse({ genres: ['House', 'House', 'Trap'] }).genres).toEqual(['House', 'Trap']);
    expect(saveGenresInput.safeParse({ genres: ['Not A Genre'] }).success).toBe(false);
    expect(errorsOf(saveGenresInput, { genres: [] })).toEqual({ genres: 'Please select at least one genre' });
  });

  it('keep the pro cost range ordered and within 0-200, experience within 1-30', () => {
    const base = { genres: ['House'], costRange: { min: 50, max: 150 }, experience: 1 };
    expect(saveProProfileInput.safeParse(base).success).toBe(true);
    expect(saveProProfileInput.safeParse({ ...base, costRange: { min: 151, max: 150 } }).success).toBe(false);
    expect(saveProProfileInput.safeParse({ ...base, costRange: { min: -1, max: 150 } }).success).toBe(false);
    expect(saveProProfileInput.safeParse({ ...base, experience: 30 }).success).toBe(true);
    expect(saveProProfileInput.safeParse({ ...base, experience: 1.5 }).success).toBe(false);
  });
});

describe('genres', () => {
  it('has the 12 main genres of the spec, each with real sub-genres', () => {
    expect(MAIN_GENRES.map((g) => g.name)).toEqual([
      'Pop',
      'Rock',
      'Hip-Hop / Rap',
      'R&B / Soul',
      'Electronic / Dance',
      'Jazz / Blues',
      'Country / Folk',
      'Latin',
      'World / Cultural',
      'Classical',
      'Metal',
      'Other / Experimental',
    ]);
    for (const g of MAIN_GENRES) expect(g.subGenres.length).toBeGreaterThanOrEqual(8);
    expect(ALL_SUB_GENRES.length).toBe(new Set(ALL_SUB_GENRES).size);
    expect(genresSelectedText(3)).toBe('3 genre(s) selected');
  });
});

describe('comment tags', () => {
  it("are the spec's category tags, the label with a leading '#', each once", () => {
    expect(FEEDBACK_CATEGORY_TAGS).toEqual([
      '#Melody',
      '#Harmony',
      '#Rhythm',
      '#Instrumentation',
      '#Bassline',
      '#Arrangement',
      '#Originality',
      '#Mixing',
      '#Mastering',
      '#Vocal',
    ]);
    const base = { id: '00000000-0000-4000-8000-000000000000', timestamp: 3, text: 'Snare' };
    expect(addCommentInput.parse({ ...base, tags: ['#Mixing', '#Vocal', '#Mixing'] }).tags).toEqual(['#Mixing', '#Vocal']);
    expect(addCommentInput.safeParse({ ...base, tags: ['mixing'] }).success).toBe(false);
  });

  it('map to and from the keys the screens work with', () => {
    expect(tagOf('bassline')).toBe('#Bassline');
    // Keys (comments stored before tags) are read too; unknown ones dropped; the order is kept.
    expect(keysOfTags(['#Vocal', 'melody', '#Nope', 'vocal'])).toEqual(['vocal', 'melody']);
  });
});
