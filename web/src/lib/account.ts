import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@shared/schemas/users';
import { useSetMe } from './auth';

/**
 * A change the user makes to their own account (their type, genres, profile, links, price): the API
 * answers with the account as it now is, which replaces the cached one.
 */
export function useAccountChange<I>(change: (input: I) => Promise<UserView>) {
  const setMe = useSetMe();
  return useMutation({ mutationFn: change, onSuccess: setMe });
}
