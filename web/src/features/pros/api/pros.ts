import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const prosQueryKey = ['users', 'pros'] as const;

/** Every pro but the signed-in user, for Choose Your Pro. */
export function usePros() {
  return useQuery({
    queryKey: prosQueryKey,
    queryFn: async () => (await api('listPros')).users,
  });
}
