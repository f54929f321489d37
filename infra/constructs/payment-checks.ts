import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import { grantTable } from '../table-grants.js';
import type { Mail } from './mail.js';

export interface PaymentChecksProps {
  readonly data: Data;
  readonly mail: Mail;
  readonly paymentsSecret: secretsmanager.ISecret;
  /** STAGE, TABLE_NAME, APP_URL, MAIL_FROM, PAYPAL_API_URL. */
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
}

/**
 * Paid requests kept honest: an EventBridge rule runs functions/jobs/payment-checks.ts every minute, which
 * captures approved orders whose browser never came back, finishes interrupted refunds, and expires and
 * refunds paid requests past their deadline (functions/domain/payments.ts).
 */
export class PaymentChecks extends Construct {
  readonly function: lambda.Function;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: PaymentChecksProps) {
    super(scope, id);
    this.function = createAppFunction(this, 'Function', {
      entry: 'functions/jobs/payment-checks.ts',
      description: 'Payment checks: captures, refunds and expiries of paid feedback requests (every minute)',
      environment: { ...props.environment, PAYMENTS_SECRET_ARN: props.paymentsSecret.secretArn },
      // Shorter than the schedule's period; every step is conditional, so an overlap is harmless anyway.
      timeout: Duration.seconds(50),
      memorySize: 256,
      codeMode: props.codeMode,
    });
    // Payments due and the money they move (infra/table-grants.ts).
    grantTable(this.function, props.data);
    props.paymentsSecret.grantRead(this.function);
    props.mail.grantSend(this.function);

    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Runs the payment checks every minute',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0, maxEventAge: Duration.minutes(1) })],
    });
  }
}
