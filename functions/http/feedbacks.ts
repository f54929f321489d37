/** HTTP handlers of the feedbacks area: AI Suggest and how often it was used, and the reviewer's comment templates. */
import { suggestComment, suggestionUsage, listTemplates, createTemplate, updateTemplate, deleteTemplate } from '../feedback/index.js';
import { areaHandler } from './area-handler.js';
import { feedbacksSchemas } from '../../shared/api/route-schemas/feedbacks.js';

export const handler = areaHandler('feedbacks', feedbacksSchemas, {
  suggestComment: async ({ input, caller }) => suggestComment(caller.user, input),
  getSuggestionUsage: async ({ caller }) => suggestionUsage(caller.user.id),
  listTemplates: async ({ caller }) => listTemplates(caller.user.id),
  createTemplate: async ({ input, caller }) => createTemplate(caller.user.id, input),
  updateTemplate: async ({ input, caller }) => updateTemplate(caller.user.id, input),
  deleteTemplate: async ({ input, caller }) => deleteTemplate(caller.user.id, input.id),
});
