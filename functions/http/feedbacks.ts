/** HTTP handlers of the feedbacks area: AI Suggest. */
import { suggestComment } from '../domain/suggestions.js';
import { areaHandler } from './area-handler.js';
import { feedbacksSchemas } from '../../shared/api/route-schemas/feedbacks.js';

export const handler = areaHandler('feedbacks', feedbacksSchemas, {
  suggestComment: async ({ input, caller }) => suggestComment(caller.user, input),
});
