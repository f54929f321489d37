/**
 * Runtime configuration, read from the environment on first use (never at import, so that the route
 * table and CDK can import handler modules without a configured environment).
 * The variable names are the contract between infra/ (which sets them on every Lambda) and scripts/dev.
 */
export const ENV = {
  stage: 'STAGE', // 'aws' | 'local'
  region: 'AWS_REGION',
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  mediaBucket: 'MEDIA_BUCKET',
  /** The public images bucket (profile photos and covers), served under /images/ by the CDN. */
  imagesBucket: 'IMAGES_BUCKET',
  appUrl: 'APP_URL',
  /** The API's base URL, where a mail provider's one-click unsubscribe posts (people/mail-preferences.ts). */
  apiUrl: 'API_URL',
  mailFrom: 'MAIL_FROM',
  /** The uploads queue, where processing puts back an upload whose owner holds their share of the runs. */
  uploadsQueueUrl: 'UPLOADS_QUEUE_URL',
  /** Base URL of the WebSocket management API (POST @connections/{id}). */
  realtimeEndpoint: 'REALTIME_ENDPOINT',
  /** PayPal's REST API: https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or the local stand-in. */
  paypalApiUrl: 'PAYPAL_API_URL',
  /** Local mode only: the Stripe stand-in (in AWS the SDK's own default, api.stripe.com). */
  stripeApiUrl: 'STRIPE_API_URL',
  // Local mode only: endpoints of the emulators.
  dynamoEndpoint: 'DYNAMODB_ENDPOINT',
  cognitoEndpoint: 'COGNITO_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  sesEndpoint: 'SES_ENDPOINT',
  sqsEndpoint: 'SQS_ENDPOINT',
  kmsEndpoint: 'KMS_ENDPOINT',
  /** How long a DynamoDB call may go unanswered before the SDK gives up on it and tries again (ms; default 10 s). */
  dynamoTimeoutMs: 'DYNAMODB_TIMEOUT_MS',
  /** How long a call to PayPal may go unanswered before it counts as failed (ms; default 15 s). */
  paypalTimeoutMs: 'PAYPAL_TIMEOUT_MS',
  /** How long a call to Stripe may go unanswered before the SDK tries it again (ms; default 15 s). */
  stripeTimeoutMs: 'STRIPE_TIMEOUT_MS',
} as const;

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** Settings every deployed function is given; read on use, each a clear error where it is missing. */
const REQUIRED = [
  'tableName',
  'userPoolId',
  'userPoolClientId',
  'mediaBucket',
  'imagesBucket',
  'appUrl',
  'mailFrom',
  'uploadsQueueUrl',
  'realtimeEndpoint',
  'paypalApiUrl',
] as const;

/** How long each provider's call may go unanswered (ms), where the environment does not say. */
const TIMEOUTS_MS = { dynamoTimeoutMs: 10_000, paypalTimeoutMs: 15_000, stripeTimeoutMs: 15_000 } as const;

const settings = {
  get isLocal() {
    return process.env[ENV.stage] === 'local';
  },
  get region() {
    return process.env[ENV.region] ?? 'us-east-1';
  },
  /** Undefined where no e-mail is sent: its e-mails then carry the app's unsubscribe page only. */
  get apiUrl(): string | undefined {
    return process.env[ENV.apiUrl] || undefined;
  },
  endpoint(name: 'dynamoEndpoint' | 'cognitoEndpoint' | 's3Endpoint' | 'sesEndpoint' | 'sqsEndpoint' | 'kmsEndpoint'): string | undefined {
    return process.env[ENV[name]] || undefined;
  },
};
for (const key of REQUIRED) Object.defineProperty(settings, key, { get: () => required(ENV[key]), enumerable: true });
// A call with no answer is given up and tried again (the SDK's retries) well before the function's own
// timeout, rather than holding the request until it ends.
for (const [key, fallback] of Object.entries(TIMEOUTS_MS)) {
  Object.defineProperty(settings, key, {
    get: () => Number(process.env[ENV[key as keyof typeof TIMEOUTS_MS]]) || fallback,
    enumerable: true,
  });
}

export const config = settings as typeof settings &
  Readonly<Record<(typeof REQUIRED)[number], string> & Record<keyof typeof TIMEOUTS_MS, number>>;
