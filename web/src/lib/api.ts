import { fetchAuthSession } from 'aws-amplify/auth';
import { createApiClient } from './api-client';
import { getRuntimeConfig } from './runtime-config';

export type { ApiInput, ApiOutput } from './api-client';
export { ApiError } from './api-client';

/** The signed-in user's Cognito ID token (refreshed by Amplify when it has expired), if any. */
export async function getIdToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/** The app's API client: the route table's routes, called with the signed-in user's Cognito ID token. */
export const api = createApiClient({
  baseUrl: () => getRuntimeConfig().apiUrl,
  getToken: getIdToken,
});
