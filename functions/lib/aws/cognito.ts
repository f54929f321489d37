/** The Cognito user pool's admin API. */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.js';
import { base, lazy } from './options.js';
import { traced } from '../observability.js';

export const cognito = lazy(() => traced(new CognitoIdentityProviderClient(base(config.endpoint('cognitoEndpoint')))));
