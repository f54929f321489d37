import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import { grantTable } from './table-grant.js';
import type { Mail } from './mail.js';

export interface MinuteJobProps {
  /** The handler's file, e.g. functions/jobs/comment-digest.ts. */
  readonly entry: string;
  readonly description: string;
  /** The rule's description. */
  readonly schedule: string;
  readonly environment: Record<string, string>;
  readonly data: Data;
  readonly mail: Mail;
  readonly codeMode: LambdaCodeMode;
}

/**
 * A job an EventBridge rule runs every minute: its function, which may read and write the table (as
 * infra/table-grants.ts grants it) and send e-mail, and the rule.
 */
export class MinuteJob extends Construct {
  readonly function: lambda.Function;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: MinuteJobProps) {
    super(scope, id);
    this.function = createAppFunction(this, 'Function', {
      entry: props.entry,
      description: props.description,
      environment: props.environment,
      // Shorter than the schedule's period, so runs rarely overlap (each job's steps are claimed or conditional anyway).
      timeout: Duration.seconds(50),
      memorySize: 256,
      codeMode: props.codeMode,
    });
    grantTable(this.function, props.data);
    props.mail.grantSend(this.function);

    this.rule = new events.Rule(this, 'Schedule', {
      description: props.schedule,
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // A missed run is made up by the next one: no retries piling up behind it.
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0, maxEventAge: Duration.minutes(1) })],
    });
  }
}
