import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** How often the signed-in reviewer has used AI Suggest. */
export const useSuggestionUsage = () => useQuery({ queryKey: ['suggestion-usage'], queryFn: () => api('getSuggestionUsage') });
