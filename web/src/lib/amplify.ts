import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from './runtime-config';

// The session's own calls, loaded with the configuration (amplify-ready.ts).
export { fetchAuthSession, signOut } from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

/** Points Amplify Auth at the user pool: Cognito in AWS, cognito-local on a developer's machine. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  if (config.mode === 'local' && config.userPoolEndpoint) {
    // cognito-local has no GetTokensFromRefreshToken, which Amplify's own refresher calls.
    // Loaded at the first refresh: no page in AWS carries it.
    const options = { endpoint: config.userPoolEndpoint, clientId: config.userPoolClientId };
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(async (args) => {
      const { createLocalTokenRefresher } = await import('./token-refresher');
      return createLocalTokenRefresher(options)(args);
    });
  }
}
