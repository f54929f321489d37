/** Test users made through the real sign-up path of the local user pool, and their ID tokens. */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
  AdminConfirmSignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StackInfo } from './global-setup.js';

export const TEST_PASSWORD = 'test-pass-123';

const clients = new Map<string, CognitoIdentityProviderClient>();
export function cognitoClient(stack: StackInfo) {
  if (!clients.has(stack.cognitoEndpoint)) {
    clients.set(
      stack.cognitoEndpoint,
      new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
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
}

export async function signIn(stack: StackInfo, email: string, password: string): Promise<string> {
  const res = await cognitoClient(stack).send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return res.AuthenticationResult!.IdToken!;
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
  opts: { fullName?: string; username?: string; admin?: boolean; prefix?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(opts.prefix);
  const fullName = opts.fullName ?? 'Test User';
  const client = cognitoClient(stack);
  await signUp(stack, { email, name: fullName, username: opts.username });
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }));
  if (opts.admin) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'admin' }));
  }
  return { email, password: TEST_PASSWORD, fullName, idToken: await signIn(stack, email, TEST_PASSWORD) };
}
