import { Duration, Size, Validations, type CfnElement, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { UPLOADS_PREFIX } from '../../shared/constants.js';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';

/** Where processed audio lives (functions/domain/tracks.ts audioKeyFor). */
const AUDIO_PREFIX = 'audio/';

export interface ProcessingProps {
  readonly data: Data;
  readonly mediaBucket: s3.Bucket;
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
}

/**
 * The audio processing function, off the request path: S3 invokes it for every object created under
 * `uploads/`. Sized for a 200 MB, 4-hour file: memory (and with it CPU) for decoding, the longest timeout,
 * ephemeral storage for the downloaded file. Lambda retries a failed event twice, then parks it in a
 * dead-letter queue; the track itself is shown failed once its processing deadline has passed.
 */
export class Processing extends Construct {
  readonly fn: lambda.Function;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: ProcessingProps) {
    super(scope, id);
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the processing function.',
    });

    this.fn = createAppFunction(this, 'Function', {
      entry: 'functions/jobs/process-audio.ts',
      description: 'Verifies, measures and draws the waveform of uploaded audio',
      environment: props.environment,
      codeMode: props.codeMode,
      memorySize: 3008,
      timeout: Duration.minutes(15),
      ephemeralStorageSize: Size.mebibytes(1024),
      retryAttempts: 2,
      deadLetterQueue: this.deadLetters,
    });

    const bucket = props.mediaBucket;
    // Only this function writes processed audio: it reads the upload and stores what it verified under audio/.
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [bucket.arnForObjects(`${UPLOADS_PREFIX}*`)] }),
    );
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${AUDIO_PREFIX}*`)],
      }),
    );
    // A HEAD of a missing key answers 404 (not 403) only with ListBucket.
    this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], resources: [props.data.table.tableArn] }),
    );
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(this.fn).acknowledge(
      ...[UPLOADS_PREFIX, AUDIO_PREFIX].map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
        reason: 'Object keys are made per user and per upload, so they are known only when the upload arrives.',
      })),
    );

    bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.fn), { prefix: UPLOADS_PREFIX });
    // CDK's own singleton function that writes the bucket's notification configuration at deploy time.
    const notificationsHandler = Stack.of(this).node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
    if (notificationsHandler) {
      Validations.of(notificationsHandler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK\'s deploy-time handler that sets the bucket notification; the managed role only lets it write its own logs.',
      });
    }
  }
}
