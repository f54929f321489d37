/** AI Suggest: a better-worded comment, limited per user per hour by their plan. */
import { takeHourly } from '../data/limits.js';
import { suggester } from '../providers/suggester.js';
import { assertWithinPlan, limitsOf, type PlanHolder } from './plan-limits.js';

export async function suggestComment(user: PlanHolder, input: { text: string; timestamp?: number | null; tags?: string[] }) {
  const { suggestionsPerHour: limit } = await limitsOf(user);
  if (limit !== null && !(await takeHourly(user.id, 'suggest', limit))) {
    await assertWithinPlan(user, 'suggestionsPerHour', limit, ['AI suggestion an hour', 'AI suggestions an hour']);
  }
  return { text: await suggester().suggest({ text: input.text, timestamp: input.timestamp ?? null, tags: input.tags ?? [] }) };
}
