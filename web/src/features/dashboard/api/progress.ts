import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const progressQueryKey = ['progress'] as const;

/** The signed-in musician's own figures for 'Your Journey to Pro', read once the dashboard shows. */
export const useProgress = () => useQuery({ queryKey: progressQueryKey, queryFn: () => api('getProgress') });
