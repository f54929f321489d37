import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiInput } from '@/lib/api';
import { useAccountChange } from '@/lib/account';
import { meQueryKey } from '@/lib/auth';

/** Chooses musician or pro; the cached account is replaced by the answer. */
export const useChooseType = () => useAccountChange((type: 'musician' | 'pro') => api('chooseType', { type }));

export const useSaveGenres = () => useAccountChange((genres: string[]) => api('saveGenres', { genres }));

export const useSaveProProfile = () => useAccountChange((input: ApiInput<'saveProProfile'>) => api('saveProProfile', input));

/** Sends a musician's application to review as a pro; the account (now with a pending application) is reloaded. */
export function useApplyForPro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'applyForPro'>) => api('applyForPro', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
