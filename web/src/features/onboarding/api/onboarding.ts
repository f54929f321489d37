import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiInput } from '@/lib/api';
import { meQueryKey, useSetMe } from '@/lib/auth';

/** Chooses musician or pro; the cached account is replaced by the answer. */
export function useChooseType() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (type: 'musician' | 'pro') => api('chooseType', { type }),
    onSuccess: setMe,
  });
}

export function useSaveGenres() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (genres: string[]) => api('saveGenres', { genres }),
    onSuccess: setMe,
  });
}

export function useSaveProProfile() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (input: ApiInput<'saveProProfile'>) => api('saveProProfile', input),
    onSuccess: setMe,
  });
}

/** Sends a musician's application to review as a pro; the account (now with a pending application) is reloaded. */
export function useApplyForPro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'applyForPro'>) => api('applyForPro', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
