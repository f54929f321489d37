/** HTTP handlers of the feedbacks area: AI Suggest. */
import { suggestComment } from '../domain/suggestions.js';
import { areaHandler } from '../lib/area-handler.js';

export const handler = areaHandler('feedbacks', {
  suggestComment: async ({ input, caller }) => suggestComment(caller.user, input),
});
