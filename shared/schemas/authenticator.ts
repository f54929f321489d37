/** An admin's authenticator (TOTP), set up, replaced and removed through the API (functions/people/authenticator.ts). */
import * as z from 'zod/mini';

/**
 * The session's Cognito access token, which the server uses for the account's own calls (setting up a
 * key can only be done with it): a JWT, three base64url parts.
 */
const accessTokenField = z
  .string({ error: 'accessToken is required' })
  .check(
    z.maxLength(8192, 'accessToken is too long'),
    z.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "accessToken must be the session's access token"),
  );

export const startAuthenticatorInput = z.strictObject({ accessToken: accessTokenField });
/** The new key, base32, for the QR code and for typing into the app by hand. */
export const authenticatorKey = z.object({ secret: z.string() });

export const confirmAuthenticatorInput = z.strictObject({
  accessToken: accessTokenField,
  code: z.string({ error: 'Enter the 6-digit code' }).check(z.regex(/^\d{6}$/, 'The code is 6 digits')),
});

/**
 * The account's authenticator: whether TOTP is on in the user pool, and when the API recorded its set-up
 * (null: none recorded; a sign-in counts for admin rights only from the next whole second after it).
 */
export const authenticatorView = z.object({ totpOn: z.boolean(), enrolledAt: z.nullable(z.string()) });
export type AuthenticatorView = z.infer<typeof authenticatorView>;
