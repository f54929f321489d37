/** Test users made through the real sign-up path of the local user pool, and their ID tokens. */
import { createSign, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  AdminConfirmSignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/constants.js';
import { signInWaitMs } from '../../shared/authenticator.js';
import { callRoute } from './api.js';
import { DEMO_USERS } from '../../scripts/seed/demo-users.js';
import type { StackInfo } from './global-setup.js';
import { totpCode } from './totp.js';

export const TEST_PASSWORD = 'test-pass-123';

const clients = new Map<string, CognitoIdentityProviderClient>();
export function cognitoClient(stack: StackInfo) {
  if (!clients.has(stack.cognitoEndpoint)) {
    clients.set(
      stack.cognitoEndpoint,
      new CognitoIdentityProviderClient({
        endpoint: stack.cognitoEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
  }
  return clients.get(stack.cognitoEndpoint)!;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  idToken: string;
  /** The authenticator key of an admin (TOTP is set up for every test admin). */
  totpSecret?: string;
}

/** Authenticator keys this test process knows, by e-mail: the demo admin's fixed one and those it set up. */
const totpSecrets = new Map<string, string>(DEMO_USERS.flatMap((u) => (u.totpSecret ? [[u.email, u.totpSecret] as const] : [])));
export const totpSecretOf = (email: string) => totpSecrets.get(email.toLowerCase());

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const isAdminToken = (idToken: string) => {
  const groups = claimsOf(idToken)['cognito:groups'];
  return Array.isArray(groups) && groups.includes(ADMIN_GROUP);
};

const initiateAuth = (stack: StackInfo, AuthFlow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', AuthParameters: Record<string, string>) =>
  cognitoClient(stack).send(new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow, AuthParameters }));

/** The password step alone: tokens, or the pool's TOTP challenge. */
export const passwordSignIn = (stack: StackInfo, email: string, password: string) =>
  initiateAuth(stack, 'USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD: password });

/** New tokens for a session, as the app's client refreshes them. */
export const refreshSession = (stack: StackInfo, refreshToken: string) =>
  initiateAuth(stack, 'REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken });

/** Answers a SOFTWARE_TOKEN_MFA challenge with a code of the key. */
export async function answerTotpChallenge(
  stack: StackInfo,
  challenge: { Session?: string; ChallengeParameters?: Record<string, string> },
  email: string,
  secret: string,
) {
  const res = await cognitoClient(stack).send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USER_ID_FOR_SRP ?? email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
    }),
  );
  return res.AuthenticationResult!;
}

/**
 * Sets up TOTP for a signed-in admin as the admin login does, through the API (a new key, then its first
 * code: the API records the set-up and signs every session out), and returns the key once a sign-in
 * with it counts (from the whole second after the set-up); the test process remembers it for later
 * sign-ins.
 */
export async function setUpTotp(
  stack: StackInfo,
  email: string,
  tokens: Pick<AuthenticationResultType, 'IdToken' | 'AccessToken'>,
): Promise<string> {
  const accessToken = tokens.AccessToken!;
  const started = await callRoute(stack.apiUrl, 'startAuthenticatorSetup', { accessToken }, tokens.IdToken);
  if (started.status !== 200) throw new Error(`startAuthenticatorSetup answered ${started.status}: ${JSON.stringify(started.body)}`);
  const secret = started.body.secret as string;
  const done = await callRoute(stack.apiUrl, 'confirmAuthenticator', { accessToken, code: totpCode(secret) }, tokens.IdToken);
  if (done.status !== 200) throw new Error(`confirmAuthenticator answered ${done.status}: ${JSON.stringify(done.body)}`);
  totpSecrets.set(email.toLowerCase(), secret);
  await new Promise((r) => setTimeout(r, signInWaitMs(done.body.enrolledAt)));
  return secret;
}

/**
 * Signs in as the app does: the password, then the code when TOTP is on; an admin without TOTP sets it
 * up first and signs in again with a code, so admin tokens always come from an MFA sign-in. With
 * `{ mfa: false }` the tokens of the password step are returned as they are (no setup).
 */
export async function signInTokens(
  stack: StackInfo,
  email: string,
  password: string,
  opts: { mfa?: boolean } = {},
): Promise<AuthenticationResultType> {
  const res = await passwordSignIn(stack, email, password);
  if (res.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const secret = totpSecretOf(email);
    if (!secret) throw new Error(`${email} has TOTP on, with a key this test process does not know`);
    return answerTotpChallenge(stack, res, email, secret);
  }
  if (res.ChallengeName) throw new Error(`Unexpected challenge ${res.ChallengeName}`);
  const tokens = res.AuthenticationResult!;
  if (opts.mfa === false || !isAdminToken(tokens.IdToken!)) return tokens;
  await setUpTotp(stack, email, tokens);
  return signInTokens(stack, email, password, opts);
}

export async function signIn(stack: StackInfo, email: string, password: string, opts: { mfa?: boolean } = {}): Promise<string> {
  return (await signInTokens(stack, email, password, opts)).IdToken!;
}

/**
 * TOTP on for an account (set up now if it is not), safe when other test processes do the same at
 * once for a shared account such as the demo admin: the first to verify wins, the others see the challenge.
 */
export async function ensureTotp(stack: StackInfo, email: string, password: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await passwordSignIn(stack, email, password);
    const secret = totpSecretOf(email);
    if (res.ChallengeName === 'SOFTWARE_TOKEN_MFA' && secret) return secret;
    try {
      if (!res.AuthenticationResult) throw new Error(`${email}: no tokens and no known key (${res.ChallengeName})`);
      return await setUpTotp(stack, email, res.AuthenticationResult);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Signs a new user up, confirms them (as an operator would) and signs them in. */
/** Signs up as the app does: e-mail, password, and the name and username attributes when given. */
export function signUp(stack: StackInfo, opts: { email: string; password?: string; name?: string; username?: string }) {
  return cognitoClient(stack).send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: opts.email,
      Password: opts.password ?? TEST_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: opts.email },
        ...(opts.name ? [{ Name: 'name', Value: opts.name }] : []),
        ...(opts.username ? [{ Name: 'preferred_username', Value: opts.username }] : []),
      ],
    }),
  );
}

export async function createConfirmedUser(
  stack: StackInfo,
  opts: { fullName?: string; username?: string; admin?: boolean; prefix?: string; /** false: an admin without TOTP. */ mfa?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(opts.prefix);
  const fullName = opts.fullName ?? 'Test User';
  const client = cognitoClient(stack);
  await signUp(stack, { email, name: fullName, username: opts.username });
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }));
  if (opts.admin) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'admin' }));
  }
  // An admin's token comes from a sign-in with TOTP (set up on the way).
  const idToken = await signIn(stack, email, TEST_PASSWORD, { mfa: opts.mfa });
  return { email, password: TEST_PASSWORD, fullName, idToken, totpSecret: totpSecretOf(email) };
}

/**
 * The same token as if its sign-in had happened at `authTime` (epoch seconds): the local pool signs with
 * cognito-local's published key, so a test can make a session as old as it needs without waiting.
 */
export function withAuthTime(token: string, authTime: number): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), auth_time: authTime };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const { pem } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
  return `${header}.${body}.${createSign('RSA-SHA256').update(`${header}.${body}`).sign(pem).toString('base64url')}`;
}
