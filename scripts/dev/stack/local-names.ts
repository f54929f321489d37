/**
 * The local stack's fixed names and made-up secrets: what its parts and the tests that call into it must
 * agree on, in a module light enough for any test file to import (stack.ts itself loads every emulator).
 */

export const TABLE_NAME = 'snip';
export const MEDIA_BUCKET = 'snip-media';
/** Profile photos and covers: the web server serves its `images/` objects under /images/, as CloudFront does. */
export const IMAGES_BUCKET = 'snip-images';
export const MAIL_FROM = 'no-reply@snip.local';

/** Fixed, so impersonations survive a restart of the local stack, as they survive a deploy in AWS. */
export const LOCAL_IMPERSONATION_KEY = 'local-impersonation-key-0123456789abcdef0123456789abcdef';

/**
 * The receipt key the local KMS holds (functions/providers/receipt-signer.ts signs with it through KMS's API,
 * as in AWS): an ECDSA P-256 key made up for the local stack, fixed so that receipts still check after a
 * restart, and meaningless anywhere else.
 */
export const LOCAL_RECEIPT_KEY_ID = '5e1f0c2a-7d3b-4e8a-9c61-0b5a2f4d8e17';
export const LOCAL_RECEIPT_KEY = [
  '-----BEGIN PRIVATE KEY-----',
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQfMRG6VWcZ0DKRex',
  'J+J9ZVRwYpHgInBIc7ppn4QGbKShRANCAAR/UVDCo7No1SEb8fClDknQULPMkeNS',
  'Ju2BPWJw7CJ7O7h1RWqxCCLu5H2EEjkHPuaQ5XH+hEJAxvxfoWEoe1JS',
  '-----END PRIVATE KEY-----',
].join('\n');

/**
 * The payment stand-ins' credentials: made up, known to both sides, and meaningless anywhere else. In AWS
 * the real ones live in Secrets Manager under the same keys.
 */
export const LOCAL_PAYMENT_SECRETS = {
  paypalClientId: 'local-paypal-client',
  paypalClientSecret: 'local-paypal-secret',
  paypalWebhookId: 'WH-LOCAL-SNIP',
  stripeSecretKey: 'sk_test_local_snip',
  stripeWebhookSecret: 'whsec_local_snip',
} as const;
