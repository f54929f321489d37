/** What the feedbacks area's routes take and give (shared/api/routes.ts joins every area's). */
import { suggestionInput, suggestionView } from '../../schemas/suggestions.js';
import type { AreaSchemas } from '../route.js';

export const feedbacksSchemas = {
  suggestComment: { input: suggestionInput, output: suggestionView },
} as const satisfies AreaSchemas<'feedbacks'>;
