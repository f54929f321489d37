import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** Keys of the payment secret's JSON value, set by the operator (docs/deploy.md). */
export const PAYMENT_SECRET_KEYS = [
  'stripeSecretKey',
  'stripeWebhookSecret',
  'paypalClientId',
  'paypalClientSecret',
  'paypalWebhookId',
] as const;

/**
 * Payment provider credentials (Stripe, PayPal). The stack creates the secret with a random placeholder;
 * the operator puts the real JSON value with `aws secretsmanager put-secret-value`. No value is in the
 * repository or the template.
 */
export class Secrets extends Construct {
  readonly payments: secretsmanager.Secret;
  /** Signs admins' impersonation tokens (functions/lib/impersonation-token.ts); generated, never typed. */
  readonly impersonation: secretsmanager.Secret;
  /** Signs paid reviews' receipts (functions/providers/receipt-signer.ts): its private half never leaves KMS. */
  readonly receipts: kms.Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.payments = new secretsmanager.Secret(this, 'Payments', {
      description: `Payment provider credentials, a JSON object with keys ${PAYMENT_SECRET_KEYS.join(', ')}`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: 'placeholder',
        excludePunctuation: true,
      },
      // Kept when the stack is deleted, so that live payment credentials never vanish with it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.payments).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: "Third-party API keys (Stripe, PayPal) are rotated in the providers' dashboards, not by a Lambda.",
    });

    this.receipts = new kms.Key(this, 'Receipts', {
      description: "Signs paid reviews' receipts (ECDSA P-256)",
      keySpec: kms.KeySpec.ECC_NIST_P256,
      keyUsage: kms.KeyUsage.SIGN_VERIFY,
      // Receipts already given stay checkable only with this key: it outlives the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.impersonation = new secretsmanager.Secret(this, 'Impersonation', {
      description: "Key that signs admins' impersonation tokens (at most one hour each)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.impersonation).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating is a put-secret-value of a new random string: it only ends the impersonations in progress. No rotation Lambda is needed for that.',
    });
  }
}
