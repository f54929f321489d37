/** Amplify's MFA preference on its own, so that only an admin's session check loads it (see auth.tsx). */
export { fetchMFAPreference } from 'aws-amplify/auth';
