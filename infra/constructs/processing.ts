import { Duration, Size, Validations, type CfnElement, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PROCESSING_QUEUE, REFERENCES, UPLOADS_PREFIX } from '../../shared/constants.js';
import type { Data } from './data.js';
import { createAppFunction, type LambdaCodeMode } from './function.js';
import { grantTable } from './table-grant.js';

/** Where processed audio lives (functions/tracks/tracks.ts audioKeyFor). */
const AUDIO_PREFIX = 'audio/';

/** The longest a run may take: a 200 MB, 4-hour file with room to spare. */
const FUNCTION_TIMEOUT = Duration.minutes(15);
/**
 * How long a received upload stays hidden: longer than a run (Lambda refuses a shorter one), so no upload
 * runs twice at once; a failed run's upload comes back when it ends. Three receives, 20 minutes apart, all
 * end within the hour after which a track still processing is shown failed (PROCESSING_DEADLINE_MS).
 */
const VISIBILITY_TIMEOUT = Duration.minutes(20);

/** The event source's bounds on maximum concurrency (Lambda's). */
export const MAX_CONCURRENCY_RANGE = { min: 2, max: 1000 } as const;

export interface ProcessingProps {
  readonly data: Data;
  readonly mediaBucket: s3.Bucket;
  readonly environment: Record<string, string>;
  readonly codeMode: LambdaCodeMode;
  /** Processing runs at once at most (default PROCESSING_QUEUE.maxConcurrency; context processingConcurrency). */
  readonly maxConcurrency?: number;
}

/**
 * The audio processing function, off the request path, behind a queue: each object created under
 * `uploads/` is an S3 event notification sent to the uploads queue, which the function reads one message at
 * a time with a bounded maximum concurrency, so that a burst of uploads waits its turn rather than taking
 * the account's concurrency from the API. Sized for a 200 MB, 4-hour file: memory (and with it CPU) for
 * decoding, the longest timeout, ephemeral storage for the downloaded file. A failed run's message comes
 * back after the visibility timeout; after three receives it goes to the dead-letter queue, and the track
 * itself is shown failed once its processing deadline has passed.
 */
export class Processing extends Construct {
  readonly fn: lambda.Function;
  /** Deletes a request's reference tracks once it closes (functions/jobs/reference-cleanup.ts). */
  readonly referenceCleanup: lambda.Function;
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly maxConcurrency: number;

  constructor(scope: Construct, id: string, props: ProcessingProps) {
    super(scope, id);
    this.maxConcurrency = props.maxConcurrency ?? PROCESSING_QUEUE.maxConcurrency;
    const { min, max } = MAX_CONCURRENCY_RANGE;
    if (!Number.isInteger(this.maxConcurrency) || this.maxConcurrency < min || this.maxConcurrency > max) {
      throw new Error(`The processing concurrency must be a whole number from ${min} to ${max}, not ${props.maxConcurrency}`);
    }

    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the uploads queue.',
    });
    // SQS-managed encryption: S3 can send to it (a queue under the AWS managed KMS key refuses S3's events).
    this.queue = new sqs.Queue(this, 'Uploads', {
      visibilityTimeout: VISIBILITY_TIMEOUT,
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: PROCESSING_QUEUE.maxReceiveCount },
    });

    this.fn = createAppFunction(this, 'Function', {
      entry: 'functions/jobs/process-audio.ts',
      description: 'Verifies, measures and draws the waveform of uploaded audio',
      // The queue it puts back an upload whose account holds its share of the runs (tracks/processing-slots.ts).
      environment: { ...props.environment, UPLOADS_QUEUE_URL: this.queue.queueUrl },
      codeMode: props.codeMode,
      memorySize: 3008,
      timeout: FUNCTION_TIMEOUT,
      ephemeralStorageSize: Size.mebibytes(1024),
    });

    // One message per run, so a failure brings back only its own upload.
    new lambda.EventSourceMapping(this, 'QueueSource', {
      target: this.fn,
      eventSourceArn: this.queue.queueArn,
      batchSize: 1,
      maxConcurrency: this.maxConcurrency,
    });
    // What Lambda's event source does with the queue on the function's behalf, and SendMessage: an upload
    // put back to wait its account's turn (not ChangeMessageVisibility). Server-side encryption managed by
    // SQS needs no key permission.
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:SendMessage'],
        resources: [this.queue.queueArn],
      }),
    );

    const bucket = props.mediaBucket;
    // Only this function writes processed audio: it reads the upload and stores what it verified under audio/.
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [bucket.arnForObjects(`${UPLOADS_PREFIX}*`)] }),
    );
    // Reading audio/ is for measuring a track processed before reports (a marker under uploads/ asks for it),
    // and a mix its references are compared with; references/ holds the reference tracks' audio.
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${AUDIO_PREFIX}*`)],
      }),
    );
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${REFERENCES.audioPrefix}*`)],
      }),
    );
    // A HEAD of a missing key answers 404 (not 403) only with ListBucket.
    this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    // Its upload's result and track items only (infra/table-grants.ts).
    grantTable(this.fn, props.data);
    const bucketId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(this.fn).acknowledge(
      ...[UPLOADS_PREFIX, AUDIO_PREFIX, REFERENCES.audioPrefix].map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
        reason: 'Object keys are made per user and per upload, so they are known only when the upload arrives.',
      })),
    );

    bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.SqsDestination(this.queue), { prefix: UPLOADS_PREFIX });
    this.referenceCleanup = this.addReferenceCleanup(props);
    // CDK's own singleton function that writes the bucket's notification configuration at deploy time.
    const notificationsHandler = Stack.of(this).node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
    if (notificationsHandler) {
      Validations.of(notificationsHandler).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's deploy-time handler that sets the bucket notification; the managed role only lets it write its own logs.",
      });
    }
  }

  /**
   * The table's stream, filtered to the changes of requests that were open (their reference tracks go when
   * they close or go): the function deletes the references' items and audio, and nothing else.
   */
  private addReferenceCleanup(props: ProcessingProps): lambda.Function {
    const fn = createAppFunction(this, 'ReferenceCleanup', {
      entry: 'functions/jobs/reference-cleanup.ts',
      description: "Deletes a closed request's reference tracks and their audio",
      environment: props.environment,
      codeMode: props.codeMode,
      timeout: Duration.minutes(1),
    });
    const prefixes = [REFERENCES.uploadPrefix, REFERENCES.audioPrefix];
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: prefixes.map((p) => props.mediaBucket.arnForObjects(`${p}*`)) }),
    );
    grantTable(fn, props.data);
    fn.addEventSource(
      new DynamoEventSource(props.data.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(5),
        retryAttempts: 5,
        bisectBatchOnError: true,
        // A batch that keeps failing is told to the processing dead letters (their alarm), not dropped unseen.
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          lambda.FilterCriteria.filter({
            dynamodb: { OldImage: { entity: { S: ['share'] }, status: { S: lambda.FilterRule.or('pending', 'accepted') } } },
          }),
        ],
      }),
    );
    const bucketId = Stack.of(this).getLogicalId(props.mediaBucket.node.defaultChild as CfnElement);
    Validations.of(fn).acknowledge(
      ...prefixes.map((prefix) => ({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
        reason: "A request's reference keys are made per request and per upload, so they are known only when it closes.",
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          "dynamodb:ListStreams (granted with the stream read) has no resource-level permissions; the stream reads are limited to this table's stream.",
      },
    );
    return fn;
  }
}
