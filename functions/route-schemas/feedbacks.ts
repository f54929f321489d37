/** What the feedbacks area's routes take and give (functions/routes.ts joins every area's). */
import { suggestionInput, suggestionView } from '../../shared/schemas/suggestions.js';
import type { AreaSchemas } from '../lib/route.js';

export const feedbacksSchemas = {
  suggestComment: { input: suggestionInput, output: suggestionView },
} as const satisfies AreaSchemas<'feedbacks'>;
