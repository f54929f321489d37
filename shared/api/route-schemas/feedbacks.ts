/** What the feedbacks area's routes take and give (shared/api/routes.ts joins every area's). */
import { emptyInput, okOutput } from '../../schemas/common.js';
import { suggestionInput, suggestionUsageView, suggestionView } from '../../schemas/suggestions.js';
import { templateFields, deleteTemplateInput, templateList, templateView, updateTemplateInput } from '../../schemas/templates.js';
import type { AreaSchemas } from '../route.js';

export const feedbacksSchemas = {
  suggestComment: { input: suggestionInput, output: suggestionView },
  getSuggestionUsage: { input: emptyInput, output: suggestionUsageView },
  listTemplates: { input: emptyInput, output: templateList },
  createTemplate: { input: templateFields, output: templateView },
  updateTemplate: { input: updateTemplateInput, output: templateView },
  deleteTemplate: { input: deleteTemplateInput, output: okOutput },
} as const satisfies AreaSchemas<'feedbacks'>;
