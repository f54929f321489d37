import * as z from 'zod/mini';
import { MAX_TRACK_SECONDS } from '../constants.js';

/** Every API error body: `{ "error": { "code", "message", "fields"? } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export const emptyInput = z.strictObject({});
export const okOutput = z.object({ ok: z.literal(true) });

export const emailField = z.pipe(
  z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email is too long')),
  z.email({ error: 'Email is invalid' }),
);

export const existsOutput = z.object({ exists: z.boolean() });

/** An admin's decision about a user that stands until undone (a payout hold, a World-Class vetting): why, and since when. */
export const standingDecision = z.nullable(z.object({ reason: z.string(), at: z.string() }));

/** A page cursor: the `next` of the page before. */
export const cursorField = z.optional(z.string().check(z.maxLength(2000)));

/**
 * What free text must not carry, since it is stored, shown to others and e-mailed as sent: C0 controls
 * (NUL included) other than tab and line feed, DEL, C1 controls, and the bidi embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069) that make text display differently from what it says.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
/** Half of a UTF-16 surrogate pair on its own: JSON escapes can carry one, but it is not text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether a string is well-formed UTF-16 (String#isWellFormed, which the ES2023 typings lack). */
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
export const isWellFormedText = (value: string) => !HAS_LONE_SURROGATE.test(value);

/**
 * Free text as it may be kept. Multi-line text keeps tabs and line breaks (CR LF, CR and the Unicode
 * line separators become LF); single-line text gets a space for each run of them.
 */
export function cleanText(value: string, options: { multiline?: boolean } = {}): string {
  const text = value.replace(LONE_SURROGATE, '');
  const spaced = options.multiline ? text.replace(/\r\n?|[\u2028\u2029]/g, '\n') : text.replace(/[\t\n\r\u2028\u2029]+/g, ' ');
  return spaced.replace(CONTROLS, '');
}

/**
 * A free-text field (names, titles, comments, notes...): cleaned, then trimmed, so length checks added
 * after it apply to what is stored. The web forms and the API use the same schemas and so agree.
 */
export const textField = (options: { multiline?: boolean } = {}) =>
  z.string().check(
    z.overwrite((v) => cleanText(v, options)),
    z.trim(),
  );

/** A whole number in [min, max], with one message (naming the field and its bounds) for every way to miss. */
export const intBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.gte(min, { error: message }), z.lte(max, { error: message }));

/**
 * A position in a track, in seconds: 0 to MAX_TRACK_SECONDS, kept to the millisecond. Finer values mean
 * nothing to a listener, and the tiniest (1e-300) would underflow DynamoDB's number range: they round.
 */
export const secondsField = (label: string) => {
  const message = `${label} must be between 0 and ${MAX_TRACK_SECONDS / 3600} hours`;
  return z.number({ error: `${label} must be a number of seconds` }).check(
    z.gte(0, { error: message }),
    z.lte(MAX_TRACK_SECONDS, { error: message }),
    z.overwrite((v) => Math.round(v * 1000) / 1000 + 0),
  );
};

/** Why an admin vets a pro as World-Class (their credits, say): shown on the pro's profile. */
export const worldClassReason = () =>
  textField({ multiline: false }).check(
    z.minLength(3, 'Say why (at least 3 characters), such as their credits'),
    z.maxLength(300, 'The reason is too long'),
  );
