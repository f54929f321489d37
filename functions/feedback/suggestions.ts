/** AI Suggest: a better-worded comment, limited per user per hour by their plan, and counted for the reviewer's own figures. */
import { countSuggestion, getSuggestionUses } from './data/suggestion-uses.js';
import { suggester } from '../providers/suggester.js';
import { assertWithinPlan, limitsOf, type PlanHolder } from '../people/index.js';

export async function suggestComment(user: PlanHolder, input: { text: string; timestamp?: number | null; tags?: string[] }) {
  const { suggestionsPerHour: limit } = await limitsOf(user);
  // The use is counted by the write that takes it from the hour's limit: one round trip, and a refused ask is not counted.
  if (!(await countSuggestion(user.id, limit))) {
    await assertWithinPlan(user, 'suggestionsPerHour', limit ?? 0, ['AI suggestion an hour', 'AI suggestions an hour']);
  }
  return { text: await suggester().suggest({ text: input.text, timestamp: input.timestamp ?? null, tags: input.tags ?? [] }) };
}

/** How often the user has used AI Suggest, and when last. */
export const suggestionUsage = (userId: string) => getSuggestionUses(userId);
