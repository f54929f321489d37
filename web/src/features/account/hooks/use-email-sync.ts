import { useEffect, useRef } from 'react';
import { api } from '@/lib/api';
import { useAuth, useMe, useSetMe } from '@/lib/auth';

/**
 * A new address confirmed with Cognito whose page closed before the record took it: the next session's
 * token carries the new address, so the record is asked to take it then (POST /users/me/email reads the
 * directory, never the token). Not while an admin acts as someone: the token is the admin's.
 */
export function useEmailSync(impersonating: boolean) {
  const { email } = useAuth();
  const { data: me } = useMe();
  const setMe = useSetMe();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (impersonating || !email || !me || email.toLowerCase() === me.email.toLowerCase() || asked.current === email) return;
    asked.current = email;
    api('takeConfirmedEmail')
      .then(setMe)
      .catch(() => {
        // Tried again at the next page load.
      });
  }, [impersonating, email, me, setMe]);
}
