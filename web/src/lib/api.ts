import { fetchAuthSession } from 'aws-amplify/auth';
import { createApiClient } from './api-client';
import { getRuntimeConfig } from './runtime-config';

export type { ApiInput, ApiOutput } from './api-client';
export { ApiError } from './api-client';

/** The app's API client: the route table's routes, called with the signed-in user's Cognito ID token. */
export const api = createApiClient({
  baseUrl: () => getRuntimeConfig().apiUrl,
  getToken: async () => {
    try {
      const session = await fetchAuthSession();
      return session.tokens?.idToken?.toString();
    } catch {
      return undefined;
    }
  },
});
