import { useMutation } from '@tanstack/react-query';
import { api, type ApiInput } from '../../../lib/api';
import { useSetMe } from '../../../lib/auth';

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
