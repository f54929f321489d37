import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from './runtime-config';
import { createLocalTokenRefresher } from './token-refresher';

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
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      createLocalTokenRefresher({ endpoint: config.userPoolEndpoint, clientId: config.userPoolClientId }),
    );
  }
}
