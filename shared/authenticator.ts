/**
 * How long after receiving an authenticator's `enrolledAt` to wait before signing in with the new key:
 * Cognito's auth_time is in whole seconds, and a sign-in counts only from the whole second after the
 * set-up (functions/people/admin-mfa.ts). Apart from the schemas, so that the sign-in page carries no zod.
 */
export const signInWaitMs = (enrolledAt: string) => (1000 - (Date.parse(enrolledAt) % 1000)) % 1000;
