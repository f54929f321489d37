/** AI Suggest: a draft comment in, a suggested wording out. */
import * as z from 'zod/mini';
import { FEEDBACK_CATEGORY_TAGS } from '../feedback.js';
import { secondsField, textField } from './common.js';

export const suggestionInput = z.strictObject({
  text: textField({ multiline: true }).check(z.minLength(1, 'Write something first'), z.maxLength(2000, 'The comment is too long')),
  timestamp: z.optional(z.nullable(secondsField('The timestamp'))),
  tags: z.optional(z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).check(z.maxLength(10))),
  /**
   * The request the comment is for, which the caller reviews: the suggestion is kept there, so that a comment
   * made from it says so. Never given for no request: such a suggestion, pasted, would read as typed.
   */
  shareId: z.string().check(z.uuid('Invalid id')),
});
export const suggestionView = z.object({ text: z.string() });

/** How often the reviewer has used AI Suggest (suggestions received), and when last. */
export const suggestionUsageView = z.object({ used: z.number(), lastUsedAt: z.nullable(z.string()) });
