import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The pro's statement of `month` (yyyy-mm), asked for once `enabled`. */
export function useStatement(month: string, enabled = true) {
  return useQuery({ queryKey: ['statement', month], queryFn: () => api('getStatement', { month }), enabled });
}
