import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { MinuteJob, type MinuteJobProps } from './minute-job.js';

/** STAGE, TABLE_NAME, APP_URL, API_URL, MAIL_FROM, PAYPAL_API_URL in `environment`. */
export interface PaymentChecksProps extends Omit<MinuteJobProps, 'entry' | 'description' | 'schedule'> {
  readonly paymentsSecret: secretsmanager.ISecret;
}

/**
 * Paid requests kept honest: functions/jobs/payment-checks.ts runs every minute and captures approved
 * orders whose browser never came back, finishes interrupted refunds, and expires and refunds paid
 * requests past their deadline (functions/money/payment-checks.ts), moving the money of payments due.
 */
export class PaymentChecks extends MinuteJob {
  constructor(scope: Construct, id: string, props: PaymentChecksProps) {
    super(scope, id, {
      ...props,
      entry: 'functions/jobs/payment-checks.ts',
      description: 'Payment checks: captures, refunds and expiries of paid feedback requests (every minute)',
      schedule: 'Runs the payment checks every minute',
      environment: { ...props.environment, PAYMENTS_SECRET_ARN: props.paymentsSecret.secretArn },
    });
    props.paymentsSecret.grantRead(this.function);
  }
}
