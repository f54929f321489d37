/** AI Suggest: a better-worded comment, limited per user per hour. */
import { SUGGESTIONS_PER_HOUR } from '../../shared/feedback.js';
import { takeHourly } from '../data/limits.js';
import { AppError } from '../lib/errors.js';
import { suggester } from '../providers/suggester.js';

export async function suggestComment(userId: string, input: { text: string; timestamp?: number | null; tags?: string[] }) {
  if (!(await takeHourly(userId, 'suggest', SUGGESTIONS_PER_HOUR))) {
    throw new AppError(429, 'rate_limited', `You can ask for ${SUGGESTIONS_PER_HOUR} suggestions an hour. Please try again later.`);
  }
  return { text: await suggester().suggest({ text: input.text, timestamp: input.timestamp ?? null, tags: input.tags ?? [] }) };
}
