/** AI Suggest: a better-worded comment, limited per user per hour by their plan, and counted for the reviewer's own figures. */
import { CLOSED_STATUSES } from '../../shared/feedback.js';
import { countSuggestion, getSuggestionUses } from './data/suggestion-uses.js';
import { putSuggestion, readShare } from './data/shares.js';
import { suggester } from '../providers/suggester.js';
import { assertWithinPlan, limitsOf, type PlanHolder } from '../people/index.js';
import { Conflict, NotFound } from '../lib/errors.js';

/** The request a suggestion is for must be one the caller reviews and may still comment on. */
async function assertReviewing(userId: string, shareId: string) {
  const share = await readShare(shareId);
  if (!share || share.deleting || share.record.sharedWithUserId !== userId) throw new NotFound('Feedback request not found');
  if (share.record.status !== 'accepted' && share.record.status !== 'completed') {
    throw new Conflict('AI Suggest helps with a request you have accepted', 'not_accepted');
  }
}

/**
 * A suggestion for the caller's draft comment on a request they review (`shareId`), kept there, so that a
 * comment made from it says so (shared/comment-made.ts) whatever the editor reports.
 */
export async function suggestComment(
  user: PlanHolder,
  input: { text: string; timestamp?: number | null; tags?: string[]; shareId: string },
) {
  // The request and the plan are read at once: one round trip, not two.
  const [, { suggestionsPerHour: limit }] = await Promise.all([assertReviewing(user.id, input.shareId), limitsOf(user)]);
  // The use is counted by the write that takes it from the hour's limit: one round trip, and a refused ask is not counted.
  if (!(await countSuggestion(user.id, limit))) {
    await assertWithinPlan(user, 'suggestionsPerHour', limit ?? 0, ['AI suggestion an hour', 'AI suggestions an hour']);
  }
  const text = await suggester().suggest({ text: input.text, timestamp: input.timestamp ?? null, tags: input.tags ?? [] });
  const kept = await putSuggestion(input.shareId, text, { closed: [...CLOSED_STATUSES, 'pending'] });
  if (kept === 'closed') throw new Conflict('This request is closed', 'closed');
  if (kept === 'full') throw new Conflict('AI Suggest has given this request as many suggestions as it keeps', 'suggestion_limit');
  return { text };
}

/** How often the user has used AI Suggest, and when last. */
export const suggestionUsage = (userId: string) => getSuggestionUses(userId);
