import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ApiInput } from '@/lib/api';
import { meQueryKey, useSetMe } from '@/lib/auth';

/** Saves the changed fields of the profile form (name, username and the profile record). */
export function useUpdateProfile() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (changes: ApiInput<'updateProfile'>) => api('updateProfile', changes),
    onSuccess: setMe,
  });
}

/** The profile's genres (the flat list's labels and onboarding's sub-genres). */
export function useSaveProfileGenres() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (genres: string[]) => api('saveGenres', { genres }),
    onSuccess: setMe,
  });
}

/** The social links and the website: what was typed per platform; an empty value removes it. */
export function useSaveSocialLinks() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (links: ApiInput<'saveSocialLinks'>['links']) => api('saveSocialLinks', { links }),
    onSuccess: setMe,
  });
}

/** A pro's own price, one of the tiers, in dollars (0 is free). */
export function useSetOwnPrice() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (price: number) => api('setOwnPrice', { price }),
    onSuccess: setMe,
  });
}

export const applicationQueryKey = ['pro-application'] as const;

/** The signed-in musician's application to become a pro (with the reason when declined), or null. */
export function useMyApplication(enabled = true) {
  return useQuery({
    queryKey: applicationQueryKey,
    queryFn: async () => (await api('getMyApplication')).application,
    enabled,
  });
}

/** Sends the application; the account (its application status and genres) is read again afterwards. */
export function useApplyForPro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<'applyForPro'>) => api('applyForPro', input),
    onSuccess: (application) => {
      queryClient.setQueryData(applicationQueryKey, application);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (err) => {
      // Already sent (from another tab, say): show where it stands.
      if (err instanceof ApiError && err.code === 'application_pending') {
        void queryClient.invalidateQueries({ queryKey: applicationQueryKey });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    },
  });
}
