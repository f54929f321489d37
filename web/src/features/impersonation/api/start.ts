import { api } from '@/lib/api';
import { readSession } from '@/lib/auth';
import { beginImpersonation } from '@/features/impersonation/state';

/**
 * 'Impersonate': asks the API for a token acting as the user (at most an hour long), keeps it with the
 * admin it belongs to, and opens the user's dashboard in a fresh page (the promise resolves as the page
 * starts leaving); rejects with the API's error, or when the admin's own session is gone.
 */
export async function startImpersonation(userId: string): Promise<void> {
  const session = await readSession();
  if (session.status !== 'signedIn' || !session.sub) throw new Error('Your session has ended. Sign in again to impersonate.');
  const { token, expiresAt, user } = await api('impersonate', { userId });
  beginImpersonation({ token, expiresAt, user, adminSub: session.sub });
}
