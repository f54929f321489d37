import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { UNCLAIMED_UPLOAD_TAG, UPLOADS_PREFIX } from '../../shared/constants.js';

export interface MediaProps {
  readonly logsBucket: s3.IBucket;
  /** Origin of the web app (`https://<domain>`), the only origin allowed to use presigned URLs from a page. */
  readonly appOrigin: string;
}

/**
 * The private media bucket, reached only through presigned URLs issued by the API: browsers upload under
 * `uploads/`, processed audio lives under `audio/`.
 */
export class Media extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/media/',
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.POST, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Accept-Ranges'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          // Browser uploads are processed within minutes and then removed; what remains was never processed.
          id: 'ExpireUploads',
          prefix: UPLOADS_PREFIX,
          expiration: Duration.days(UNCLAIMED_UPLOAD_TAG.expireAfterDays),
        },
        {
          // Processed audio that never became a track's (deleted while processing, or never registered).
          id: 'ExpireUnclaimedUploads',
          tagFilters: { [UNCLAIMED_UPLOAD_TAG.key]: UNCLAIMED_UPLOAD_TAG.value },
          expiration: Duration.days(UNCLAIMED_UPLOAD_TAG.expireAfterDays),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
