/**
 * The payment providers' credentials. In AWS they are one JSON secret in Secrets Manager (keys in
 * infra/constructs/secrets.ts), read once per container on first use; locally scripts/dev puts the
 * stand-ins' values in the environment under the same names, upper-cased.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config.js';

export interface PaymentSecrets {
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  paypalClientId: string;
  paypalClientSecret: string;
  paypalWebhookId: string;
}

const KEYS: (keyof PaymentSecrets)[] = ['stripeSecretKey', 'stripeWebhookSecret', 'paypalClientId', 'paypalClientSecret', 'paypalWebhookId'];
const envName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

let loading: Promise<PaymentSecrets> | undefined;

async function load(): Promise<PaymentSecrets> {
  const arn = process.env.PAYMENTS_SECRET_ARN;
  let values: Record<string, unknown>;
  if (arn) {
    const res = await new SecretsManagerClient({ region: config.region }).send(new GetSecretValueCommand({ SecretId: arn }));
    values = JSON.parse(res.SecretString ?? '{}') as Record<string, unknown>;
  } else {
    values = Object.fromEntries(KEYS.map((k) => [k, process.env[envName(k)]]));
  }
  const out = {} as PaymentSecrets;
  for (const key of KEYS) {
    const v = values[key];
    // Named, never shown: the message must not carry any part of a secret.
    if (typeof v !== 'string' || !v) throw new Error(`The payment secret has no ${key}${arn ? '' : ` (set ${envName(key)})`}`);
    out[key] = v;
  }
  return out;
}

export function paymentSecrets(): Promise<PaymentSecrets> {
  // A failed read is not cached: the next request tries again.
  return (loading ??= load().catch((err) => {
    loading = undefined;
    throw err;
  }));
}

/** The environment variable that holds a secret locally (STRIPE_SECRET_KEY, PAYPAL_CLIENT_ID, ...). */
export const localSecretEnv = envName;
