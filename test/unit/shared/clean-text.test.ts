import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { cleanText, intBetween, isWellFormedText, secondsField, textField } from '../../../shared/schemas/common.js';
import { fieldErrors, signUpForm } from '../../../shared/schemas/auth.js';
import { addCommentInput, rateFeedbackInput, submitFeedbackInput } from '../../../shared/schemas/shares.js';
import { suggestionInput } from '../../../shared/schemas/suggestions.js';
import { createTrackInput, createUploadInput, updateSnippetInput } from '../../../shared/schemas/tracks.js';
import { saveProProfileInput } from '../../../shared/schemas/users.js';
import { MAX_TRACK_SECONDS } from '../../../shared/constants.js';

const ID = '00000000-0000-4000-8000-000000000000';
const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: any } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrors(r.error);
};

describe('cleanText', () => {
  it('strips NUL, C0 and C1 controls, DEL and bidi overrides and isolates', () => {
    expect(cleanText('a\u0000b\u0007c\u001bd\u007fe\u0085f\u009fg')).toBe('abcdefg');
    for (const bidi of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanText(`evil${bidi}txt.exe`)).toBe('eviltxt.exe');
    }
  });

  it('keeps line breaks and tabs in multi-line text, normalised to LF', () => {
    expect(cleanText('one\r\ntwo\rthree\u2028four\tfive\u000b', { multiline: true })).toBe('one\ntwo\nthree\nfour\tfive');
  });

  it('turns line breaks and tabs of single-line text into one space', () => {
    expect(cleanText('Mia\r\n\tMusician')).toBe('Mia Musician');
  });

  it('keeps ordinary text of every script, emoji and marks that are not overrides', () => {
    const text = 'Ada Lovelace — naïve café 日本語 עברית العربية 🎧 e\u0301 \u200d\u200e';
    expect(cleanText(text)).toBe(text);
  });

  it('drops half surrogate pairs, which are not text', () => {
    expect(cleanText('a\ud800b\udc00c🎧')).toBe('abc🎧');
    expect(isWellFormedText('a\ud800')).toBe(false);
    expect(isWellFormedText('🎧')).toBe(true);
  });

  it('applies before trimming and length checks in every free-text field', () => {
    const field = textField().check(z.minLength(1, 'Required'), z.maxLength(3, 'Too long'));
    expect(field.parse(' \u0000ab\u202e ')).toBe('ab');
    expect(field.safeParse('\u0000\u202e').success).toBe(false);
    expect(field.parse('a\u0000\u0000\u0000\u0000bc')).toBe('abc');
  });

  it('is what the shared schemas store: comments, names, titles, notes', () => {
    expect(addCommentInput.parse({ id: ID, timestamp: 1, text: 'Kick\u0000 at 1:00\u202e\nsecond line' }).text).toBe(
      'Kick at 1:00\nsecond line',
    );
    expect(signUpForm.parse({ fullName: 'Mia\u0000 \u202eMusician', email: 'a@b.co', password: '123456' }).fullName).toBe('Mia Musician');
    expect(createTrackInput.parse({ key: 'k', title: '\u2066Title\u2069', artist: 'A\u0001' })).toMatchObject({
      title: 'Title',
      artist: 'A',
    });
    expect(errorsOf(addCommentInput, { id: ID, timestamp: 1, text: '\u0000\u202e' })).toEqual({ text: 'Comment text is required' });
    expect(suggestionInput.parse({ text: 'a\u0085b', shareId: ID }).text).toBe('ab');
    expect(submitFeedbackInput.parse({ id: ID, comment: 'ok\u0000' }).comment).toBe('ok');
  });
});

describe('numeric bounds', () => {
  it('answer every way to miss with the one human message', () => {
    const rating = intBetween(1, 5, 'Rating must be between 1 and 5');
    // 2^53 + 1, which a JSON number becomes the nearest double to: not a safe integer.
    // eslint-disable-next-line no-loss-of-precision -- the lost precision is what is tested.
    for (const bad of [0, 6, 1.5, 1e308, -0, 9007199254740993, Infinity, NaN, '3', null]) {
      const r = rating.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(new Set(r.error!.issues.map((i) => i.message))).toEqual(new Set(['Rating must be between 1 and 5']));
    }
    expect(rating.parse(5)).toBe(5);
  });

  it('name the field and its real limits in the API schemas', () => {
    expect(errorsOf(rateFeedbackInput, { id: ID, rating: 1e308 })).toEqual({ rating: 'Rating must be a whole number from 1 to 5' });
    expect(errorsOf(submitFeedbackInput, { id: ID, criteria: { energyImpact: 9 } })).toEqual({
      'criteria.energyImpact': 'Each criterion score must be a whole number from 1 to 5',
    });
    const pro = { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 3 };
    expect(errorsOf(saveProProfileInput, { ...pro, experience: 1e308 })).toEqual({
      experience: 'Experience must be a whole number of years from 1 to 30',
    });
    expect(errorsOf(saveProProfileInput, { ...pro, costRange: { min: 0, max: 2 ** 60 } })).toMatchObject({
      'costRange.max': 'Maximum cost must be a whole number from $0 to $200',
    });
    const upload = { filename: 'a.mp3', contentType: 'audio/mpeg' };
    expect(errorsOf(createUploadInput, { ...upload, size: 1e308 })).toEqual({ size: 'The file is larger than 200 MB' });
    expect(errorsOf(createUploadInput, { ...upload, size: 1.5 })).toEqual({ size: 'The file size must be a whole number of bytes' });
    expect(errorsOf(createUploadInput, { ...upload, size: 0 })).toEqual({ size: 'The file is empty' });
  });

  it('keep track positions finite, within 4 hours, to the millisecond', () => {
    const seconds = secondsField('The time');
    expect(seconds.parse(1e-300)).toBe(0);
    expect(Object.is(seconds.parse(-0), 0)).toBe(true);
    expect(seconds.parse(0.0004)).toBe(0);
    expect(seconds.parse(0.001)).toBe(0.001);
    expect(seconds.parse(12.3456789)).toBe(12.346);
    expect(seconds.parse(MAX_TRACK_SECONDS)).toBe(MAX_TRACK_SECONDS);
    for (const bad of [MAX_TRACK_SECONDS + 1, 1e308, -1, -0.5, Infinity, NaN, '1']) {
      expect(seconds.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(errorsOf(addCommentInput, { id: ID, timestamp: 1e308, text: 'x' })).toEqual({
      timestamp: 'The timestamp must be between 0 and 4 hours',
    });
    expect(addCommentInput.parse({ id: ID, timestamp: 1e-300, text: 'x' }).timestamp).toBe(0);
    expect(errorsOf(updateSnippetInput, { id: ID, snippet: { start: 0, end: 1e308 } })).toEqual({
      'snippet.end': 'The snippet end must be between 0 and 4 hours',
    });
    expect(updateSnippetInput.parse({ id: ID, snippet: { start: 1e-300, end: 30.0000001 } }).snippet).toEqual({ start: 0, end: 30 });
  });
});
