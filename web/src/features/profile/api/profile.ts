import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ApiInput } from '@/lib/api';
import { useAccountChange } from '@/lib/account';
import { meQueryKey } from '@/lib/auth';

/** Saves the changed fields of the profile form (name, username and the profile record). */
export const useUpdateProfile = () => useAccountChange((changes: ApiInput<'updateProfile'>) => api('updateProfile', changes));

/** The profile's genres (the flat list's labels and onboarding's sub-genres). */
export const useSaveProfileGenres = () => useAccountChange((genres: string[]) => api('saveGenres', { genres }));

/** The social links and the website: what was typed per platform; an empty value removes it. */
export const useSaveSocialLinks = () =>
  useAccountChange((links: ApiInput<'saveSocialLinks'>['links']) => api('saveSocialLinks', { links }));

/** A pro's own price, one of the tiers, in dollars (0 is free), and whether they re-check later versions for free. */
export const useSetOwnPrice = () => useAccountChange((input: { price: number; freeRechecks: boolean }) => api('setOwnPrice', input));

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
