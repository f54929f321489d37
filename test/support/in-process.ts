/** Lets a test call the functions' own modules in its process, against the test stack's emulators. */
import { ENV } from '../../functions/lib/config.js';
import { IMAGES_BUCKET, LOCAL_IMPERSONATION_KEY, LOCAL_PAYMENT_SECRETS, MAIL_FROM } from '../../scripts/dev/stack/local-names.js';
import { localSecretEnv } from '../../functions/lib/secrets.js';
import type { StackInfo } from './global-setup.js';

export function useStackEnvironment(stack: StackInfo): void {
  Object.assign(process.env, {
    // The functions' log lines through the global console, where a test can read them (Powertools' development mode).
    POWERTOOLS_DEV: 'true',
    [ENV.stage]: 'local',
    [ENV.tableName]: stack.tableName,
    [ENV.mediaBucket]: stack.mediaBucket,
    [ENV.imagesBucket]: IMAGES_BUCKET,
    [ENV.dynamoEndpoint]: stack.dynamoEndpoint,
    [ENV.s3Endpoint]: stack.s3Endpoint,
    [ENV.sesEndpoint]: stack.mailUrl,
    [ENV.appUrl]: stack.appUrl,
    [ENV.mailFrom]: MAIL_FROM,
    [ENV.paypalApiUrl]: stack.paypalUrl,
    [ENV.stripeApiUrl]: stack.stripeUrl,
    ...Object.fromEntries(Object.entries(LOCAL_PAYMENT_SECRETS).map(([k, v]) => [localSecretEnv(k), v])),
    // Receipts are signed through the stack's KMS, with the key it holds.
    RECEIPT_KEY_ID: stack.receiptKeyId,
    [ENV.kmsEndpoint]: stack.kmsEndpoint,
  });
}

/** What a gateway started in this process needs besides: the stack's user pool, and its impersonation key. */
export function useGatewayEnvironment(stack: StackInfo): void {
  useStackEnvironment(stack);
  Object.assign(process.env, {
    [ENV.cognitoEndpoint]: stack.cognitoEndpoint,
    [ENV.userPoolId]: stack.userPoolId,
    [ENV.userPoolClientId]: stack.userPoolClientId,
    IMPERSONATION_KEY: LOCAL_IMPERSONATION_KEY,
  });
}
