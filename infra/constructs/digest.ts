import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import { grantTable } from '../table-grants.js';
import type { Mail } from './mail.js';

export interface CommentDigestProps {
  readonly data: Data;
  readonly mail: Mail;
  /** STAGE, TABLE_NAME, APP_URL (the e-mails' link), MAIL_FROM. */
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
}

/**
 * Comment e-mails as digests: an EventBridge rule runs functions/jobs/comment-digest.ts every minute, which
 * sends the digests that are due (functions/domain/notifications.ts).
 */
export class CommentDigest extends Construct {
  readonly function: lambda.Function;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: CommentDigestProps) {
    super(scope, id);
    this.function = createAppFunction(this, 'Function', {
      entry: 'functions/jobs/comment-digest.ts',
      description: 'Comment digests: e-mails the comments of each burst once it has gone quiet (every minute)',
      environment: props.environment,
      // Shorter than the schedule's period, so runs rarely overlap (a digest is claimed before it is sent anyway).
      timeout: Duration.seconds(50),
      memorySize: 256,
      codeMode: props.codeMode,
    });
    // Due digests, their shares and recipients (infra/table-grants.ts).
    grantTable(this.function, props.data);
    props.mail.grantSend(this.function);

    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Runs the comment digest job every minute',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      // A missed run is made up by the next one: no retries piling up behind it.
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0, maxEventAge: Duration.minutes(1) })],
    });
  }
}
